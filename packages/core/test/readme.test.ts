// The README says what the code does: its error example is the Toolbox's real output, and each options table names
// exactly the options the types have (the records below must list every key of each options type, and no other).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  toOpenAITool,
  Toolbox,
  type GeminiDeclarationOptions,
  type ToolboxOptions,
  type ToolOptions,
} from '@toolwright/core';
import { manifest, WeatherService } from './toolbox/weather-service.js';

const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');

/** The first-column names of the first table after a heading, `onResult(value, info)` read as `onResult`. */
function tableOptions(heading: string): string[] {
  const start = readme.indexOf(`\n${heading}\n`);
  expect(start, heading).toBeGreaterThan(-1);
  const rows: string[] = [];
  for (const line of readme.slice(start + heading.length + 2).split('\n')) {
    if (line.startsWith('|')) {
      if (line.startsWith('| `')) rows.push(line);
    } else if (rows.length) break;
  }
  return rows.map((row) => /^\| `([A-Za-z]+)/.exec(row)![1]!);
}

const toolboxOptions: Record<keyof ToolboxOptions, true> = {
  timeoutMs: true,
  maxResultSize: true,
  maxMediaSize: true,
  includeStack: true,
  onResult: true,
  onError: true,
  validators: true,
  classes: true,
  rejectExtraProperties: true,
  generateCode: true,
};
const toolOptions: Record<keyof ToolOptions, true> = {
  name: true,
  description: true,
  parameters: true,
  timeoutMs: true,
  annotations: true,
};
const declarationOptions: Record<keyof GeminiDeclarationOptions, true> = {
  dialect: true,
  inlineRefs: true,
  maxRecursionDepth: true,
  onWarning: true,
};

describe('README', () => {
  it('option tables name exactly the options of the types', () => {
    expect(tableOptions('## `new Toolbox(instances, manifest, options?)`').sort()).toEqual(
      Object.keys(toolboxOptions).sort(),
    );
    expect(tableOptions('## `@tool(options?)`').sort()).toEqual(Object.keys(toolOptions).sort());
    expect(tableOptions('## Declarations and renderers').sort()).toEqual(Object.keys(declarationOptions).sort());
  });

  it('the invalid-arguments example is what the Toolbox answers', async () => {
    const block = /<!-- readme-example: invalid-arguments -->\n```json\n([\s\S]*?)\n```/.exec(readme);
    expect(block).not.toBeNull();
    const toolbox = new Toolbox([new WeatherService()], manifest);
    const reply = await toolbox.call({
      id: 'c2',
      name: 'getForecast',
      args: { city: 'Boston, MA', days: 1.5, unit: 'kelvin' },
    });
    expect(reply).toEqual(JSON.parse(block![1]!));
  });

  it('bound tools go to the other renderers as they are', () => {
    const toolbox = new Toolbox([new WeatherService()], manifest);
    const openai = toolbox.tools().map((tool) => toOpenAITool(tool, { strict: true }));
    expect(openai.map((tool) => tool.function.name)).toEqual(toolbox.tools().map((tool) => tool.name));
  });
});
