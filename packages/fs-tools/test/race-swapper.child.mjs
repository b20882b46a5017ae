// Run as a child process by race-process.test.ts: swaps folders inside the root for links to the outside and back,
// as fast as it can, until it is killed (or after 20 s). Announces itself on stdout once it has started.
import { renameSync, symlinkSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';

const [root, target, ...names] = process.argv.slice(2);
const stop = Date.now() + 20_000;
process.stdout.write('ready\n');
let swaps = 0;
while (Date.now() < stop) {
  for (const name of names) {
    const path = join(root, name);
    try {
      renameSync(path, `${path}-real`);
      symlinkSync(target, path);
      unlinkSync(path);
      renameSync(`${path}-real`, path);
      swaps++;
    } catch {
      // The tools may have created or removed something meanwhile; put the folder back and go on.
      try {
        unlinkSync(path);
      } catch {}
      try {
        renameSync(`${path}-real`, path);
      } catch {}
    }
  }
  if (swaps % 1000 === 0) await new Promise((resolve) => setImmediate(resolve));
}
