export {
  agentObject,
  HISTORY_KEY,
  type AgentObjectOptions,
  type RunRequest,
  type RunResponse,
  type DecisionRequest,
} from './agent-object.js';
export { APPROVAL_KEY, type ApprovalRule, type ApprovalDecision, type PendingApproval } from './approvals.js';
export { restateSteps } from './step-runner.js';
