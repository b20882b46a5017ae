/** Where gen-tools looks and writes when no option says otherwise (relative to the working directory). */
export const DEFAULT_PROJECT = 'tsconfig.json';
export const DEFAULT_OUT = 'src/tools.generated.ts';
