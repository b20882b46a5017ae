/** Thrown by a hook: the run stops with an AgentHookError. */
export class HookFailure {
  constructor(
    readonly hook: string,
    readonly cause: unknown,
  ) {}
}
