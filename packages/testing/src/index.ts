export * from './rules/index.js';
export { geminiErrorBody, invalidArgumentBody, retryInfoDetail, statusName, STATUS_NAMES } from './errors.js';
export type * from './wire.js';
