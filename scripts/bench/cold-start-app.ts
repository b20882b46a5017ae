// What the cold-start benches share: the 100-tool app's methods, the line every measured program ends with, and the
// median of fresh processes' figures.

/** Four parameter shapes in turn: scalars with limits, an enum and a default, a Date (revived), objects in arrays. */
export function method(i: number): string {
  switch (i % 4) {
    case 0:
      return (
        `  /** Tool ${i}: finds things. @param query Words. @param limit The most results. */\n  @tool()\n  ` +
        `find${i}(query: string, limit: Integer = 10): string {\n    return query + limit;\n  }`
      );
    case 1:
      return (
        `  /** Tool ${i}: converts. */\n  @tool()\n  convert${i}(amount: number, unit: 'c' | 'f' | 'k' = 'c', ` +
        `exact?: boolean): number {\n    return exact ? amount : Math.round(amount);\n  }`
      );
    case 2:
      return (
        `  /** Tool ${i}: schedules. */\n  @tool()\n  schedule${i}(title: string, when: Date, attendees: string[] ` +
        `= []): number {\n    return when.getTime() + attendees.length + title.length;\n  }`
      );
    default:
      return (
        `  /** Tool ${i}: orders. */\n  @tool()\n  order${i}(lines: { sku: string; quantity: Integer }[], note?: ` +
        `string | null): number {\n    return lines.length + (note ? 1 : 0);\n  }`
      );
  }
}

/** Prints the time from the process's start to here, and the CPU time: what every program measured ends with. */
export const PRINT_TIMES = `const ms = performance.now();
const { user, system } = process.cpuUsage();
console.log(ms, (user + system) / 1000);
`;

/** The median of a sample's figures. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
