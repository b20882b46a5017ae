// Issue 36, item 1: the stages of gen that cost most (parse, program, describe) run on TypeScript 7's native API
// (`typescript/unstable/sync`, installed as the dev dependency `typescript7`), to measure what a TypeScript 7 path of
// gen would cost. It is a prototype, not gen: it finds the @tool() methods, asks the checker for their parameter
// types and walks them into JSON Schema the way gen does for the shapes of the bench corpus (primitives, literal
// unions, enums, arrays, objects, index signatures, null, JSDoc descriptions and tags from declarations), then edits
// one file and describes it again as --watch would. It prints its stage times as one JSON line.
// With --timing, it also prints the API's own count of requests, bytes and server time. With --lib, the project
// opens with those lib files only (as gen leaves the DOM lib out), through a tsconfig rewritten in the API's
// file-system callback: the API has no other way to choose them.
//   node --import tsx packages/gen/scripts/native-api-prototype.ts <tsconfig> [--watch-file <file>] [--dump] [--timing]
//     [--lib es2022,...]
import { readFileSync, writeFileSync } from 'node:fs';
import type { FileSystem } from 'typescript7/unstable/fs';
import { resolve } from 'node:path';
import { type Node, type SourceFile, SyntaxKind } from 'typescript7/unstable/ast';
import {
  API,
  type Checker,
  type NodeHandle,
  type Project,
  SymbolFlags,
  type Type,
  TypeFlags,
} from 'typescript7/unstable/sync';

export type Schema = { [key: string]: unknown };

/** A method found with a decorator named `tool` (gen's own discovery also follows imports and aliases). */
interface ToolMethod {
  name: string;
  description: string | undefined;
  parameters: { name: string; optional: boolean; description: string | undefined }[];
  parameterNodes: Node[];
}

/** What the JSDoc comment right above a declaration says, and its tags (name and text). */
export function jsDocOf(node: Node | undefined): { text: string | undefined; tags: [string, string][] } {
  const doc = node?.jsDoc?.at(-1) as { comment?: unknown; tags?: readonly Node[] } | undefined;
  const tags = (doc?.tags ?? []).map((tag): [string, string] => {
    const { tagName, name, comment } = tag as unknown as { tagName: { text: string }; name?: Node; comment?: unknown };
    const text = commentText(comment) ?? '';
    return [tagName.text, name ? `${(name as unknown as { text: string }).text} ${text}`.trim() : text];
  });
  return { text: commentText(doc?.comment), tags };
}

function commentText(comment: unknown): string | undefined {
  if (typeof comment === 'string') return comment;
  if (!Array.isArray(comment)) return undefined;
  return comment.map((part: { text?: string }) => part.text ?? '').join('');
}

export function findToolMethods(file: SourceFile): ToolMethod[] {
  const found: ToolMethod[] = [];
  const visit = (node: Node): void => {
    if (node.kind === SyntaxKind.ClassDeclaration) {
      for (const member of (node as unknown as { members: readonly Node[] }).members) {
        if (member.kind === SyntaxKind.MethodDeclaration && hasToolDecorator(member)) found.push(toolMethod(member));
      }
      return;
    }
    if (node.kind === SyntaxKind.SourceFile || node.kind === SyntaxKind.ModuleBlock) node.forEachChild(visit);
  };
  visit(file);
  return found;
}

function hasToolDecorator(method: Node): boolean {
  const modifiers = (method as unknown as { modifiers?: readonly Node[] }).modifiers ?? [];
  return modifiers.some((modifier) => {
    if (modifier.kind !== SyntaxKind.Decorator) return false;
    const expression = (modifier as unknown as { expression: Node }).expression;
    const callee =
      expression.kind === SyntaxKind.CallExpression
        ? (expression as unknown as { expression: Node }).expression
        : expression;
    return callee.kind === SyntaxKind.Identifier && (callee as unknown as { text: string }).text === 'tool';
  });
}

function toolMethod(method: Node): ToolMethod {
  const { text, tags } = jsDocOf(method);
  const paramDocs = new Map(
    tags.filter(([tag]) => tag === 'param').map(([, rest]) => [rest.split(' ')[0]!, rest.slice(rest.indexOf(' ') + 1)]),
  );
  const nodes = (method as unknown as { parameters: readonly Node[] }).parameters;
  return {
    name: (method as unknown as { name: { text: string } }).name.text,
    description: text,
    parameters: nodes.map((node) => {
      const { name, questionToken, initializer } = node as unknown as {
        name: { text: string };
        questionToken?: Node;
        initializer?: Node;
      };
      return { name: name.text, optional: !!questionToken || !!initializer, description: paramDocs.get(name.text) };
    }),
    parameterNodes: [...nodes],
  };
}

/** Turns checker types into JSON Schema, each type once (the checker's type ids are stable within a snapshot). */
export class SchemaWalker {
  private readonly known = new Map<number, Schema>();
  constructor(
    private readonly checker: Checker,
    private readonly project: Project,
  ) {}

  get typesSeen(): number {
    return this.known.size;
  }

  schema(type: Type | undefined): Schema {
    if (!type) return {};
    const known = this.known.get(type.id);
    if (known) return known;
    const out: Schema = {};
    this.known.set(type.id, out);
    const { flags } = type;
    if (flags & TypeFlags.EnumLiteral && flags & TypeFlags.Union) {
      out.enum = (type as unknown as { getTypes(): Type[] })
        .getTypes()
        .map((member) => (member as unknown as { value: unknown }).value);
    } else if (flags & TypeFlags.String) out.type = 'string';
    else if (flags & TypeFlags.Number) out.type = 'number';
    else if (flags & TypeFlags.Boolean) out.type = 'boolean';
    else if (flags & TypeFlags.Null) out.type = 'null';
    else if (flags & (TypeFlags.StringLiteral | TypeFlags.NumberLiteral))
      out.const = (type as unknown as { value: unknown }).value;
    else if (flags & TypeFlags.BooleanLiteral) out.const = (type as unknown as { value: boolean }).value;
    else if (flags & TypeFlags.Union) this.union(type, out);
    else if (flags & TypeFlags.Object) this.object(type, out);
    return out;
  }

  private union(type: Type, out: Schema): void {
    const members = (type as unknown as { getTypes(): Type[] })
      .getTypes()
      .filter((member) => !(member.flags & TypeFlags.Undefined));
    const literals = members.every((member) => member.flags & (TypeFlags.StringLiteral | TypeFlags.NumberLiteral));
    if (literals) out.enum = members.map((member) => (member as unknown as { value: unknown }).value);
    else if (members.length === 1) Object.assign(out, this.schema(members[0]));
    else out.anyOf = members.map((member) => this.schema(member));
  }

  private object(type: Type, out: Schema): void {
    const { checker } = this;
    if (checker.isArrayType(type)) {
      out.type = 'array';
      out.items = this.schema(checker.getTypeArguments(type as never)[0]);
      return;
    }
    const symbolName = type.getSymbol()?.name;
    if (symbolName === 'Date' || symbolName === 'URL') {
      Object.assign(out, { type: 'string', format: symbolName === 'Date' ? 'date-time' : 'uri' });
      return;
    }
    out.type = 'object';
    const properties: Record<string, Schema> = {};
    const required: string[] = [];
    const symbols = checker.getPropertiesOfType(type);
    const types = symbols.length ? checker.getTypeOfSymbol(symbols) : [];
    symbols.forEach((symbol, index) => {
      const declaration = this.resolve(symbol.valueDeclaration);
      const { text, tags } = jsDocOf(declaration);
      properties[symbol.name] = {
        ...this.schema(types[index]),
        ...(text ? { description: text } : {}),
        ...Object.fromEntries(tags.map(([tag, value]) => [tag, value])),
      };
      if (!(symbol.flags & SymbolFlags.Optional)) required.push(symbol.name);
    });
    out.properties = properties;
    if (required.length) out.required = required;
    const [index] = checker.getIndexInfosOfType(type);
    out.additionalProperties = index ? this.schema(index.valueType) : false;
  }

  private resolve(handle: NodeHandle | undefined): Node | undefined {
    return handle?.resolve(this.project);
  }
}

/** Describes the tools of some files: one batched request for all their parameter types, then the walk. */
export function describe(files: readonly SourceFile[], checker: Checker, walker: SchemaWalker) {
  const methods = files.flatMap(findToolMethods);
  const types = checker.getTypeAtLocation(methods.flatMap((method) => method.parameterNodes));
  let next = 0;
  return methods.map((method) => {
    const properties: Record<string, Schema> = {};
    for (const parameter of method.parameters) {
      const schema = walker.schema(types[next++]);
      properties[parameter.name] = parameter.description ? { ...schema, description: parameter.description } : schema;
    }
    const required = method.parameters.filter((parameter) => !parameter.optional).map((parameter) => parameter.name);
    return { name: method.name, description: method.description, parameters: { type: 'object', properties, required } };
  });
}

/** A file system whose `tsconfig` asks for the lib files `lib` (every other file is read from disk). */
export function withLibs(tsconfig: string, lib: string[]): FileSystem {
  return {
    readFile: (fileName) => {
      if (fileName !== tsconfig) return undefined;
      const config = JSON.parse(readFileSync(fileName, 'utf8'));
      return JSON.stringify({ ...config, compilerOptions: { ...config.compilerOptions, lib } });
    },
  };
}

function main(argv: string[]): void {
  const tsconfig = resolve(argv[0] ?? 'tsconfig.json');
  const watchFile = argv.includes('--watch-file') ? resolve(argv[argv.indexOf('--watch-file') + 1]!) : undefined;
  const times: Record<string, number> = {};
  let last = performance.now();
  const lap = (stage: string) => {
    const now = performance.now();
    times[stage] = Math.round(now - last);
    last = now;
  };
  const started = last;
  const lib = argv.includes('--lib') ? argv[argv.indexOf('--lib') + 1]!.split(',') : undefined;
  const api = new API({
    cwd: process.cwd(),
    collectTiming: argv.includes('--timing'),
    ...(lib ? { fs: withLibs(tsconfig, lib) } : {}),
  });
  lap('spawn');
  let snapshot = api.updateSnapshot({ openProjects: [tsconfig] });
  lap('parse and program');
  let project = snapshot.getProjects()[0]!;
  const files = project.rootFiles
    .filter((name) => /\.(ts|tsx|mts|cts)$/.test(name) && !name.endsWith('.d.ts'))
    .map((name) => project.program.getSourceFile(name))
    .filter((file) => file !== undefined);
  lap('source files to JS');
  const walker = new SchemaWalker(project.checker, project);
  const tools = describe(files, project.checker, walker);
  lap('describe');
  times['total (in process)'] = Math.round(performance.now() - started);
  if (watchFile) {
    // --watch: one file edited, a new snapshot, that file described again (its types are new objects).
    const text = readFileSync(watchFile, 'utf8');
    writeFileSync(watchFile, text.replace(/\/\*\*\n/, '/**\n   * Edited.\n'));
    const editStarted = performance.now();
    snapshot = api.updateSnapshot({ fileChanges: { changed: [watchFile] } });
    project = snapshot.getProjects()[0]!;
    const file = project.program.getSourceFile(watchFile);
    const again = describe(file ? [file] : [], project.checker, new SchemaWalker(project.checker, project));
    times['one-file edit'] = Math.round(performance.now() - editStarted);
    writeFileSync(watchFile, text);
    if (!again.some((tool) => tool.description?.startsWith('Edited.'))) throw new Error('the edit was not seen');
  }
  const requests = argv.includes('--timing') ? { requests: api.getTimingInfo().totals } : {};
  api.close();
  const summary = { tools: tools.length, types: walker.typesSeen, files: files.length, times, ...requests };
  process.stdout.write(`${JSON.stringify(argv.includes('--dump') ? { ...summary, tool: tools } : summary)}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname))
  main(process.argv.slice(2));
