// Every comment and string of the generated modules is escaped in one place (src/emit/generated-text.ts): whatever a
// file name, the regenerate command or a tool's text holds (line breaks, `*/`, U+2028, quotes), the manifest module
// and the validators module parse to exactly the statements they have for a plain name, and the header stays on
// its lines. The validators module's header once wrote the command unescaped: a line break ran the rest as code.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ts } from 'ts-morph';
import type { ManifestTool } from '@toolwright/core';
import { renderModule } from '../src/emit/render-module.js';
import { renderValidators } from '../src/emit/render-validators.js';

const hostileText = fc.string({
  minLength: 1,
  maxLength: 24,
  unit: fc.oneof(
    fc.constantFrom('*/', '/*', '//', '\n', '\r', '\u2028', '\u2029', "'", '"', '\\', '`', '${', ';', ' ', 'x'),
    fc.string({ minLength: 1, maxLength: 1, unit: 'binary' }),
  ),
});
const fileName = hostileText.filter((name) => !name.includes('/') && !name.includes('\u0000'));

/** The statements' kinds and the comment lines before the first statement. */
function shape(text: string): { kinds: string[]; header: string[] } {
  const file = ts.createSourceFile('/project/src/m.ts', text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  expect((file as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics).toEqual([]);
  const kinds = file.statements.map((statement) => ts.SyntaxKind[statement.kind]!);
  const header = text.slice(0, file.statements[0]!.getStart(file)).split('\n').filter(Boolean);
  return { kinds, header };
}

function modules(name: string, text: string) {
  const tool = {
    name: 'tool',
    description: text,
    class: 'C',
    method: 'm',
    file: `src/${name}.ts`,
    parameters: { type: 'object' as const, properties: { [text]: { type: 'string', description: text } } },
    params: [{ name: 'a', kind: 'value' as const }],
  } as ManifestTool;
  const command = `gen-tools --out 'src/${name}.generated.ts' --validators 'src/${name}.validators.ts'`;
  const manifestModule = renderModule({
    tools: [{ tool, exportName: 'C' }],
    outFile: '/project/src/tools.generated.ts',
    projectDir: '/project',
    extensionStyle: 'js',
    command,
    hash: text,
    validatorsFile: `/project/src/${name}.validators.ts`,
  }).text;
  const validatorsModule = renderValidators({ tools: [tool], command }).text;
  return { manifestModule, validatorsModule };
}

describe('text from outside gen in the generated modules', () => {
  const shapeOf = (text: string) => {
    const plain = modules('plain', text);
    return { manifest: shape(plain.manifestModule), validators: shape(plain.validatorsModule) };
  };
  // A property named `__proto__` is checked by an exact-name pattern (core's validationSchema), so its modules hold a
  // pattern's statements too: its shape is that of a plain file name with that key.
  const plainShapes = { plain: shapeOf('plain'), proto: shapeOf('__proto__') };

  it('never ends a comment or a string early: the modules keep their statements and their header lines', () => {
    fc.assert(
      fc.property(fileName, hostileText, (name, text) => {
        const { manifestModule, validatorsModule } = modules(name, text);
        const plainShape = text === '__proto__' ? plainShapes.proto : plainShapes.plain;
        const manifest = shape(manifestModule);
        const validators = shape(validatorsModule);
        expect(manifest.kinds).toEqual(plainShape.manifest.kinds);
        expect(validators.kinds).toEqual(plainShape.validators.kinds);
        expect(manifest.header.length).toBe(plainShape.manifest.header.length);
        expect(validators.header.length).toBe(plainShape.validators.header.length);
        for (const line of [...manifest.header, ...validators.header]) expect(line).toMatch(/^(\/\/|\/\*.*\*\/$)/);
      }),
      { numRuns: 300, examples: [['\u0001', '__proto__']] },
    );
  });

  it('keeps the command readable: a line break is written as \\u000a in the header', () => {
    const { validatorsModule } = modules('a\nb', 'x');
    expect(validatorsModule.split('\n')[1]).toBe(
      "//   gen-tools --out 'src/a\\u000ab.generated.ts' --validators 'src/a\\u000ab.validators.ts'",
    );
  });
});
