import { SLOW_CHECKS_DEFAULT } from "./alert-rule-bounds";

/**
 * A subscription's slow-response rule (`--slow 2s/3`): `checks` checks in a row of one monitor
 * that took longer than `thresholdMs` (the checks' `totalDuration`, A5) make it slow. The grammar, the
 * subscription store, the poller and the renderers all speak it.
 */
export interface SlowRule {
  thresholdMs: number;
  checks: number;
}

/** How the rule is written back: `2s`, `1.5s/5`, `800ms` (the count only when it is not the default). */
export function formatSlowRule(rule: SlowRule): string {
  const t = formatDurationMs(rule.thresholdMs);
  return rule.checks === SLOW_CHECKS_DEFAULT ? t : `${t}/${rule.checks}`;
}

/** `2s`, `1.5s`, `800ms`: seconds when whole tenths of a second, else milliseconds. */
export function formatDurationMs(ms: number): string {
  if (ms >= 1000 && ms % 100 === 0) return `${ms / 1000}s`;
  return `${ms}ms`;
}

/**
 * The key of a rule in the poll state and in outbox events: subscriptions with the same rule share the
 * poller's count, so that N subscriptions cost one state machine per distinct rule, not N.
 */
export function slowRuleKey(rule: SlowRule): string {
  return `${rule.thresholdMs}/${rule.checks}`;
}

export function sameSlowRule(a: SlowRule | undefined, b: SlowRule | undefined): boolean {
  return a !== undefined && b !== undefined && a.thresholdMs === b.thresholdMs && a.checks === b.checks;
}
