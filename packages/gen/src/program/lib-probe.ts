// Whether the checker needed a lib file the program was built without, watched in the checker itself rather than
// guessed from the syntax. gen builds its first program without the host libs (the DOM: host-libs.ts) and without the
// ES libs beyond a base (es-libs.ts). Until the checker looks up, in its table of globals, a name that a left-out lib
// declares (resolved or not), lists that table (`typeof globalThis`), or resolves the members of an interface that a
// left-out lib adds to (`ImportMeta`, `Array`, `Error`...), it answers exactly as it would with every lib: so when
// the probe saw none of these once the tools are described, the outputs are the same. When it saw one, the program is
// built again with those libs and the tools described again (read-tools.ts). The probe is also installed on a
// program built with them (`--watch` starts with them after a run that needed them): it then tells whether they still
// are needed.
import { ts } from './typescript.js';

/** What a left-out group of lib files would change: watched by the probe. */
export interface LibWatch {
  /** Names whose lookup tells a need, with the lib file that declares them. */
  lookups: ReadonlyMap<string, string>;
  /** Interfaces of the program that a left-out lib adds members to: their members must not be resolved. */
  augmented: ReadonlyMap<string, string>;
}

/** The groups of lib files gen may leave out. */
export type LibGroup = 'host' | 'es';

type GlobalTable = Map<string, ts.Symbol>;

/** Thrown out of the checker by an armed probe at the first lookup of a name that a left-out group declares. */
const NEEDED = Symbol('a left-out lib file is needed');

/**
 * Watches one checker for what would differ with each group of lib files it watches: installed on a checker just
 * made. `leftOut`: the groups the program was built without (the others it judges, for --watch).
 */
export class LibProbe {
  private readonly looked = new Set<string>();
  private wasListed = false;
  private armed = false;
  private readonly table: GlobalTable | undefined;

  constructor(
    private readonly checker: ts.TypeChecker,
    private readonly groups: Readonly<Partial<Record<LibGroup, LibWatch>>>,
    leftOut: readonly LibGroup[],
  ) {
    // The table of globals is the exports of `globalThis` (the checker's own symbol for it).
    const globalScope = checker.resolveName('globalThis', undefined, ts.SymbolFlags.Module, false);
    const table = globalScope?.exports as GlobalTable | undefined;
    if (!(table instanceof Map)) return;
    this.table = table;
    const watched = new Set(Object.values(groups).flatMap((watch) => [...watch.lookups.keys()]));
    const missing = new Set(leftOut.flatMap((group) => [...(groups[group]?.lookups.keys() ?? [])]));
    const lookup = (method: 'get' | 'has') => (name: string) => {
      if (watched.has(name)) {
        this.looked.add(name);
        // The reading is done again with the lib that declares it: what the checker would answer now is waste.
        if (this.armed && missing.has(name)) throw NEEDED;
      }
      return Map.prototype[method].call(table, name);
    };
    const own = table as unknown as Record<PropertyKey, unknown>;
    own.get = lookup('get');
    own.has = lookup('has');
    const listing = (method: 'forEach' | 'keys' | 'values' | 'entries' | typeof Symbol.iterator) => {
      const original = Map.prototype[method] as (...args: unknown[]) => unknown;
      own[method] = (...args: unknown[]) => {
        this.wasListed = true;
        return original.apply(table, args);
      };
    };
    for (const method of ['forEach', 'keys', 'values', 'entries', Symbol.iterator] as const) listing(method);
    Object.defineProperty(table, 'size', {
      get: () => {
        this.wasListed = true;
        return Reflect.get(Map.prototype, 'size', table) as number;
      },
    });
  }

  /**
   * Runs `read` (questions to the checker), or stops it at the first lookup of a name that a left-out group declares:
   * then undefined, and `reason` tells the need. The checker is left half way through a question, so it must not be
   * asked anything after a stop (the program is built again with that group).
   */
  untilNeeded<T>(read: () => T): T | undefined {
    this.armed = true;
    try {
      return read();
    } catch (error) {
      if (error === NEEDED) return undefined;
      throw error;
    } finally {
      this.armed = false;
    }
  }

  /**
   * Whether the checker listed its globals (`keyof typeof globalThis`, or the suggestions of a diagnostic for a name
   * not found): what it answered then may differ with any group of lib files.
   */
  get listed(): boolean {
    return this.wasListed;
  }

  /**
   * Why the checker's answers so far differ without this group's lib files, told by a name or an interface of its
   * own, or undefined when nothing of its own was touched (see `listed`).
   */
  reason(group: LibGroup): string | undefined {
    const watch = this.groups[group];
    if (!watch) return undefined;
    const table = this.table;
    if (!table) return 'the checker keeps its globals where this cannot watch them';
    const [name] = [...this.looked].filter((looked) => watch.lookups.has(looked)).sort();
    if (name !== undefined) return `names ${name}, which ${watch.lookups.get(name)} declares`;
    for (const [name, fileName] of [...watch.augmented].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const symbol = Map.prototype.get.call(table, name) as ts.Symbol | undefined;
      if (!symbol || !(symbol.flags & ts.SymbolFlags.Interface)) continue;
      const type = this.checker.getDeclaredTypeOfSymbol(symbol) as Partial<ts.InterfaceTypeWithDeclaredMembers>;
      if (type.declaredProperties) return `reads the members of ${name}, which ${fileName} adds to`;
    }
    return undefined;
  }
}
