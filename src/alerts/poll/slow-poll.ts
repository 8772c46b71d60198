import type { SlowRule } from "../../domain/slow-rule";
import type { SlowEvent } from "../kinds/slow/slow-event";
import type { AlertMonitor } from "../model";
import type { CheckSnapshot } from "./checks-signature";
import type { PollState } from "./poll-state";
import { advanceSlow, type SlowState, type SlowTransition } from "./slow-state";

/**
 * The poll's side of slow-response alerts (issue 37): advance the slow state with the checks the poll read
 * anyway, and turn its transitions into outbox events. Pure; poll-once.ts commits the result with the rest
 * of the state, so a transition and its event land together or not at all.
 */

export interface SlowPoll {
  state: SlowState | undefined;
  transitions: SlowTransition[];
  /**
   * A count or an alert moved: the poll must commit even when nothing else changed. A watermark that moved
   * alone does not count: the checks it passed changed nothing, and counting them again changes nothing
   * again, so a busy team's quiet polls write nothing (issue 13's quiet poll).
   */
  changed: boolean;
}

const NOTHING: SlowPoll = { state: undefined, transitions: [], changed: false };

/**
 * Nothing before the baseline (the first poll of a target reads incidents only) and nothing without rules;
 * a target whose last slow rule went drops its slow state at the next commit.
 */
export function trackSlow(
  prev: PollState | null,
  checks: readonly CheckSnapshot[],
  rules: readonly SlowRule[],
  now: number,
): SlowPoll {
  if (!prev?.baselined) return NOTHING;
  if (rules.length === 0) return prev.slow ? { ...NOTHING, changed: true } : NOTHING;
  const { state, transitions } = advanceSlow(prev.slow, checks, rules, now);
  const changed = prev.slow === undefined || JSON.stringify(state?.rules) !== JSON.stringify(prev.slow.rules);
  return { state, transitions, changed };
}

/** The poll state with this slow state in it (or without one). */
export function withSlow(state: PollState, slow: SlowState | undefined): PollState {
  const { slow: _old, ...rest } = state;
  return slow ? { ...rest, slow } : rest;
}

/** Monitors of alerts that open here: their name, URL and group (filters) are read once per alert. */
export function slowMonitorsToFetch(
  transitions: readonly SlowTransition[],
  known: ReadonlyMap<string, AlertMonitor | null>,
): string[] {
  const ids = transitions.filter((t) => t.phase === "slow").map((t) => t.monitorId);
  return [...new Set(ids)].filter((id) => !known.has(id));
}

export function slowEvents(
  transitions: readonly SlowTransition[],
  apiTeamId: string,
  monitors: ReadonlyMap<string, AlertMonitor | null>,
): SlowEvent[] {
  return transitions.map((t) => ({
    type: "slow",
    phase: t.phase,
    apiTeamId,
    monitorId: t.monitorId,
    monitor: t.phase === "slow" ? (monitors.get(t.monitorId) ?? null) : null,
    rule: t.rule,
    alertId: t.alertId,
    since: t.since,
    samples: t.samples,
  }));
}
