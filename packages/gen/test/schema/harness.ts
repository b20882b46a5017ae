import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Project, ts } from 'ts-morph';
import type { JsonSchema, Revival } from '@toolwright/core';
import { severityOf, type DiagnosticCode } from '../../src/diagnostic-codes.js';
import { positionOf } from '../../src/diagnostics.js';
import { createSchemaBuilder } from '../../src/schema/index.js';

/** What mapping one parameter type gave. */
export interface Probe {
  schema: JsonSchema;
  revive?: Revival;
  defs?: Record<string, JsonSchema>;
  problems: { severity: 'error' | 'warning'; code: DiagnosticCode; message: string; file: string; line: number }[];
}

// Stubs with the same declarations as the real packages, so that tests run in memory.
const CORE = `export type Integer = number & { readonly __toolwrightInteger?: never };
export interface ToolContext { readonly signal: AbortSignal; readonly toolName: string }
export declare function tool(options?: object): any;`;
const CLASS_VALIDATOR = [
  'IsEmail',
  'IsUUID',
  'IsUrl',
  'IsDateString',
  'IsISO8601',
  'IsInt',
  'IsPositive',
  'IsNegative',
  'IsOptional',
  'IsDefined',
  'IsString',
  'IsNumber',
  'IsBoolean',
  'ValidateNested',
  'IsNotEmpty',
  'ArrayNotEmpty',
  'ArrayUnique',
  'IsAlpha',
  'IsAlphanumeric',
]
  .map((name) => `export declare function ${name}(...args: any[]): PropertyDecorator;`)
  .concat(
    ['Min', 'Max', 'MinLength', 'MaxLength', 'ArrayMinSize', 'ArrayMaxSize'].map(
      (name) => `export declare function ${name}(value: number, options?: { each?: boolean }): PropertyDecorator;`,
    ),
    [
      'export declare function Length(min: number, max?: number, options?: { each?: boolean }): PropertyDecorator;',
      'export declare function IsIn(values: readonly unknown[], options?: { each?: boolean }): PropertyDecorator;',
      'export declare function IsEnum(entity: object, options?: { each?: boolean }): PropertyDecorator;',
      'export declare function Matches(pattern: RegExp | string, modifiers?: string): PropertyDecorator;',
    ],
  )
  .join('\n');
const CLASS_TRANSFORMER = 'export declare function Type(make: () => Function): PropertyDecorator;';

let project: Project | undefined;
let count = 0;

function sharedProject(): Project {
  if (project) return project;
  project = new Project({
    useInMemoryFileSystem: true,
    compilerOptions: {
      strict: true,
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
      module: ts.ModuleKind.ES2022,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      experimentalDecorators: true,
    },
  });
  project.createSourceFile('/node_modules/@toolwright/core/index.d.ts', CORE);
  project.createSourceFile('/node_modules/class-validator/index.d.ts', CLASS_VALIDATOR);
  project.createSourceFile('/node_modules/class-transformer/index.d.ts', CLASS_TRANSFORMER);
  return project;
}

/**
 * Maps the type of `value` in `export function probe(value: <typeText>) {}`, written after `prelude` in a fresh
 * file of an in-memory project. `files` adds more modules (path relative to /src).
 */
export function probe(typeText: string, prelude = '', files: Record<string, string> = {}, typeParameters = ''): Probe {
  const shared = sharedProject();
  const id = count++;
  for (const [name, text] of Object.entries(files))
    shared.createSourceFile(`/src/t${id}/${name}`, text, { overwrite: true });
  const file = shared.createSourceFile(
    `/src/t${id}/probe.ts`,
    `${prelude}\nexport function probe${typeParameters}(value: ${typeText}) {}\n`,
  );
  const parameter = file.getFunctionOrThrow('probe').getParameters()[0]!;
  const problems: Probe['problems'] = [];
  // gen works on the compiler's own objects: ts-morph only builds the program here.
  const builder = createSchemaBuilder({
    projectDir: '/src',
    checker: shared.getTypeChecker().compilerObject,
    report: (node, code, message) => {
      const { file, line } = positionOf(node);
      problems.push({ severity: severityOf(code), code, message, file, line });
    },
  });
  const result = builder.typeSchema(parameter.getType().compilerType, parameter.compilerNode);
  const defs = builder.definitions();
  return {
    schema: result.schema,
    ...(result.revive ? { revive: result.revive } : {}),
    ...(defs ? { defs } : {}),
    problems,
  };
}

/** The messages of `probe(...).problems`. */
export function messages(result: Probe): string[] {
  return result.problems.map((problem) => `${problem.severity}: ${problem.message}`);
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (ajv: Ajv2020) => void)(ajv);

/** Whether `value` is valid against `schema` (with `defs` as its `$defs`), by ajv's draft 2020-12 validator. */
export function accepts(schema: JsonSchema, value: unknown, defs?: Record<string, JsonSchema>): boolean {
  return ajv.validate(defs ? { ...schema, $defs: defs } : schema, value) as boolean;
}
