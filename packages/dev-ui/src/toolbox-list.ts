import type { ToolboxLike } from '@toolwright/genai';

/** The `toolbox` option as a list, each entry checked for the Toolbox contract the UI uses. */
export function toolboxList(toolbox: ToolboxLike | ToolboxLike[] | undefined): ToolboxLike[] {
  const list = toolbox === undefined ? [] : Array.isArray(toolbox) ? toolbox : [toolbox];
  for (const [index, entry] of list.entries()) {
    const candidate = entry as Partial<ToolboxLike> | null;
    const fits =
      typeof candidate === 'object' &&
      candidate !== null &&
      typeof candidate.declarations === 'function' &&
      typeof candidate.call === 'function' &&
      typeof candidate.has === 'function';
    if (!fits)
      throw new TypeError(`startDevUi: toolbox ${index} is not a Toolbox (it needs declarations, call and has)`);
  }
  return list;
}
