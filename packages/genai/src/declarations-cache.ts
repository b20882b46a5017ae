import type { GeminiFunctionDeclaration } from '@toolwright/core';
import type { DeclarationDialect, ToolboxLike } from './toolbox-like.js';

interface CachedDeclarations {
  dialect: DeclarationDialect | undefined;
  tools: readonly unknown[];
  declarations: readonly GeminiFunctionDeclaration[];
}
const rendered = new WeakMap<ToolboxLike, CachedDeclarations>();

/**
 * A Toolbox's declarations. Rendering them is a real share of a run's cost, so when the Toolbox lists its bound tools
 * (`tools()`, as core's does) they are rendered again only after that list changed (a tool added or removed).
 * Requests get shallow copies (see Run), so the cached objects are never handed to the SDK.
 */
export function declarationsOf(
  toolbox: ToolboxLike,
  dialect: DeclarationDialect | undefined,
): readonly GeminiFunctionDeclaration[] {
  const list = (toolbox as { tools?: () => readonly unknown[] }).tools;
  if (typeof list !== 'function') return toolbox.declarations(dialect ? { dialect } : undefined);
  const tools = list.call(toolbox);
  const cached = rendered.get(toolbox);
  if (
    cached &&
    cached.dialect === dialect &&
    cached.tools.length === tools.length &&
    cached.tools.every((tool, i) => tool === tools[i])
  ) {
    return cached.declarations;
  }
  const declarations = toolbox.declarations(dialect ? { dialect } : undefined);
  rendered.set(toolbox, { dialect, tools, declarations });
  return declarations;
}
