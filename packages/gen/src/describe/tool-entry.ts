import type { ManifestTool } from '@toolwright/core';
import { positionOf, type Site } from '../diagnostics.js';
import { ts } from '../program/typescript.js';
import type { DescribedTool } from './check-tools.js';

/**
 * A described tool as plain data, with no compiler node or checker to read: what the checks over the whole tool set
 * (check-tools.ts, dto-imports.ts, decorator-settings.ts) and the renderers read. A shard of the project read on a
 * worker thread (shard/) sends its tools across in this form, and one thread reads them alike, so that both give the
 * same diagnostics and outputs. `sites` and `nameStart` are own getters that work them out from the tool's nodes
 * when first read (a structured clone reads them as it copies, so a shard's arrive as values): only a diagnostic
 * about the tool reads them, and working them out for every tool was 15 ms of a cold run of 1,000 tools.
 */
export interface ToolEntry {
  tool: ManifestTool;
  /** The name the tool's class is exported under (`default` for a default export). */
  exportName: string;
  className: string;
  methodName: string;
  /** The parameter list the TS module checks the method against (see parameterSignature). */
  signature?: string | undefined;
  /** Where diagnostics about the tool point: the method's name, the method, its `@tool()`. */
  readonly sites: ToolSites;
  /** The offset of the method's name in its file's text (TW6002 gives its line and column as ts-morph did). */
  readonly nameStart: number;
  /**
   * Its class and the classes that class extends, nearest first, each as `file:offset` of its declaration: a
   * subclass that re-decorates a method keeps its name (see check-tools.ts).
   */
  classChain: string[];
}

/** Where diagnostics about a tool point: the method's name, the method, its `@tool()`. */
export interface ToolSites {
  name: Site;
  method: Site;
  decorator: Site;
}

/** The entries of these tools (`described` in order), read from their nodes with the checker of their program. */
export function toolEntries(described: readonly DescribedTool[], checker: ts.TypeChecker): ToolEntry[] {
  const chains = new Map<ts.ClassDeclaration, string[]>();
  return described.map(({ tool, found, signature }) => {
    const { method, decorator, classDeclaration } = found;
    let classChain = chains.get(classDeclaration);
    if (!classChain) chains.set(classDeclaration, (classChain = chainOf(classDeclaration, checker)));
    let sites: ToolSites | undefined;
    let nameStart: number | undefined;
    return {
      tool,
      exportName: found.exportName,
      className: found.className,
      methodName: found.methodName,
      ...(signature !== undefined ? { signature } : {}),
      get sites() {
        return (sites ??= {
          name: positionOf(method.name),
          method: positionOf(method),
          decorator: positionOf(decorator),
        });
      },
      get nameStart() {
        return (nameStart ??= method.name.getStart(method.getSourceFile()));
      },
      classChain,
    };
  });
}

/** The class and the classes it extends, as keys. */
function chainOf(declaration: ts.ClassDeclaration, checker: ts.TypeChecker): string[] {
  const chain: string[] = [];
  const seen = new Set<ts.ClassDeclaration>();
  for (let current: ts.ClassDeclaration | undefined = declaration; current && !seen.has(current); ) {
    seen.add(current);
    chain.push(`${current.getSourceFile().fileName}:${current.pos}`);
    current = baseClass(current, checker);
  }
  return chain;
}

/** The class declaration a class extends, when its base types name exactly one (as ts-morph's `getBaseClass()`). */
function baseClass(declaration: ts.ClassDeclaration, checker: ts.TypeChecker): ts.ClassDeclaration | undefined {
  const baseTypes = (checker.getTypeAtLocation(declaration).getBaseTypes() ?? []).flatMap((type) =>
    type.flags & ts.TypeFlags.Intersection ? (type as ts.IntersectionType).types : [type],
  );
  const classes = baseTypes.flatMap((type) => type.getSymbol()?.declarations ?? []).filter(ts.isClassDeclaration);
  return classes.length === 1 ? classes[0] : undefined;
}
