// Run as a child process by atomic.test.ts: overwrites one file again and again with two large contents until it
// is killed. Announces itself on stdout once the first write is done.
import { FileTools } from '../src/index.js';

const [root, size] = process.argv.slice(2) as [string, string];
const bytes = Number(size);
const tools = new FileTools(root, { audit: false, rateLimit: false, backups: false, maxWriteBytes: bytes });
const contents = ['a'.repeat(bytes), 'b'.repeat(bytes)] as const;
for (let i = 0; ; i++) {
  await tools.writeFile('big.txt', contents[i % 2] as string);
  if (i === 0) process.stdout.write('ready\n');
}
