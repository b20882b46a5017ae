// The generated pages of docs/ must be what their generators make from the sources today, so a page changes with
// what it describes (`npm run docs` rewrites them): type-mapping.md from gen's golden fixtures, agent.md from
// @toolwright/genai's exported types.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderAgentReference } from '../scripts/docs/agent-reference.js';
import { renderTypeMapping } from '../scripts/docs/type-mapping.js';
import { budget } from './support/time-budget.js';

const root = join(__dirname, '..');
const committed = (page: string) => readFileSync(join(root, 'docs', page), 'utf8');

describe('generated docs', () => {
  it(
    'docs/type-mapping.md is what scripts/docs/type-mapping.ts makes from the fixtures',
    () => {
      const fresh = renderTypeMapping(root);
      expect(committed('type-mapping.md') === fresh, 'docs/type-mapping.md is stale: run `npm run docs`').toBe(true);
      expect(fresh).toContain('### `search` (CatalogService.search)');
      expect(fresh).toContain(
        '| `signup.email` | `/** Where we send the confirmation. */ @IsEmail() email!: string` |',
      );
    },
    budget(120_000),
  );

  it(
    "docs/agent.md is what scripts/docs/agent-reference.ts makes from the Agent's types",
    () => {
      const fresh = renderAgentReference(root);
      expect(committed('agent.md') === fresh, 'docs/agent.md is stale: run `npm run docs`').toBe(true);
      expect(fresh).toContain('| `maxTurns?` | `number` | Model turns that may call tools. Default 10.');
      expect(fresh).toContain("### `'tool_result'` (`ToolResultEvent`)");
    },
    budget(120_000),
  );
});
