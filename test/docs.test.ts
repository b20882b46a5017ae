// docs/type-mapping.md is generated from gen's golden fixtures (scripts/docs/type-mapping.ts): it must be what the
// generator makes from them today, so the page changes with the mapping (`npm run docs` rewrites it).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { renderTypeMapping } from '../scripts/docs/type-mapping.js';

const root = join(__dirname, '..');

it('docs/type-mapping.md is what scripts/docs/type-mapping.ts makes from the fixtures (npm run docs)', () => {
  const committed = readFileSync(join(root, 'docs/type-mapping.md'), 'utf8');
  const fresh = renderTypeMapping(root);
  expect(committed === fresh, 'docs/type-mapping.md is stale: run `npm run docs`').toBe(true);
  // Each fixture's tools are there, with rows.
  expect(fresh).toContain('### `search` (CatalogService.search)');
  expect(fresh).toContain('| `signup.email` | `/** Where we send the confirmation. */ @IsEmail() email!: string` |');
}, 120_000);
