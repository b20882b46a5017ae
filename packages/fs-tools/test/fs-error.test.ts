import { expect, it } from 'vitest';
import { SandboxError } from '../src/index.js';
import { fileSystemError } from '../src/fs-error.js';

it.each([
  ['ENOENT', 'not_found', '"a/b.txt" does not exist'],
  ['ENOTDIR', 'not_a_directory', 'a component of "a/b.txt" is not a folder'],
  ['EISDIR', 'not_a_file', '"a/b.txt" is a folder, not a file'],
  ['ELOOP', 'symlink', '"a/b.txt" is a symbolic link (links are not followed here)'],
  ['EACCES', 'io', 'permission denied for "a/b.txt"'],
  ['EPERM', 'io', 'permission denied for "a/b.txt"'],
  ['ENOSPC', 'io', 'no space left on the device while writing "a/b.txt"'],
  ['ENAMETOOLONG', 'invalid_path', '"a/b.txt" is too long a name'],
  ['EIO', 'io', 'file system error EIO on "a/b.txt"'],
])('maps %s to %s with a root-relative message', (code, expected, message) => {
  const raw = Object.assign(new Error(`${code}: something, open '/secret/place/a/b.txt'`), { code });
  const mapped = fileSystemError(raw, 'a/b.txt');
  expect(mapped).toBeInstanceOf(SandboxError);
  expect(mapped.code).toBe(expected);
  expect(mapped.message).toBe(message);
});

it('keeps a SandboxError as it is and names an error without a code', () => {
  const original = new SandboxError('denied', 'no');
  expect(fileSystemError(original, 'x')).toBe(original);
  expect(fileSystemError(new Error('/secret'), '').message).toBe('file system error on "."');
});
