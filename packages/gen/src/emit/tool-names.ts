// Reading tool names back from outputs written earlier (for `--check`): no TypeScript needed, so a cache hit
// does not load it.

/** The tool names of a module written earlier by `renderModule` (each at the indent of a tool's properties). */
export function toolNamesInModule(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(/^ {6}name: ("(?:[^"\\]|\\.)*"),$/gm)) names.push(JSON.parse(match[1]!) as string);
  return names;
}

/** The tool names of a JSON manifest written earlier, or undefined when it is not one. */
export function toolNamesInJson(text: string): string[] | undefined {
  try {
    const parsed = JSON.parse(text) as { tools?: { name?: unknown }[] };
    if (!Array.isArray(parsed.tools)) return undefined;
    return parsed.tools.map((tool) => tool.name).filter((name): name is string => typeof name === 'string');
  } catch {
    return undefined;
  }
}
