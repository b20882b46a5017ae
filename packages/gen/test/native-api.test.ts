// TypeScript 7's native API (`typescript/unstable/sync`) is marked unstable: it is pinned to one exact version (the dev
// dependency `typescript7`), and this test fails loudly when that version no longer gives what gen needs of it
// (issue 36): JSDoc on the nodes, type flags, literal values, symbol declarations across files, array element and
// index signature types, enum constants, the lib files, and a new snapshot after an edit.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SyntaxKind } from 'typescript7/unstable/ast';
import { API, type Project, type Snapshot, SymbolFlags, TypeFlags } from 'typescript7/unstable/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describe as describeTools, jsDocOf, SchemaWalker, withLibs } from '../scripts/native-api-prototype.js';

const PINNED = '7.0.2';

const shared = `/** Where a parcel goes. */
export interface Address {
  /** Street and number. */
  street: string;
  /** ISO 3166-1 alpha-2 code. @pattern ^[A-Z]{2}$ */
  country?: string;
  extra: Record<string, number>;
}
export enum Priority { Low = 'low', High = 'high' }
export enum Level { Debug, Info = 5 }
`;

const service = `import { Address, Level, Priority } from './shared.js';
declare function tool(): (target: object, key: string) => void;
export class Service {
  /**
   * Moves a customer.
   * @param customerId The customer to update.
   * @param address The new address.
   */
  @tool()
  move(customerId: string, address: Address, priority: Priority = Priority.Low, level?: Level,
       mode: 'soft' | 'hard' = 'soft', tags: string[] = [], at: Date | null = null, big: 10n = 10n,
       flag: true = true) {}
}
`;

let dir: string;
let api: API;
let snapshot: Snapshot;
let project: Project;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tw-native-api-'));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'NodeNext', strict: true, types: [], experimentalDecorators: true },
      include: ['*.ts'],
    }),
  );
  writeFileSync(join(dir, 'shared.ts'), shared);
  writeFileSync(join(dir, 'service.ts'), service);
  api = new API({ cwd: dir });
  snapshot = api.updateSnapshot({ openProjects: [join(dir, 'tsconfig.json')] });
  project = snapshot.getProjects()[0]!;
});

afterAll(() => {
  api?.close();
  rmSync(dir, { recursive: true, force: true });
});

function serviceFile() {
  return project.program.getSourceFile(join(dir, 'service.ts'))!;
}

describe('TypeScript 7 native API, as gen would use it', () => {
  it('is the pinned version, installed and declared exactly', () => {
    const manifest = JSON.parse(readFileSync(join(__dirname, '../package.json'), 'utf8'));
    expect(manifest.devDependencies.typescript7).toBe(`npm:typescript@${PINNED}`);
    const installed = JSON.parse(readFileSync(require.resolve('typescript7/package.json'), 'utf8'));
    expect(installed.version).toBe(PINNED);
  });

  it('gives the JSDoc of a method on its node: summary, @param names and texts', () => {
    const method = findMethod();
    expect(jsDocOf(method)).toEqual({
      text: 'Moves a customer.',
      tags: [
        ['param', 'customerId The customer to update.'],
        ['param', 'address The new address.'],
      ],
    });
  });

  it('resolves a property to its declaration in another file, with its JSDoc and tags', () => {
    const [address] = project.checker.getTypeAtLocation([parameter('address')]);
    const properties = project.checker.getPropertiesOfType(address!);
    expect(properties.map((symbol) => symbol.name)).toEqual(['street', 'country', 'extra']);
    const country = properties[1]!;
    expect(country.flags & SymbolFlags.Optional).toBeTruthy();
    const declaration = country.valueDeclaration!.resolve(project)!;
    expect(declaration.getSourceFile().fileName).toBe(join(dir, 'shared.ts'));
    expect(jsDocOf(declaration)).toEqual({ text: 'ISO 3166-1 alpha-2 code.', tags: [['pattern', '^[A-Z]{2}$']] });
  });

  it('gives type flags, literal values and enum members with their values', () => {
    const { checker } = project;
    const names = ['customerId', 'priority', 'level', 'mode', 'big', 'flag'];
    const [text, priority, level, mode, big, flag] = checker.getTypeAtLocation(names.map(parameter));
    expect(text!.flags & TypeFlags.String).toBeTruthy();
    expect(priority!.flags & TypeFlags.EnumLiteral && priority!.flags & TypeFlags.Union).toBeTruthy();
    expect(valuesOf(priority!)).toEqual(['low', 'high']);
    // An optional parameter's type holds `undefined` (strict), beside the enum's members.
    expect(valuesOf(level!).filter((value) => value !== undefined)).toEqual([0, 5]);
    expect(valuesOf(mode!).sort()).toEqual(['hard', 'soft']);
    expect(big!.flags & TypeFlags.BigIntLiteral).toBeTruthy();
    expect(String((big as unknown as { value: unknown }).value)).toBe('10');
    expect(flag!.flags & TypeFlags.BooleanLiteral).toBeTruthy();
    expect((flag as unknown as { value: unknown }).value).toBe(true);
  });

  it('gives an enum member its constant value', () => {
    const file = project.program.getSourceFile(join(dir, 'shared.ts'))!;
    const level = file.statements.filter((statement) => statement.kind === SyntaxKind.EnumDeclaration)[1]!;
    const members = (level as unknown as { members: readonly import('typescript7/unstable/ast').Node[] }).members;
    expect(members.map((member) => project.checker.getConstantValue(member))).toEqual([0, 5]);
  });

  it('gives array elements, index signatures, Date and null through the walk the prototype does', () => {
    const walker = new SchemaWalker(project.checker, project);
    const [tool] = describeTools([serviceFile()], project.checker, walker);
    expect(tool!.parameters.properties.tags).toEqual({ type: 'array', items: { type: 'string' } });
    expect(tool!.parameters.properties.address).toMatchObject({
      description: 'The new address.',
      properties: { extra: { type: 'object', additionalProperties: { type: 'number' } } },
      required: ['street', 'extra'],
    });
    const at = tool!.parameters.properties.at as { anyOf: object[] };
    expect(at.anyOf).toContainEqual({ type: 'string', format: 'date-time' });
    expect(at.anyOf).toContainEqual({ type: 'null' });
    expect(tool!.parameters.properties.flag).toEqual({ const: true });
    expect(tool!.parameters.properties.mode).toEqual({ enum: expect.arrayContaining(['soft', 'hard']) });
    expect(tool!.parameters.required).toEqual(['customerId', 'address']);
  });

  it('lists the lib files in the program and tells them apart', () => {
    const { program } = project;
    const libs = program.getSourceFileNames().filter((name) => /\/lib\.[^/]*\.d\.ts$/.test(name));
    expect(libs.length).toBeGreaterThan(0);
    expect(program.isSourceFileDefaultLibrary(program.getSourceFile(libs[0]!)!)).toBe(true);
    expect(program.isSourceFileDefaultLibrary(serviceFile())).toBe(false);
  });

  it('opens a project with the lib files a rewritten tsconfig asks for (the DOM lib left out)', () => {
    const isDom = (name: string) => /\/lib\.dom[^/]*\.d\.ts$/.test(name);
    expect(project.program.getSourceFileNames().some(isDom)).toBe(true);
    const tsconfig = join(dir, 'tsconfig.json');
    const lean = new API({ cwd: dir, fs: withLibs(tsconfig, ['es2022']) });
    try {
      const opened = lean.updateSnapshot({ openProjects: [tsconfig] }).getProjects()[0]!;
      const names = opened.program.getSourceFileNames();
      expect(names.some(isDom)).toBe(false);
      expect(names).toContain(join(dir, 'service.ts'));
    } finally {
      lean.close();
    }
  });

  it('sees an edit of one file in the next snapshot', () => {
    const file = join(dir, 'service.ts');
    writeFileSync(file, service.replace('Moves a customer.', 'Moves a customer, edited.'));
    const next = api.updateSnapshot({ fileChanges: { changed: [file] } }).getProjects()[0]!;
    const edited = next.program.getSourceFile(file)!;
    const [tool] = describeTools([edited], next.checker, new SchemaWalker(next.checker, next));
    expect(tool!.description).toBe('Moves a customer, edited.');
  });
});

function findMethod() {
  const file = serviceFile();
  const service = file.statements.find((statement) => statement.kind === SyntaxKind.ClassDeclaration)!;
  const members = (service as unknown as { members: readonly import('typescript7/unstable/ast').Node[] }).members;
  return members.find((member) => member.kind === SyntaxKind.MethodDeclaration)!;
}

function parameter(name: string) {
  const parameters = (findMethod() as unknown as { parameters: readonly { name: { text: string } }[] }).parameters;
  return parameters.find((node) => node.name.text === name) as unknown as import('typescript7/unstable/ast').Node;
}

function valuesOf(type: import('typescript7/unstable/sync').Type): unknown[] {
  const members = (type as unknown as { getTypes(): import('typescript7/unstable/sync').Type[] }).getTypes();
  return members.map((member) => (member as unknown as { value?: unknown }).value);
}
