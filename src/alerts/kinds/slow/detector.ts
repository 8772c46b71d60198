import { z } from "zod";
import type { SlowRule } from "../../../domain/slow-rule";
import type { CheckSnapshot } from "../../engine/poll/detector";
import { type Detector, UNCHANGED } from "../../engine/poll/detector";
import type { AlertMonitor } from "../../model";
import type { SlowEvent } from "./slow-event";
import { advanceSlow, type SlowState, type SlowTransition } from "./slow-state";

// The slow state rides in the poll state, so a transition and its event commit together or not at all.

/** Its view of the poll state: `baselined` is the incident diff's (the first poll reads incidents only). */
export interface SlowPollState {
  baselined?: boolean;
  /** The `--slow` rules' counts and open slow alerts; absent while no rule asks for them. */
  slow?: SlowState;
}

export interface SlowPoll {
  state: SlowState | undefined;
  transitions: SlowTransition[];
  /** A watermark that moved alone does not count, so a busy team's quiet polls write nothing. */
  changed: boolean;
}

const NOTHING: SlowPoll = { state: undefined, transitions: [], changed: false };
/** A target without `--slow` rules (the common case): no array made per poll. */
const NO_RULES: readonly SlowRule[] = [];

const sampleSchema = z.object({ at: z.number(), ms: z.number(), location: z.string() });
const slowSchema = z.object({
  watermark: z.number(),
  atWatermark: z.array(z.string()).max(100),
  rules: z.record(
    z.string(),
    z.record(
      z.string(),
      z.object({
        run: z.array(sampleSchema),
        alert: z
          .object({ id: z.string(), since: z.number(), fast: z.number(), samples: z.array(sampleSchema) })
          .optional(),
      }),
    ),
  ),
});

export const slowDetector: Detector<SlowPollState, SlowTransition> = {
  name: "slow",
  fields: { slow: slowSchema.optional() },
  store(state, into) {
    // Built by advanceSlow in one order on every replica: its JSON compares as the rest does.
    if (state.slow !== undefined) into.slow = state.slow;
  },
  wholeChecks(meta) {
    // Every check's duration (A5 totalDuration): the same one call, decoded whole.
    return (meta.slow?.length ?? 0) > 0;
  },
  detect(prev, checks, _incidents, meta, now) {
    const slow = trackSlow(prev, checks, meta.slow ?? NO_RULES, now);
    if (slow === NOTHING) return UNCHANGED;
    return { state: slow.state ? { slow: slow.state } : {}, events: slow.transitions, changed: slow.changed };
  },
  monitorsToFetch: slowMonitorsToFetch,
  outbox(transitions, { apiTeamId, monitors }) {
    return slowEvents(transitions, apiTeamId, monitors).map((event) => ({ event: JSON.stringify(event) }));
  },
};

/** Nothing before the baseline or without rules; a target whose last rule went drops its slow state. */
export function trackSlow(
  prev: SlowPollState | null,
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

export function withSlow<S extends SlowPollState>(state: S, slow: SlowState | undefined): S {
  const { slow: _old, ...rest } = state;
  return (slow ? { ...rest, slow } : rest) as S;
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
