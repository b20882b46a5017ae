import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The `name` of the package a file belongs to: the nearest package.json upwards that has a name (builds put
 * nameless ones such as `dist/cjs/package.json` = `{ "type": "commonjs" }` inside packages). Cached per folder.
 */
export class PackageNames {
  private readonly byDir = new Map<string, string | undefined>();

  of(file: string): string | undefined {
    return this.inDir(dirname(file));
  }

  private inDir(dir: string): string | undefined {
    if (this.byDir.has(dir)) return this.byDir.get(dir);
    let name: string | undefined;
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown };
      if (typeof pkg.name === 'string' && pkg.name !== '') name = pkg.name;
    } catch {
      // No (readable) package.json here: look further up.
    }
    if (name === undefined) {
      const parent = dirname(dir);
      name = parent === dir ? undefined : this.inDir(parent);
    }
    this.byDir.set(dir, name);
    return name;
  }
}
