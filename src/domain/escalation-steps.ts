/**
 * Who an alert pings when it opens: `@here`, `@channel`, a user group, a person, the person on call in the
 * channel's rota (resolved at the moment of the post: domain/oncall-rota.ts), or nobody.
 */
export type Mention =
  | { kind: "here" | "channel" | "oncall" }
  | { kind: "usergroup"; id: string; handle: string }
  /** `name` is what the lists show (as code, never a ping); the id is what pings. */
  | { kind: "user"; id: string; name?: string };

/** One `--escalate` step: minutes after the incident opened; its own mention, else the subscription's. */
export interface EscalationStep {
  minutes: number;
  mention?: Mention;
}

/**
 * The escalation steps of a subscription, first to last: its `--escalate` steps, or the one step of
 * `escalateMinutes` (records from before steps); none without `--escalate`.
 */
export function escalationStepsOf(sub: {
  escalateMinutes?: number | undefined;
  escalateSteps?: EscalationStep[] | undefined;
}): EscalationStep[] {
  if (sub.escalateSteps && sub.escalateSteps.length > 0) return sub.escalateSteps;
  return sub.escalateMinutes !== undefined ? [{ minutes: sub.escalateMinutes }] : [];
}
