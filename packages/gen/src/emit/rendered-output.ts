/** The text of a generated file, and the part of it that each tool owns (for `--check` to name stale tools). */
export interface RenderedOutput {
  text: string;
  blocks: { name: string; text: string }[];
}
