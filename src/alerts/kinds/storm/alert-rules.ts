import type { MonitorAlertState, StormState } from "../../../store/alert-message-store";

// Times are the incidents' `started`, so a backlog replayed after our downtime decides the same way.

/** More than this many incidents of one team opening within the window make a storm (default N = 5). */
export const STORM_THRESHOLD = 5;
export const STORM_WINDOW_MS = 60_000;
export const FLAP_THRESHOLD = 3;
export const FLAP_WINDOW_MS = 15 * 60_000;

export interface WindowRules {
  threshold: number;
  windowMs: number;
}

export const DEFAULT_STORM_RULES: WindowRules = { threshold: STORM_THRESHOLD, windowMs: STORM_WINDOW_MS };
export const DEFAULT_FLAP_RULES: WindowRules = { threshold: FLAP_THRESHOLD, windowMs: FLAP_WINDOW_MS };

export interface StormDecision {
  opens: Record<string, number>;
  count: number;
  rollup: boolean;
}

// The window ends at this incident's start, so a late open is decided as it would have been in order.
export function decideStorm(
  state: StormState,
  incidentId: string,
  started: number,
  rules: WindowRules = DEFAULT_STORM_RULES,
): StormDecision {
  const { kept: opens, count, from } = windowCount(state.opens, incidentId, started, rules.windowMs);
  const rollup = state.rollup;
  const stormGoesOn =
    rollup !== undefined &&
    rollup.lastOpenAt >= from &&
    Object.values(rollup.members).some((member) => member.stage !== "resolved");
  return { opens, count, rollup: count > rules.threshold || stormGoesOn };
}

export interface FlapDecision {
  starts: Record<string, number>;
  count: number;
  flapping: boolean;
  /** Beyond the threshold with a root to reply to: this incident goes into that root's thread. */
  intoThread: boolean;
}

export function decideFlap(
  state: MonitorAlertState,
  incidentId: string,
  started: number,
  rules: WindowRules = DEFAULT_FLAP_RULES,
): FlapDecision {
  const { kept: starts, count } = windowCount(state.starts, incidentId, started, rules.windowMs);
  const hasOtherRoot = state.lastRoot !== undefined && state.lastRoot.incidentId !== incidentId;
  return {
    starts,
    count,
    flapping: count >= rules.threshold,
    intoThread: count > rules.threshold && hasOtherRoot,
  };
}

/** Later starts are not counted (see decideStorm). */
function windowCount(
  times: Record<string, number>,
  incidentId: string,
  started: number,
  windowMs: number,
): { kept: Record<string, number>; count: number; from: number } {
  const from = started - windowMs;
  const kept = keepRecent({ ...times, [incidentId]: started }, windowMs);
  const count = Object.values(kept).filter((at) => at >= from && at <= started).length;
  return { kept, count, from };
}

/** Entries within one window of the newest: what a later decision can still count. */
function keepRecent(times: Record<string, number>, windowMs: number): Record<string, number> {
  const values = Object.values(times).filter(Number.isFinite);
  const newest = values.length > 0 ? Math.max(...values) : 0;
  return Object.fromEntries(Object.entries(times).filter(([, at]) => at >= newest - windowMs));
}
