import path from 'node:path';
import type { JsonSchema, Revival } from '@toolwright/core';
import { ts } from '../program/typescript.js';
import type { SchemaBuilder, SchemaBuilderOptions, TypeSchema } from './contract.js';
import { applyTags } from './doc-tags.js';
import { isBuiltin, mapKind, type MapContext, type Mapped } from './kinds/index.js';
import { failure } from './kinds/mapped.js';
import { reportProblems } from './problems.js';
import { typeName } from './type-names.js';
import { aliasTags, declaredTypeNode } from './type-nodes.js';

/** Mapped types shared by every builder of a program: a type's schema depends only on the type. */
const cache = new WeakMap<ts.Type, { projectDir: string; mapped: Mapped }>();

const MAX_DEPTH = 40;

export function createSchemaBuilder(options: SchemaBuilderOptions): SchemaBuilder {
  return new Builder(options);
}

/**
 * One builder serves one tool: its `$defs` hold the recursive types of that tool's parameters. It caches mapped
 * types, finds cycles and names them; each kind of type is mapped in kinds/ (see kinds/index.ts).
 */
class Builder implements SchemaBuilder, MapContext {
  readonly projectDir: string;
  readonly checker: ts.TypeChecker;
  /** Recursive types: their `$defs` name, given when the first cycle is met. */
  private readonly names = new Map<ts.Type, string>();
  private readonly takenNames = new Set<string>();
  private readonly defs: Record<string, JsonSchema> = {};
  /** Revivals of finished recursive types (first level only: a revival cannot refer to itself). */
  private readonly defRevivals = new Map<ts.Type, Revival | undefined>();
  /** Types being mapped, outermost first; a type met again here is recursive. */
  private readonly inProgress = new Map<ts.Type, { referenced: boolean }>();

  constructor(private readonly options: SchemaBuilderOptions) {
    this.projectDir = resolveDir(options.projectDir);
    this.checker = options.checker;
  }

  typeSchema(type: ts.Type, node: ts.Node): TypeSchema {
    const mapped = this.map(type, declaredTypeNode(node));
    reportProblems(mapped.problems, node, this.options.report, this.options.isProjectFile);
    const result: TypeSchema = { schema: { ...mapped.schema } };
    if (mapped.revive) result.revive = mapped.revive;
    return result;
  }

  definitions(): Record<string, JsonSchema> | undefined {
    return Object.keys(this.defs).length > 0 ? { ...this.defs } : undefined;
  }

  /**
   * `written`: the type as written where it was met, if known. Unions keep the written order of their members, and
   * a reference to a type alias with JSDoc tags (`/** @minimum 0 *\/ type Percent = number`) gets those tags: the
   * checker forgets aliases of primitives, so they are read from the syntax.
   */
  map(type: ts.Type, written?: ts.TypeNode): Mapped {
    const mapped = this.mapOnce(type, written);
    const tags = written ? aliasTags(written, this.checker) : undefined;
    if (!tags) return mapped;
    const problems = [...mapped.problems];
    const schema = applyTags(mapped.schema, tags.tags, (code, message) => {
      problems.push({
        code,
        path: [],
        message: `has the type ${tags.name}, which ${message}`,
        at: tags.at,
      });
    });
    return { ...mapped, schema, problems };
  }

  private mapOnce(type: ts.Type, written?: ts.TypeNode): Mapped {
    const cached = cache.get(type);
    if (cached && cached.projectDir === this.projectDir) return cached.mapped;
    const name = this.names.get(type);
    const progress = this.inProgress.get(type);
    if (progress) {
      progress.referenced = true;
      return { schema: { $ref: `#/$defs/${this.nameOf(type)}` }, problems: [], local: true };
    }
    if (name !== undefined) {
      const revive = this.defRevivals.get(type);
      return { schema: { $ref: `#/$defs/${name}` }, ...(revive ? { revive } : {}), problems: [], local: true };
    }
    if (!this.canRecur(type)) return this.store(type, mapKind(type, written, this));
    if (this.inProgress.size >= MAX_DEPTH) {
      const text = this.checker.typeToString(type);
      return failure(
        'TW3005',
        `is nested more than ${MAX_DEPTH} levels deep (${text}), which looks like a type that grows without end`,
      );
    }
    this.inProgress.set(type, { referenced: false });
    let mapped: Mapped;
    try {
      mapped = mapKind(type, written, this);
    } finally {
      this.inProgress.delete(type);
    }
    if (this.names.has(type)) {
      // Recursive: the schema goes to $defs and every use (this one included) is a $ref.
      const defName = this.names.get(type)!;
      this.defs[defName] = mapped.schema;
      this.defRevivals.set(type, mapped.revive);
      const problems = [...mapped.problems];
      if (mapped.revive) {
        problems.push({
          code: 'TW3502',
          path: [],
          message:
            `holds values to revive (Date, URL, bigint, Set or classes) inside the recursive type ${defName}: ` +
            'only the first level is revived',
        });
      }
      return {
        schema: { $ref: `#/$defs/${defName}` },
        ...(mapped.revive ? { revive: mapped.revive } : {}),
        problems,
        local: true,
      };
    }
    return this.store(type, mapped);
  }

  /**
   * Whether a type can head a cycle and so become a `$defs` entry: aliased types and object types other than
   * arrays, tuples and built-ins. Unaliased unions, intersections and arrays cannot recur by themselves (a cycle
   * through them passes a named type too), so `Tree[]` stays an array of `{ $ref: Tree }`.
   */
  private canRecur(type: ts.Type): boolean {
    if (type.aliasSymbol) return true;
    if (!(type.flags & ts.TypeFlags.Object)) return false;
    if (this.checker.isArrayType(type) || this.checker.isTupleType(type)) return false;
    const symbol = type.getSymbol();
    return !(symbol && isBuiltin(symbol));
  }

  private store(type: ts.Type, mapped: Mapped): Mapped {
    if (!mapped.local) cache.set(type, { projectDir: this.projectDir, mapped });
    return mapped;
  }

  private nameOf(type: ts.Type): string {
    const known = this.names.get(type);
    if (known !== undefined) return known;
    const base = typeName(type, this.checker);
    let name = base;
    for (let n = 2; this.takenNames.has(name); n++) name = `${base}_${n}`;
    this.takenNames.add(name);
    this.names.set(type, name);
    return name;
  }
}

/** `path.resolve` of the project folder, kept for the next builder (two are made per tool, all with one folder). */
let lastDir: { given: string; cwd: string; resolved: string } | undefined;

function resolveDir(given: string): string {
  const cwd = process.cwd();
  if (lastDir?.given !== given || lastDir.cwd !== cwd) lastDir = { given, cwd, resolved: path.resolve(given) };
  return lastDir.resolved;
}
