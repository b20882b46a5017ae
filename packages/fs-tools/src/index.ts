export { FileTools, type WriteResult } from './file-tools.js';
export type { FileToolsOptions, WriteRequest } from './options.js';
export type { FileList } from './listing.js';
export type { BackupOptions } from './backups.js';
export { SandboxError, type SandboxErrorCode } from './sandbox-error.js';
export { jsonLinesAudit, memoryAudit, type AuditEntry, type AuditSink } from './audit.js';
export { RateLimiter } from './rate-limiter.js';
export { createFileToolbox, fileToolsManifest } from './file-toolbox.js';
