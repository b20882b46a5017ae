export { startDevUi } from './start-dev-ui.js';
export type { DevUi, DevUiOptions } from './options.js';
export type {
  ToolsAnswer,
  ToolInfo,
  ToolCallAnswer,
  RunsAnswer,
  RunTrace,
  TurnTrace,
  CallTrace,
  RetryTrace,
  TokenUsage,
} from './api-types.js';
