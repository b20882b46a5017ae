import { GEMINI_MAX_TOOLS } from '@toolwright/core';
import { DEFAULT_OUT, DEFAULT_PROJECT, NAME_STYLES, type GenerateOptions, type NameStyle } from '../options.js';

export const USAGE =
  `Usage: gen-tools [options]

Reads the @tool() methods of a TypeScript project and writes the tool manifest.

Options:
  --project <tsconfig>      the project to read (default: ${DEFAULT_PROJECT})
  --out <file.ts>           the TS module to write (default: ${DEFAULT_OUT})
  --json <file.json>        also write the manifest as JSON
  --validators <file.ts>    also write the argument validators compiled now, imported by --out: the Toolbox then
                            compiles nothing at run time (no eval: edge runtimes; faster cold starts)
  --check                   write nothing; exit 1 when the outputs are missing or out of date
  --name-style <style>      tool names: preserve (getWeather, default) or snake (get_weather)
  --max-tools <n>           the most tools the project may hold (default ${GEMINI_MAX_TOOLS}, Gemini's limit per ` +
  `request)
  --watch                   keep running: regenerate on every change of the project (Ctrl-C to stop)
  --cache-dir <dir>         where the cache lives (default: node_modules/.cache/toolwright beside the tsconfig)
  --no-cache                read the whole project every time (no cache read or written)
  --threads <n>             read a large project on up to n threads (default 1: see the README)
  --ignore <codes>          do not report these warnings (e.g. --ignore TW5501,TW4504; repeatable); errors
                            cannot be silenced
  -h, --help                show this help
  -v, --version             show the version

Exit codes: 0 written or up to date, 1 diagnostics or stale output (--check), 2 bad usage.`;

export type ParsedArgs =
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'run'; options: GenerateOptions; watch: boolean }
  | { kind: 'error'; message: string };

const VALUE_FLAGS = [
  '--project',
  '--out',
  '--json',
  '--validators',
  '--name-style',
  '--cache-dir',
  '--max-tools',
  '--threads',
  '--ignore',
] as const;

/** The command line after `node cli.js`. `--flag value` and `--flag=value` both work. */
export function parseArgs(args: readonly string[]): ParsedArgs {
  const options: GenerateOptions = { cache: true };
  const seen = new Set<string>();
  let watch = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '-h' || arg === '--help') return { kind: 'help' };
    if (arg === '-v' || arg === '--version') return { kind: 'version' };
    if (arg === '--check') {
      options.check = true;
      continue;
    }
    if (arg === '--watch') {
      watch = true;
      continue;
    }
    if (arg === '--no-cache') {
      options.cache = false;
      continue;
    }
    const equals = arg.indexOf('=');
    const flag = arg.startsWith('--') && equals > 0 ? arg.slice(0, equals) : arg;
    if (!(VALUE_FLAGS as readonly string[]).includes(flag)) {
      return { kind: 'error', message: arg.startsWith('-') ? `unknown option ${arg}` : `unexpected argument ${arg}` };
    }
    if (seen.has(flag) && flag !== '--ignore') return { kind: 'error', message: `${flag} is given twice` };
    seen.add(flag);
    let value: string | undefined;
    if (flag !== arg) value = arg.slice(equals + 1);
    else {
      value = args[i + 1];
      if (value === undefined || value.startsWith('-')) return { kind: 'error', message: `${flag} needs a value` };
      i++;
    }
    if (value === '') return { kind: 'error', message: `${flag} needs a value` };
    switch (flag as (typeof VALUE_FLAGS)[number]) {
      case '--project':
        options.project = value;
        break;
      case '--out':
        options.out = value;
        break;
      case '--json':
        options.json = value;
        break;
      case '--validators':
        options.validators = value;
        break;
      case '--cache-dir':
        options.cacheDir = value;
        break;
      case '--max-tools':
        if (!/^[1-9]\d*$/.test(value))
          return { kind: 'error', message: `--max-tools takes a whole number from 1, not ${value}` };
        options.maxTools = Number(value);
        break;
      case '--threads':
        if (!/^[1-9]\d*$/.test(value))
          return { kind: 'error', message: `--threads takes a whole number from 1, not ${value}` };
        options.threads = Number(value);
        break;
      case '--ignore':
        // Checked by resolveOptions, which knows the codes: a usage error there exits 2 as well.
        options.ignore = [...(options.ignore ?? []), ...value.split(',').map((code) => code.trim())];
        break;
      case '--name-style':
        if (!(NAME_STYLES as readonly string[]).includes(value)) {
          return { kind: 'error', message: `--name-style takes ${NAME_STYLES.join(' or ')}, not ${value}` };
        }
        options.nameStyle = value as NameStyle;
        break;
    }
  }
  if (watch && options.check) return { kind: 'error', message: '--watch and --check cannot be used together' };
  if (options.cache === false && options.cacheDir !== undefined)
    return { kind: 'error', message: '--cache-dir and --no-cache cannot be used together' };
  return { kind: 'run', options, watch };
}
