// Renders docs/type-mapping.md from gen's golden fixtures (packages/gen/test/fixtures/types-*): each fixture's source,
// and for every tool a row per parameter and per nested property: the declaration as written beside the schema that
// gen-tools wrote for it (expected.json, which gen's tests compare with generate()'s output). The doc cannot drift:
// test/docs.test.ts fails when the file differs from this output (`npm run docs` rewrites it).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

type Schema = Record<string, unknown>;
interface ManifestTool {
  name: string;
  description?: string;
  class: string;
  method: string;
  file: string;
  parameters: Schema;
}

interface Section {
  fixture: string;
  title: string;
  intro: string;
}

const sections: Section[] = [
  {
    fixture: 'types-scalars',
    title: 'Scalars, integers, enums, literals and template literals',
    intro:
      '`number` is `number`; `Integer` (from `@toolwright/core`), an `@integer` JSDoc tag and ' +
      '`bigint` are `integer`. ' +
      'String and numeric enums and literal unions become `enum`; template literal types a `pattern`; JSDoc tags ' +
      '(`@minimum`, `@maximum`, `@minLength`, `@pattern`, `@format`, ...) on a parameter, on its type alias, or as ' +
      '`@minimum param value` in the method comment become the same keywords.',
  },
  {
    fixture: 'types-objects',
    title: 'Objects, arrays, tuples, records and unions',
    intro:
      'Interfaces, type literals, classes (their data properties), `extends` and intersections become closed objects ' +
      '(`additionalProperties: false`); property comments become descriptions. Arrays have `items`, `Set<T>` adds ' +
      '`uniqueItems`, tuples use `prefixItems`; `Record<string, T>` and index signatures use `additionalProperties`; ' +
      'unions of objects become `anyOf`; `T | null` adds `null`; `object` and `unknown`/`any` accept any value.',
  },
  {
    fixture: 'types-utility',
    title: 'Utility, mapped and generic types',
    intro:
      '`Partial`, `Required`, `Pick`, `Omit`, `Readonly`, `NonNullable`, `Exclude`, `Extract`, ' +
      'mapped types and generic ' +
      'instantiations are resolved by the type checker, so the schema is the type TypeScript sees.',
  },
  {
    fixture: 'types-recursive',
    title: 'Recursive types',
    intro:
      'A type that refers to itself goes to `$defs` once and is referred to with `$ref`. The Gemini `parameters` ' +
      'renderer inlines such references to a set depth (see the core README).',
  },
  {
    fixture: 'types-revive',
    title: 'Date, URL, bigint, Set and classes: revived before the call',
    intro:
      '`Date` is a `date-time` string and `URL` a `uri` string; `bigint` an integer; `Set<T>` an array with unique ' +
      'items. The manifest records where such values are (`revive`), and the Toolbox turns the JSON values back into ' +
      '`Date`, `URL`, `bigint`, `Set` and class instances before it calls the method.',
  },
  {
    fixture: 'types-dto',
    title: 'class-validator DTOs',
    intro:
      'On a DTO class (legacy `experimentalDecorators`, as class-validator needs) each class-validator decorator ' +
      'becomes the matching schema keyword; the Toolbox also runs class-validator on the DTO instance at call time.',
  },
  {
    fixture: 'types-unsupported',
    title: 'What JSON cannot carry: diagnostics',
    intro:
      'Functions, symbols, `never`, `void`, `Map`, `WeakMap`, `Promise`, typed arrays, `RegExp` and unresolved type ' +
      'parameters are errors at the parameter (exit code 1), printed as `file:line:col: error TWnnnn: message` ' +
      '([codes](../packages/gen/README.md#diagnostics)).',
  },
];

/** A code span that survives a Markdown table: backticks fenced by longer runs, pipes escaped. */
function code(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');
  const longest = Math.max(0, ...(oneLine.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return longest ? `${fence} ${oneLine} ${fence}` : `${fence}${oneLine}${fence}`;
}

/** The schema without what the following rows show (an object's properties, an array's object items). */
function ownPart(schema: Schema): Schema {
  const own: Schema = { ...schema };
  if (isObjectWithProperties(schema)) own.properties = '…';
  const items = schema.items as Schema | undefined;
  if (items && isObjectWithProperties(items)) own.items = { ...ownPart(items) };
  delete own.$defs;
  delete own.$schema;
  return own;
}

function isObjectWithProperties(schema: Schema): boolean {
  return typeof schema.properties === 'object' && schema.properties !== null;
}

/** The text of a declaration as written (comments and decorators included), on one line. */
function declarationText(node: ts.Node): string {
  const text = node.getFullText().trim().replace(/[;,]$/, '');
  return text.replace(/\n\s*\*(?!\/)/g, ' ').replace(/\s+/g, ' ');
}

interface Row {
  path: string;
  source: string;
  schema: Schema;
}

/** Rows for a schema and what it nests: object properties (with their declarations, when the checker finds them). */
function rowsFor(
  path: string,
  source: string,
  schema: Schema,
  type: ts.Type | undefined,
  checker: ts.TypeChecker,
): Row[] {
  const rows: Row[] = [{ path, source, schema: ownPart(schema) }];
  const nest = (itemPath: string, inner: Schema, innerType: ts.Type | undefined) => {
    const properties = inner.properties as Record<string, Schema>;
    for (const [name, propertySchema] of Object.entries(properties)) {
      const symbol = innerType?.getProperty(name);
      const declaration = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
      const propertyType = symbol && declaration ? checker.getTypeOfSymbolAtLocation(symbol, declaration) : undefined;
      rows.push(
        ...rowsFor(
          `${itemPath}.${name}`,
          declaration ? declarationText(declaration) : '',
          propertySchema,
          propertyType,
          checker,
        ),
      );
    }
  };
  const objectType = type?.getNonNullableType();
  if (isObjectWithProperties(schema)) nest(path, schema, objectType);
  const items = schema.items as Schema | undefined;
  if (items && isObjectWithProperties(items)) {
    const element = objectType && checker.getIndexTypeOfType(objectType, ts.IndexKind.Number);
    nest(`${path}[]`, items, element);
  }
  return rows;
}

function table(rows: Row[]): string[] {
  const lines = ['| Path | Declaration | Schema |', '|---|---|---|'];
  for (const row of rows)
    lines.push(`| ${code(row.path)} | ${row.source ? code(row.source) : ''} | ${code(JSON.stringify(row.schema))} |`);
  return lines;
}

function findMethod(file: ts.SourceFile, className: string, methodName: string): ts.MethodDeclaration | undefined {
  for (const statement of file.statements) {
    if (ts.isClassDeclaration(statement) && statement.name?.text === className) {
      return statement.members.find(
        (member): member is ts.MethodDeclaration =>
          ts.isMethodDeclaration(member) && member.name.getText() === methodName,
      );
    }
  }
  return undefined;
}

// Lib and package declaration files are parsed once for all fixtures (most of the time a program takes).
const parsedFiles = new Map<string, ts.SourceFile | undefined>();
function cachingHost(options: ts.CompilerOptions): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError) => {
    if (!fileName.endsWith('.d.ts')) return getSourceFile(fileName, languageVersion, onError);
    const version = typeof languageVersion === 'object' ? languageVersion.languageVersion : languageVersion;
    const key = `${fileName}\0${version}`;
    if (!parsedFiles.has(key)) parsedFiles.set(key, getSourceFile(fileName, languageVersion, onError));
    return parsedFiles.get(key);
  };
  return host;
}

function renderSection(root: string, section: Section): string[] {
  const dir = join(root, 'packages/gen/test/fixtures', section.fixture);
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(dir, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  )!;
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    host: cachingHost(parsed.options),
  });
  const checker = program.getTypeChecker();
  const fixturePath = relative(root, dir).split('\\').join('/');
  const lines = [`## ${section.title}`, '', section.intro, ''];
  lines.push(`Fixture: [\`${fixturePath}\`](../${fixturePath}).`, '');

  for (const fileName of [...parsed.fileNames].sort()) {
    const text = readFileSync(fileName, 'utf8').trimEnd();
    const name = relative(dir, fileName).split('\\').join('/');
    lines.push('<details>', `<summary><code>${name}</code></summary>`, '', '<!-- sample: skip (a gen fixture) -->');
    lines.push('```ts', text, '```', '', '</details>', '');
  }

  const manifestFile = join(dir, 'expected.json');
  if (existsSync(manifestFile)) {
    const tools = (JSON.parse(readFileSync(manifestFile, 'utf8')) as { tools: ManifestTool[] }).tools;
    for (const tool of tools) {
      const source = program.getSourceFile(join(dir, tool.file));
      const method = source && findMethod(source, tool.class, tool.method);
      if (!method) throw new Error(`${section.fixture}: ${tool.class}.${tool.method} not found in ${tool.file}`);
      const properties = (tool.parameters.properties ?? {}) as Record<string, Schema>;
      const rows: Row[] = [];
      for (const parameter of method.parameters) {
        const name = parameter.name.getText();
        const schema = properties[name];
        const text = declarationText(parameter);
        if (!schema) {
          rows.push({ path: name, source: text, schema: { note: 'not in the declaration (ToolContext)' } });
          continue;
        }
        rows.push(...rowsFor(name, text, schema, checker.getTypeAtLocation(parameter), checker));
      }
      for (const [name, schema] of Object.entries((tool.parameters.$defs ?? {}) as Record<string, Schema>)) {
        rows.push(...rowsFor(`$defs.${name}`, '', schema, undefined, checker));
      }
      const required = (tool.parameters.required ?? []) as string[];
      lines.push(`### \`${tool.name}\` (${tool.class}.${tool.method})`, '');
      if (tool.description) lines.push(`Description: ${tool.description.replace(/\s+/g, ' ')}`, '');
      lines.push(`Required: ${required.length ? required.map((name) => `\`${name}\``).join(', ') : 'none'}.`, '');
      lines.push(...table(rows), '');
    }
  }

  const diagnosticsFile = join(dir, 'expected-diagnostics.txt');
  if (existsSync(diagnosticsFile)) {
    lines.push('gen-tools prints:', '', '```text', readFileSync(diagnosticsFile, 'utf8').trimEnd(), '```', '');
  }
  return lines;
}

/** The whole of docs/type-mapping.md. */
export function renderTypeMapping(root: string): string {
  const fixtures = readdirSync(join(root, 'packages/gen/test/fixtures')).filter((name) => name.startsWith('types-'));
  const missing = fixtures.filter((name) => !sections.some((section) => section.fixture === name));
  if (missing.length) throw new Error(`type-mapping doc: no section for the fixtures ${missing.join(', ')}`);
  const lines = [
    '<!-- Generated by scripts/docs/type-mapping.ts from packages/gen/test/fixtures: do not edit; `npm run docs`. -->',
    '',
    '# Type mapping: TypeScript to the schema gen-tools writes',
    '',
    "Every row below comes from a fixture project of gen's golden tests: the parameter or property as written in the " +
      'source, and the JSON Schema (draft 2020-12) that gen-tools wrote into the manifest for it. The tests compare ' +
      "gen-tools' output with these files, and a test compares this page with them, so what you read " +
      'is what gen-tools ' +
      'does. An object row shows its own keywords (`properties: "…"`); the rows under it show each property.',
    '',
    'How the manifest is laid out: [manifest.md](manifest.md). How each target dialect (Gemini `parameters`, ' +
      '`parametersJsonSchema`, OpenAI, Anthropic, MCP) renders these schemas: the ' +
      '[core README](../packages/core/README.md#declarations-and-renderers).',
    '',
    '## Contents',
    '',
    ...sections.map((section) => `- [${section.title}](#${anchor(section.title)})`),
    '',
  ];
  for (const section of sections) lines.push(...renderSection(root, section));
  return `${lines.join('\n').trimEnd()}\n`;
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to dashes. */
export function anchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}
