import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The nearest package.json above a file that has a name, with the folder it is in. */
export interface NearestPackage {
  name: string;
  dir: string;
  manifest: Record<string, unknown>;
}

/**
 * The package a file belongs to: the nearest package.json upwards that has a name (builds put nameless ones such as
 * `dist/cjs/package.json` = `{ "type": "commonjs" }` inside packages). Cached per folder.
 */
export class PackageNames {
  private readonly byDir = new Map<string, NearestPackage | undefined>();

  /** The package's `name`. */
  of(file: string): string | undefined {
    return this.packageOf(file)?.name;
  }

  packageOf(file: string): NearestPackage | undefined {
    return this.inDir(dirname(file));
  }

  private inDir(dir: string): NearestPackage | undefined {
    if (this.byDir.has(dir)) return this.byDir.get(dir);
    let found: NearestPackage | undefined;
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
      if (typeof manifest.name === 'string' && manifest.name !== '') found = { name: manifest.name, dir, manifest };
    } catch {
      // No (readable) package.json here: look further up.
    }
    if (found === undefined) {
      const parent = dirname(dir);
      found = parent === dir ? undefined : this.inDir(parent);
    }
    this.byDir.set(dir, found);
    return found;
  }
}
