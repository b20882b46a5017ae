// `npm run docs`: rewrites the generated pages of docs/ from their sources (test/docs.test.ts checks they are fresh).
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderAgentReference } from './agent-reference.js';
import { renderTypeMapping } from './type-mapping.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
writeFileSync(join(root, 'docs/type-mapping.md'), renderTypeMapping(root));
writeFileSync(join(root, 'docs/agent.md'), renderAgentReference(root));
console.log('docs: wrote docs/type-mapping.md and docs/agent.md');
