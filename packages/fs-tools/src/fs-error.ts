import { SandboxError, shown } from './sandbox-error.js';

/**
 * Turns an error from `node:fs` into a SandboxError whose message names only the root-relative path: Node's own
 * messages carry absolute paths, which must not reach the model.
 */
export function fileSystemError(error: unknown, relativePath: string): SandboxError {
  if (error instanceof SandboxError) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const path = shown(relativePath);
  switch (code) {
    case 'ENOENT':
      return new SandboxError('not_found', `${path} does not exist`);
    case 'ENOTDIR':
      return new SandboxError('not_a_directory', `a component of ${path} is not a folder`);
    case 'EISDIR':
      return new SandboxError('not_a_file', `${path} is a folder, not a file`);
    case 'ELOOP':
      return new SandboxError('symlink', `${path} is a symbolic link (links are not followed here)`);
    case 'EACCES':
    case 'EPERM':
      return new SandboxError('io', `permission denied for ${path}`);
    case 'ENOSPC':
      return new SandboxError('io', `no space left on the device while writing ${path}`);
    case 'ENAMETOOLONG':
      return new SandboxError('invalid_path', `${path} is too long a name`);
    default:
      return new SandboxError('io', `file system error${code ? ` ${code}` : ''} on ${path}`);
  }
}
