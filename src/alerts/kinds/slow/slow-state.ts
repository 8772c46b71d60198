import { SLOW_RECOVERY_CHECKS } from "../../../domain/alert-rule-bounds";
import { type SlowRule, slowRuleKey } from "../../../domain/slow-rule";
import type { CheckSnapshot } from "../../engine/poll/detector";
import type { SlowSample } from "../../model";

// Pure, from the poll's one call (A5 gives totalDuration). A check counts once (a watermark plus the ids at
// it: several may share a `created`); failed checks count for nothing: down is an incident.

export interface SlowAlertState {
  /** Names the alert in every channel: rule, monitor and the first slow check of the run. */
  id: string;
  since: number;
  fast: number;
  /** The latest samples, oldest first (SLOW_SAMPLES_MAX). */
  samples: SlowSample[];
}

export interface SlowMonitorState {
  /** The current run of slow checks, oldest first, before an alert opened. */
  run: SlowSample[];
  alert?: SlowAlertState;
}

export interface SlowState {
  watermark: number;
  atWatermark: string[];
  /** slowRuleKey -> monitor id -> state; monitors with nothing going on are left out. */
  rules: Record<string, Record<string, SlowMonitorState>>;
}

export type SlowPhase = "slow" | "updated" | "fast";

export interface SlowTransition {
  phase: SlowPhase;
  rule: SlowRule;
  monitorId: string;
  alertId: string;
  since: number;
  samples: SlowSample[];
}

/** Samples an alert keeps and shows: enough for a small chart, small in the poll state. */
export const SLOW_SAMPLES_MAX = 12;
/** Open alerts per rule kept in the state; beyond them the oldest are let go (a team-wide slowdown). */
const SLOW_ALERTS_MAX = 50;
/** An alert of a monitor with no new check for this long (deleted, paused) is let go without a message. */
export const SLOW_FORGET_MS = 6 * 60 * 60 * 1000;

export function advanceSlow(
  prev: SlowState | undefined,
  checks: readonly CheckSnapshot[],
  rules: readonly SlowRule[],
  now: number,
): { state: SlowState | undefined; transitions: SlowTransition[] } {
  if (rules.length === 0) return { state: undefined, transitions: [] };
  const fresh = newChecks(checks, prev);
  const transitions: SlowTransition[] = [];
  const next: SlowState = { ...nextWatermark(prev, fresh), rules: {} };

  for (const rule of rules) {
    const key = slowRuleKey(rule);
    const monitors: Record<string, SlowMonitorState> = { ...prev?.rules[key] };
    const touched = new Set<string>();
    const opened = new Set<string>();
    for (const check of fresh) {
      if (check.state !== 1) continue;
      const sample = { at: check.created, ms: check.durationMs, location: check.location };
      const before = monitors[check.monitorId] ?? { run: [] };
      const after = step(before, sample, rule, check.monitorId, key);
      if (after.alert && !before.alert) opened.add(check.monitorId);
      if (before.alert && !after.alert) {
        // Opened and over within one poll still says both, in order.
        if (opened.delete(check.monitorId))
          transitions.push(transition("slow", rule, check.monitorId, before.alert));
        transitions.push(
          transition("fast", rule, check.monitorId, {
            ...before.alert,
            samples: withSample(before.alert.samples, sample),
          }),
        );
        touched.delete(check.monitorId);
      } else if (after.alert) {
        touched.add(check.monitorId);
      }
      if (after.alert || after.run.length > 0) monitors[check.monitorId] = after;
      else delete monitors[check.monitorId];
    }
    for (const monitorId of touched) {
      const alert = monitors[monitorId]?.alert;
      if (alert)
        transitions.push(transition(opened.has(monitorId) ? "slow" : "updated", rule, monitorId, alert));
    }
    const kept = bound(monitors, now);
    if (Object.keys(kept).length > 0) next.rules[key] = kept;
  }
  return { state: next, transitions };
}

type Counted = CheckSnapshot & { created: number; durationMs: number };

/** Checks with a duration and a time, not counted yet (after the watermark or new at it), oldest first. */
function newChecks(checks: readonly CheckSnapshot[], prev: SlowState | undefined): Counted[] {
  const watermark = prev?.watermark ?? Number.NEGATIVE_INFINITY;
  const counted = new Set(prev?.atWatermark ?? []);
  const fresh: Counted[] = [];
  for (const check of checks) {
    if (typeof check.created !== "number" || check.created < watermark) continue;
    if (check.created === watermark && counted.has(check.id)) continue;
    if (typeof check.durationMs !== "number" || !Number.isFinite(check.durationMs)) continue;
    fresh.push(check as Counted);
  }
  // A5: newest first; the rules count oldest first. Ties (one round, several locations) keep their order.
  return fresh.reverse().sort((a, b) => a.created - b.created);
}

function nextWatermark(prev: SlowState | undefined, fresh: readonly Counted[]): Omit<SlowState, "rules"> {
  let watermark = prev?.watermark ?? 0;
  for (const check of fresh) watermark = Math.max(watermark, check.created);
  const kept = watermark === prev?.watermark ? prev.atWatermark : [];
  const added = fresh.filter((check) => check.created === watermark).map((check) => check.id);
  return { watermark, atWatermark: [...kept, ...added] };
}

function step(
  state: SlowMonitorState,
  sample: SlowSample,
  rule: SlowRule,
  monitorId: string,
  key: string,
): SlowMonitorState {
  const slow = sample.ms > rule.thresholdMs;
  if (state.alert) {
    const fast = slow ? 0 : state.alert.fast + 1;
    if (fast >= SLOW_RECOVERY_CHECKS) return { run: [] };
    return { run: [], alert: { ...state.alert, fast, samples: withSample(state.alert.samples, sample) } };
  }
  if (!slow) return { run: [] };
  const run = [...state.run, sample].slice(-rule.checks);
  if (run.length < rule.checks) return { run };
  const since = run[0]!.at;
  return {
    run: [],
    alert: {
      id: `${key.replace("/", "-")}-${monitorId}-${since}`,
      since,
      fast: 0,
      samples: run.slice(-SLOW_SAMPLES_MAX),
    },
  };
}

function withSample(samples: readonly SlowSample[], sample: SlowSample): SlowSample[] {
  return [...samples, sample].slice(-SLOW_SAMPLES_MAX);
}

function transition(
  phase: SlowPhase,
  rule: SlowRule,
  monitorId: string,
  alert: SlowAlertState,
): SlowTransition {
  return { phase, rule, monitorId, alertId: alert.id, since: alert.since, samples: alert.samples };
}

/** Forgets what no check renewed for SLOW_FORGET_MS, and the oldest alerts beyond SLOW_ALERTS_MAX. */
function bound(monitors: Record<string, SlowMonitorState>, now: number): Record<string, SlowMonitorState> {
  const entries = Object.entries(monitors).filter(([, s]) => now - lastAt(s) <= SLOW_FORGET_MS);
  entries.sort((a, b) => lastAt(b[1]) - lastAt(a[1]));
  return Object.fromEntries(entries.slice(0, SLOW_ALERTS_MAX));
}

function lastAt(state: SlowMonitorState): number {
  const samples = state.alert ? state.alert.samples : state.run;
  return samples.at(-1)?.at ?? 0;
}
