import { _, Ajv2020 } from 'ajv/dist/2020.js';
import * as standaloneModule from 'ajv/dist/standalone/index.js';
import * as formatsModule from 'ajv-formats';
import type { ManifestTool } from '@toolwright/core';
import {
  argumentListSource,
  directCallSource,
  validationSchema,
  validatorAjvOptions,
} from '@toolwright/core/validator-build';
import { acceptSource, checkerSupport } from '@toolwright/core/validator-build';
import { fullFormats } from '@toolwright/core/validator-runtime';
import { linearRegExp } from '@toolwright/core/linear-regexp';
import { compactValidators } from './compact-validators.js';
import { commentText, doubleQuoted } from './generated-text.js';
import type { RenderedOutput } from './index.js';

type StandaloneCode = (ajv: Ajv2020, refs: Record<string, string>) => string;
const standaloneCode = ((standaloneModule as { default?: unknown }).default ?? standaloneModule) as StandaloneCode;
const addFormats = ((formatsModule as { default?: unknown }).default ?? formatsModule) as (ajv: Ajv2020) => void;

/** Where the code ajv writes reaches a run-time helper, and the name `@toolwright/core/validator-runtime` gives it. */
const HELPERS: Record<string, string> = {
  'ajv/dist/runtime/equal': 'equal',
  'ajv/dist/runtime/ucs2length': 'ucs2length',
  'ajv/dist/runtime/validation_error': 'ValidationError',
  // Patterns on RE2's linear-time engine (core's `code.regExp` for ajv, given below).
  '@toolwright/core/linear-regexp': 'linearRegExp',
};
const HELPER_REFERENCE = /require\("([^"]+)"\)\.default/g;

export interface RenderValidatorsOptions {
  tools: readonly ManifestTool[];
  /** The command that regenerates the module, for its header. */
  command: string;
}

/**
 * The validators module (`gen-tools --validators`): how each tool's arguments are checked with no code made at run
 * time. A tool whose schema core's schema checker takes (every type gen-tools maps) gets a boolean test of validity
 * written here, beside its name in `validators` (as fast as ajv's code and a fraction of its size), and the checker,
 * which makes the tool's validator from the manifest's schema on its first call and reports ajv's errors where the
 * test says no. Any other (a hand-written schema with `not`, `if`, ...) gets ajv's standalone code, compiled now
 * from the schema the Toolbox would compile at run time (`validationSchema`, the same ajv options and formats). All
 * report the same errors. An ES module with imports only (no `require`, no `eval`), so edge runtimes and their
 * bundlers take it.
 */
export function renderValidators(options: RenderValidatorsOptions): RenderedOutput {
  const used = new Set<string>();
  const schemas = options.tools.map((tool) => validationSchema(tool.parameters));
  const support = schemas.map((schema) => checkerSupport(schema));
  const compiled = options.tools.filter((_tool, i) => !support[i]!.supported);
  let code = compiledValidators(compiled, used);
  const checkedIndices = support.flatMap((fit, i) => (fit.supported ? [i] : []));
  const tests = new Map<number, string>();
  if (checkedIndices.length > 0) {
    used.add('schemaChecker');
    const formats = checkedIndices.some((i) => (support[i] as { formats: boolean }).formats);
    if (formats) used.add('fullFormats');
    const accept = acceptSource(
      checkedIndices.map((i) => schemas[i]),
      checkedIndices.map((i) => `accept${i}`),
      fullFormats,
    );
    for (const helper of accept.uses) used.add(helper);
    // The checker makes each tool's validator (for the errors) with the same pattern engine as the accept tests.
    const patterns = accept.uses.has('linearRegExp');
    const checkerArgs = patterns
      ? `${formats ? 'fullFormats' : 'undefined'}, linearRegExp`
      : formats
        ? 'fullFormats'
        : '';
    code = `const checker = schemaChecker(${checkerArgs});\n${accept.shared}\n${code}`;
    for (const [k, toolIndex] of checkedIndices.entries()) {
      tests.set(toolIndex, accept.tests[k]!.replace(/\n(?=.)/g, '\n  '));
    }
  }

  let next = 0;
  // Each test where it is used: an unnamed function, which a bundler that keeps names does not wrap in a call.
  const entries = options.tools.map(
    (tool, i) => `  ${key(tool.name)}: ${tests.has(i) ? `checker.accepting(${tests.get(i)})` : `v${next++}`},`,
  );
  // Constant-name property loads: as fast as the reader the Toolbox would otherwise generate with new Function.
  // Methods, not arrows: a bundler that keeps names (wrangler does) wraps each arrow in a call at load.
  const readers = options.tools.map(
    (tool) => `  ${key(tool.name)}(args) {\n    return ${argumentListSource(tool.params)};\n  },`,
  );
  // The same as the direct call the Toolbox would make with new Function, for each tool that takes no ToolContext.
  const callers = options.tools
    .filter((tool) => !tool.params.some((param) => param.kind === 'context'))
    .map((tool) => `  ${key(tool.name)}(fn, self, args) {\n    return ${directCallSource(tool.params)};\n  },`);
  const runtime = [...used].filter((name) => name !== 'linearRegExp').sort();
  const lines = [
    '// Generated by gen-tools (@toolwright/gen): do not edit. To update, run in the folder of the tsconfig:',
    `//   ${commentText(options.command)}`,
    "// How the tools' arguments are checked with no code made from strings (edge runtimes forbid that): core's",
    "// schema checker, with a boolean test per tool written here, for every schema it takes (it makes a tool's",
    "// validator from the manifest's schema on the tool's first call, for the errors), ajv standalone code compiled at",
    '// build time for the others. All report the same errors.',
    '// @ts-nocheck',
    '/* eslint-disable */',
    '',
    `import type { PrecompiledValidator${checkedIndices.length ? ', SchemaChecker' : ''} } from '@toolwright/core';`,
    ...(runtime.length ? [`import { ${runtime.join(', ')} } from '@toolwright/core/validator-runtime';`] : []),
    // Its own entry: RE2's engine is in a bundle only where some schema has a pattern.
    ...(used.has('linearRegExp') ? ["import { linearRegExp } from '@toolwright/core/linear-regexp';"] : []),
    '',
    code.trimEnd(),
    '',
    '/** The argument checks by tool name, as `ToolManifest.validators` takes them. */',
    `export const validators: Record<string, PrecompiledValidator${checkedIndices.length ? ' | SchemaChecker' : ''}> = {`,
    ...entries,
    '};',
    '',
    "/** Per tool name, the method's arguments read from the validated arguments object, as `ToolManifest.readers` takes them. */",
    'export const readers: Record<string, (args: Record<string, unknown>) => unknown[]> = {',
    ...readers,
    '};',
    '',
    '/** Per tool name, the method called with those arguments passed straight to it, as `ToolManifest.callers` takes them. */',
    'export const callers: Record<string, (fn: (...args: unknown[]) => unknown, self: object, args: Record<string, unknown>) => unknown> = {',
    ...callers,
    '};',
    '',
  ];
  return { text: lines.join('\n'), blocks: [] };
}

/** A tool's name as a key of an object literal: `"__proto__": v` would set the object's prototype instead. */
function key(name: string): string {
  return name === '__proto__' ? `[${doubleQuoted(name)}]` : doubleQuoted(name);
}

/**
 * ajv's standalone code for these tools' validators (`v0`, `v1`, ... in order), compacted, with the run-time helpers
 * it calls added to `used`.
 */
function compiledValidators(tools: readonly ManifestTool[], used: Set<string>): string {
  if (tools.length === 0) return '';
  // `formats`: ajv writes `fullFormats["date-time"]` where a format is used (imported from core below).
  const codeOptions = { source: true, esm: true, lines: true, formats: _`fullFormats`, regExp: linearRegExp };
  const ajv = new Ajv2020({ ...validatorAjvOptions, code: codeOptions });
  addFormats(ajv);
  const refs: Record<string, string> = {};
  tools.forEach((tool, i) => {
    ajv.addSchema(validationSchema(tool.parameters), `v${i}`);
    refs[`v${i}`] = `v${i}`;
  });
  let code = standaloneCode(ajv, refs).replace(/^"use strict";\n?/, '');
  code = code.replace(HELPER_REFERENCE, (_whole, module: string) => {
    const name = HELPERS[module];
    if (!name)
      throw new Error(
        `ajv's standalone code needs ${module}, which @toolwright/core/validator-runtime does not provide`,
      );
    used.add(name);
    return name;
  });
  if (/(^|[^\w$."'\\])require\(/.test(code))
    throw new Error("ajv's standalone code still calls require(): it would not run in a worker");
  if (/\bfullFormats\b/.test(code)) used.add('fullFormats');
  const compact = compactValidators(code);
  for (const helper of compact.uses) used.add(helper);
  return compact.code;
}
