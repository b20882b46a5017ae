// TypeScript's ES lib files beyond ES5 (lib.es2015.core.d.ts ... lib.es2022.string.d.ts) are half of what gen parses
// and binds for a project on ES2022 once the DOM is left out (host-libs.ts), and a project's tools reach few of their
// globals. So the program is first built on a small base (ES5, the decorators, and ES2015's Promise, which an async
// method's type names) and kept only when nothing the checker did for gen could see a difference. That is watched in
// the checker itself, not guessed from the syntax: every lookup in its table of globals is recorded (a name that a
// left-out lib declares, whether it resolved or not, or the table listed), and for each base interface that a
// left-out lib adds members to (Array, String, Error, Promise, ObjectConstructor...), whether the checker resolved
// its members (lib-probe.ts). The checker answers alike in both programs until it does one of those, so when it did
// none, the outputs are the same. Otherwise the program is built again with every ES lib (the parsed files reused)
// and the tools described again (or at once, when a tool's signature names such a global: load-project.ts). An ES
// lib file that the project's files reference (`/// <reference lib>`, as @types/node does) is in the first program
// too; the probe watches its names all the same. ES5's own binary data (ArrayBuffer, DataView, the typed arrays: 133
// of lib.es5.d.ts's 219 KB, which nothing else in it refers to) is left out of the first program with them, its
// names watched alike. TOOLWRIGHT_GEN_ALL_LIBS=1 turns it off.
import { es5BinaryData, esLibGlobals, esLibTypescript } from './es-lib-globals.generated.js';
import type { LibWatch } from './lib-probe.js';
import { ts } from './typescript.js';

/** The lib files every first program is built on, when the project asks for them. */
const BASE = ['lib.es5.d.ts', 'lib.decorators.d.ts', 'lib.decorators.legacy.d.ts', 'lib.es2015.promise.d.ts'];

/**
 * The lib files that may be left out: the ES libs (lib.es2015.core.d.ts, lib.esnext.array.d.ts, ... not the base),
 * and lib.scripthost.d.ts, Windows Script Host's globals (ActiveXObject, WScript...), which the default lib of every
 * target references and no tool is likely to reach.
 */
const mayBeLeftOut = (fileName: string) =>
  /^lib\.(es(\d|next)|scripthost\.)/.test(fileName) && !BASE.includes(fileName);

const words = (text: string) => (text ? text.split(' ') : []);

/** What the first program leaves out, and what the checker must not touch for it to be kept. */
export interface EsLibPlan extends LibWatch {
  /** The `lib` of the first program (the base, and the requested lib files that may not be left out). */
  first: string[];
  leftOut: ReadonlySet<string>;
  /** The part of a base lib file the first program leaves out too (ES5's binary data), by its span in the text. */
  cut?: LibCut | undefined;
}

/** A span of a lib file's text that a program is built without. */
export interface LibCut {
  fileName: string;
  start: number;
  end: number;
}

/**
 * The plan for a project whose requested lib files (host libs left out already) are these, or undefined when no ES lib
 * can be left out (`lib: ["es5"]`, target ES5), a lib file is not one the table knows, or the table was made from
 * another TypeScript than the one running.
 */
export function esLibPlan(requested: readonly string[]): EsLibPlan | undefined {
  if (esLibTypescript !== ts.version) return undefined;
  const closure = (roots: readonly string[]): Set<string> | undefined => {
    const found = new Set<string>();
    const queue = [...roots];
    while (queue.length > 0) {
      const fileName = queue.pop()!;
      if (found.has(fileName)) continue;
      const entry = esLibGlobals[fileName];
      if (!entry) return undefined;
      found.add(fileName);
      queue.push(...words(entry.references));
    }
    return found;
  };
  const all = closure(requested);
  if (!all) return undefined;
  const first = [
    ...BASE.filter((fileName) => all.has(fileName)),
    ...requested.filter((fileName) => !mayBeLeftOut(fileName) && !BASE.includes(fileName)),
  ];
  const present = closure(first);
  if (!present || [...present].some(mayBeLeftOut)) return undefined;
  const leftOut = new Set([...all].filter((fileName) => !present.has(fileName)));
  const presentInterfaces = new Set(
    [...present].flatMap((fileName) => {
      const { interfaces, extended } = esLibGlobals[fileName]!;
      return [...words(interfaces), ...words(extended)];
    }),
  );
  const lookups = new Map<string, string>();
  const augmented = new Map<string, string>();
  for (const fileName of [...leftOut].sort()) {
    const { interfaces, extended, others } = esLibGlobals[fileName]!;
    for (const name of [...words(others), ...words(extended)]) if (!lookups.has(name)) lookups.set(name, fileName);
    for (const name of words(interfaces)) {
      if (!presentInterfaces.has(name)) {
        if (!lookups.has(name)) lookups.set(name, fileName);
      } else if (!augmented.has(name)) augmented.set(name, fileName);
    }
  }
  const binary = es5BinaryData && present.has(es5BinaryData.fileName) ? es5BinaryData : undefined;
  if (binary) for (const name of words(binary.names)) lookups.set(name, binary.fileName);
  for (const name of lookups.keys()) augmented.delete(name);
  if (lookups.size === 0 && augmented.size === 0) return undefined;
  return {
    first: [...new Set(first)],
    leftOut,
    lookups,
    augmented,
    ...(binary ? { cut: { fileName: binary.fileName, start: binary.start, end: binary.end } } : {}),
  };
}
