// `npm run docs`: rewrites the generated pages of docs/ (today docs/type-mapping.md) from their sources.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderTypeMapping } from './type-mapping.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
writeFileSync(join(root, 'docs/type-mapping.md'), renderTypeMapping(root));
console.log('docs: wrote docs/type-mapping.md');
