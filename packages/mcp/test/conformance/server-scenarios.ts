// Which of the conformance suite's server scenarios serveMcp offers, and which it leaves out (docs/mcp.md).

/** Scenarios of features toolwright serves: each must run and pass every check. */
export const offeredScenarios = [
  'server-initialize',
  'ping',
  'tools-list',
  'tools-call-simple-text',
  'tools-call-error',
  'tools-call-with-progress',
  'tools-call-image',
  'tools-call-audio',
  'tools-call-embedded-resource',
  'tools-call-mixed-content',
  'tools-call-with-logging',
  'logging-set-level',
  'json-schema-2020-12',
  'dns-rebinding-protection',
];

/** Offered with sessions only: the scenario opens several streams on one session id. */
export const sessionScenarios = ['server-sse-multiple-streams'];

/** Features toolwright does not serve: the suite must fail these, and only these. */
export const outOfScopeScenarios = [
  // Servers asking the client: sampling and elicitation.
  'tools-call-sampling',
  'tools-call-elicitation',
  'elicitation-sep1034-defaults',
  'elicitation-sep1330-enums',
  // Resumable streams (a stream closed mid-call, picked up again with Last-Event-ID).
  'server-sse-polling',
  'completion-complete',
  'resources-list',
  'resources-read-text',
  'resources-read-binary',
  'resources-templates-read',
  'resources-subscribe',
  'resources-unsubscribe',
  'prompts-list',
  'prompts-get-simple',
  'prompts-get-with-args',
  'prompts-get-embedded-resource',
  'prompts-get-with-image',
];
