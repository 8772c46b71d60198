import type { Clock } from "../../lib/clock";
import type { Logger } from "../../lib/logger";
import type { PollTargetStore } from "../../store/poll-target-store";
import type { ClaimedTarget, CommitInput } from "../../store/poll-target-types";
import type { Incident } from "../../uptime";
import { ALL_CHECKS_PASSED, type CallOptions, type Page, type UptimeApi } from "../../uptime";
import { encodeOutboxEvent } from "../kinds/incident/incident-event";
import { encodeSlowEvent } from "../kinds/slow/slow-event";
import type { PollErrorKind, PollMetrics, PollOutcome } from "../metrics";
import type { AlertMonitor, IncidentSnapshot, OutboxEvent } from "../model";
import { checksSignature, needsIncidentFetch } from "./checks-signature";
import type { ClaimCache } from "./claim-cache";
import type { ClaimHolds } from "./claim-holds";
import { diffIncidents, shouldFetchNextPage, trackedOpenMissing } from "./diff";
import { enrichEvents, monitorsToFetch, needsTeamCounters, teamMonitorCount } from "./enrich-events";
import { fetchMonitors, orNullWhenGone } from "./fetch-monitors";
import type { PollApiCache } from "./poll-api-cache";
import { classifyPollError, failureCommit, isRejection, TokenUnavailableError } from "./poll-failure";
import { toAlertMonitor, toCheckSnapshots, toIncidentSnapshot } from "./poll-mapping";
import { decodePollState, encodePollState, type PollState, PollStateError } from "./poll-state";
import {
  decodePollTargetMeta,
  type ParsedPollTarget,
  type PollTargetMeta,
  parsePollTargetName,
} from "./poll-target";
import { nextPollAt, type PollTimingOptions } from "./poll-timing";
import { type ConfirmedRejection, rejectionCommit } from "./rejection-commit";
import { type SlowPoll, slowEvents, slowMonitorsToFetch, trackSlow, withSlow } from "./slow-poll";
import type { RejectionPolicy } from "./token-rejection";

export type { ConfirmedRejection } from "./rejection-commit";

/**
 * One poll of one claimed target (docs/architecture.md section 5): read the team's checks; when they changed (or
 * every 30 s) read the incidents and diff them against the stored state; enrich the events; commit
 * state, events and the next due time under the lease. Never throws: every failure becomes a commit
 * without state or events (no false alarms from a third-party outage) and a backoff.
 */

/** Most incident pages read in one poll (10 incidents each): a burst beyond this waits for the next. */
export const MAX_INCIDENT_PAGES = 5;
/** Most `GET /incidents/{id}` (A7) of tracked open incidents that fell off the pages, per poll. */
export const MAX_MISSING_FETCHES = 20;
export { MAX_MONITOR_FETCHES } from "./fetch-monitors";

/** A target without `--slow` subscriptions (the common case): no array made per poll (issue 13). */
const NO_SLOW_RULES: readonly never[] = [];

export interface PollHooks {
  /** After the committed baseline of a new target: what is down now (the subscribe reply). */
  onBaseline?(target: string, openIncidents: IncidentSnapshot[], meta: PollTargetMeta): void | Promise<void>;
  /**
   * A confirmed rejection, the target already marked paused: drop the token on a 401, then move the
   * subscriptions onto another subscriber's token of the team (`moved`) or pause them and tell (`paused`).
   */
  onTokenRejected?(rejection: ConfirmedRejection): Promise<"moved" | "paused">;
  /** A poll worked after failed ones, before its commit: lift the token pauses of the target's subscriptions. */
  onRecovered?(target: string): void | Promise<void>;
}

export interface PollOnceDeps {
  scheduler: Pick<PollTargetStore, "commit" | "shardOf" | "recordRejection" | "markPaused">;
  apis: Pick<PollApiCache, "get" | "peek" | "invalidate">;
  clock: Clock;
  timing: PollTimingOptions;
  /** Deadline of all the API calls of one poll, in ms: below the lease, so the commit still holds it. */
  budgetMs: number;
  metrics: PollMetrics;
  logger: Logger;
  hooks?: PollHooks;
  /** When token rejections pause a target and how often a paused one is re-checked (token-rejection.ts). */
  rejections?: RejectionPolicy;
  rejectedRetryMs?: number;
  /** Decoded claim strings reused between polls (PollWorker keeps one); without it every claim is decoded. */
  claims?: Pick<ClaimCache, "parsed" | "meta" | "state" | "remember">;
  /** The worker's held claims whose polls run (claim-holds.ts); without it every poll commits. */
  holds?: Pick<ClaimHolds, "has" | "release">;
}

const UNCACHED: Pick<ClaimCache, "parsed" | "meta" | "state" | "remember"> = {
  parsed: parsePollTargetName,
  meta: (_target, raw) => decodePollTargetMeta(raw),
  state: (_target, raw) => decodePollState(raw),
  remember: () => {},
};

export interface PollResult {
  target: string;
  outcome: PollOutcome;
  /** Events committed to the outbox. */
  events: number;
  errorKind?: PollErrorKind;
  /**
   * True when the poll committed nothing and its claim still holds the target (a quiet poll of a held
   * claim): the worker may poll the target again before the hold ends (poll-worker.ts).
   */
  held?: boolean;
}

interface Success {
  commit: CommitInput;
  /** The decoded state that `commit.state` encodes, when the poll writes one. */
  state?: PollState;
  outcome: "quiet" | "diffed" | "baseline";
  events: OutboxEvent[];
  /** Slow-response events committed with them (issue 37). */
  slowEvents?: number;
  baseline?: IncidentSnapshot[];
}

/** Told once per poll when its API calls are over and only the commit is left (whether it worked or not). */
export interface PollProgress {
  fetched(): void;
}

/**
 * `progress.fetched()` frees the worker's API concurrency as soon as only the commit is left. An object
 * rather than a callback: no closure is made per poll (issue 13, a quiet poll's own CPU).
 */
export async function pollOnce(
  claimed: ClaimedTarget,
  deps: PollOnceDeps,
  progress?: PollProgress,
): Promise<PollResult> {
  const { target } = claimed;
  const now = deps.clock.now();
  let meta: PollTargetMeta | null = null;
  let parsed: ParsedPollTarget | null = null;
  const claims = deps.claims ?? UNCACHED;
  let fetched = false;
  try {
    parsed = claims.parsed(target);
    meta = claims.meta(target, claimed.meta);
    const success = await poll(claimed, meta, readState(claimed, claims, deps), now, deps);
    fetched = true;
    progress?.fetched();
    // Before the commit, so that its events find the subscriptions resumed, and so that a crash in
    // between leaves the failure count up and the next poll resumes them instead.
    if (claimed.failures > 0) {
      await runHook(deps, target, "onRecovered", () => deps.hooks?.onRecovered?.(target));
    }
    return await commitSuccess(claimed, meta, success, deps);
  } catch (error) {
    if (!fetched) progress?.fetched();
    return await commitFailure(claimed, meta, parsed, error, now, deps);
  } finally {
    // Only now: until its commit landed, the worker extends the claim of a poll that outlasts its hold.
    deps.holds?.release(claimed);
  }
}

function readState(
  claimed: ClaimedTarget,
  claims: Pick<ClaimCache, "state">,
  deps: PollOnceDeps,
): PollState | null {
  try {
    return claims.state(claimed.target, claimed.state);
  } catch (error) {
    if (!(error instanceof PollStateError)) throw error;
    // Baselining again announces nothing old; only transitions during the gap are lost.
    deps.metrics.pollError("state");
    deps.logger.error(
      { target: claimed.target, err: error.message },
      "poll state unreadable: baselining again",
    );
    return null;
  }
}

async function poll(
  claimed: ClaimedTarget,
  meta: PollTargetMeta,
  state: PollState | null,
  now: number,
  deps: PollOnceDeps,
): Promise<Success> {
  const api = deps.apis.peek(claimed.target) ?? (await deps.apis.get(claimed.target, meta));
  if (!api) throw new TokenUnavailableError("the subscriber's token is no longer linked");
  const teamId = meta.apiTeamId;
  const nextDueAt = nextPollAt(now, deps.timing);
  const startedAt = performance.now();

  // The reference keeps team checks cheap for polling: a quiet poll is this one call. It is bounded by
  // the call's own headers and body timeouts (half the budget) rather than a timer and an AbortSignal
  // per poll: at thousands of polls a second those cost more than the rest of a quiet poll's logic.
  const checksTimeoutMs = Math.max(1, Math.floor(deps.budgetMs / 2));
  const slowRules = meta.slow ?? NO_SLOW_RULES;
  // `--slow` rules read every check's duration (A5 totalDuration): the same one call, decoded whole.
  const answer =
    slowRules.length > 0
      ? await api.teams.checks(teamId, { timeoutMs: checksTimeoutMs })
      : await api.teams.checksUnlessAllPassed(teamId, { timeoutMs: checksTimeoutMs });
  // All passed: no failing monitor, the same signature and failing locations as the decoded checks give.
  const checks = answer === ALL_CHECKS_PASSED ? [] : toCheckSnapshots(answer);
  const slow = trackSlow(state, checks, slowRules, now);
  if (!needsIncidentFetch(state?.checksSignature, checks, claimed.refresh)) {
    // Nothing to write: the stored state holds this signature, or one whose recovered failures have only
    // scrolled off the checks page since (or the fetch would be due).
    if (!slow.changed || !state)
      return { outcome: "quiet", events: [], commit: { now, nextDueAt, failures: "reset" } };
    const left = budgetLeft(startedAt + deps.budgetMs);
    return slowOnly(api, teamId, withSlow(state, slow.state), slow, { now, nextDueAt }, left);
  }

  const call = budgetLeft(startedAt + deps.budgetMs);
  const monitors = new Map<string, AlertMonitor | null>();

  const fetched = await fetchIncidents(api, teamId, state, monitors, call);
  const diff = diffIncidents(state, fetched, { now, baselineSince: meta.baseline });
  const nextState = withSlow({ ...diff.state, checksSignature: checksSignature(checks) }, slow.state);
  const encoded = encodePollState(nextState);
  const outcome = diff.baseline ? "baseline" : "diffed";
  if (diff.events.length === 0 && encoded === claimed.state) {
    // A refresh that found nothing new: the stored state is this one (issue 13).
    return { outcome, events: [], commit: { now, nextDueAt, failures: "reset" } };
  }
  const commit: CommitInput = { now, nextDueAt, failures: "reset", state: encoded };
  const baseline = diff.baseline ? { baseline: diff.baseline.openIncidents } : {};
  if (diff.events.length === 0 && slow.transitions.length === 0) {
    return { outcome, events: [], commit, state: nextState, ...baseline };
  }

  const wanted = [
    ...monitorsToFetch(diff.events, monitors),
    ...slowMonitorsToFetch(slow.transitions, monitors),
  ];
  await fetchMonitors(api, [...new Set(wanted)], monitors, call);
  const team = needsTeamCounters(diff.events) ? await api.teams.get(teamId, call) : undefined;
  const events = enrichEvents(diff.events, {
    apiTeamId: teamId,
    monitors,
    checks,
    teamMonitorCount: team ? teamMonitorCount(team.counters) : undefined,
    teamName: team?.name,
  });
  const slowOut = slowEvents(slow.transitions, teamId, monitors);
  return {
    outcome,
    events,
    slowEvents: slowOut.length,
    commit: { ...commit, events: [...events.map(encodeOutboxEvent), ...slowOut.map(encodeSlowEvent)] },
    state: nextState,
    ...baseline,
  };
}

/**
 * The checks changed nothing the incidents care about, but the slow state moved (issue 37): commit it with
 * its events. The only extra read is the monitor of an alert that opens (its name and group).
 */
async function slowOnly(
  api: UptimeApi,
  teamId: string,
  nextState: PollState,
  slow: SlowPoll,
  at: { now: number; nextDueAt: number },
  call: CallOptions,
): Promise<Success> {
  const monitors = new Map<string, AlertMonitor | null>();
  await fetchMonitors(api, slowMonitorsToFetch(slow.transitions, monitors), monitors, call);
  const events = slowEvents(slow.transitions, teamId, monitors).map(encodeSlowEvent);
  const state = encodePollState(nextState);
  const commit: CommitInput = { ...at, failures: "reset", state, ...(events.length ? { events } : {}) };
  return { outcome: "diffed", events: [], slowEvents: events.length, commit, state: nextState };
}

/**
 * The remaining calls of a poll share what is left of its budget: each call's timeout is read when it
 * starts (the transport reads `timeoutMs` per attempt; a spread copies it then), so that each is bounded
 * by the time left at that moment, through its headers and body timeouts. Not an AbortSignal per poll:
 * `AbortSignal.timeout` was 5 % of a latency-bound poller's CPU in the measured window (issue 13).
 */
function budgetLeft(deadline: number): CallOptions {
  return {
    get timeoutMs() {
      return Math.max(1, Math.floor(deadline - performance.now()));
    },
  };
}

/**
 * Page 1 (A6: newest first), more pages while every incident on the last one is new, then the tracked
 * open incidents that fell off by id (A7). Monitors come included with the lists (`include=monitor`),
 * so that enrichment rarely needs another call.
 */
async function fetchIncidents(
  api: UptimeApi,
  teamId: string,
  state: PollState | null,
  monitors: Map<string, AlertMonitor | null>,
  call: CallOptions,
): Promise<IncidentSnapshot[]> {
  const fetched: IncidentSnapshot[] = [];
  let page: Page<Incident> | null = await api.teams.incidents(teamId, { ...call, include: ["monitor"] });
  let snapshots = takeIncidents(page.items, fetched, monitors);
  for (
    let pages = 1;
    pages < MAX_INCIDENT_PAGES && page.hasMore && shouldFetchNextPage(snapshots, state);
    pages++
  ) {
    page = await page.next(call);
    if (!page) break;
    snapshots = takeIncidents(page.items, fetched, monitors);
  }

  const missing = trackedOpenMissing(state, fetched).slice(0, MAX_MISSING_FETCHES);
  if (missing.length === 0) return fetched;
  const byId = await Promise.all(missing.map((id) => orNullWhenGone(api.incidents.get(id, call))));
  for (const incident of byId) if (incident) takeIncidents([incident], fetched, monitors);
  return fetched;
}

/**
 * The snapshots of `incidents`, also added to `fetched`, and their included monitors to `monitors`. Not a
 * closure per poll: the build keeps function names, and wraps every closure made in a call to do so.
 */
function takeIncidents(
  incidents: readonly Incident[],
  fetched: IncidentSnapshot[],
  monitors: Map<string, AlertMonitor | null>,
): IncidentSnapshot[] {
  const snapshots: IncidentSnapshot[] = [];
  for (const incident of incidents) {
    if (incident.monitor) monitors.set(incident.monitor.id, toAlertMonitor(incident.monitor));
    const snapshot = toIncidentSnapshot(incident);
    if (snapshot) snapshots.push(snapshot);
  }
  for (const snapshot of snapshots) fetched.push(snapshot);
  return snapshots;
}

async function commitSuccess(
  claimed: ClaimedTarget,
  meta: PollTargetMeta,
  success: Success,
  deps: PollOnceDeps,
): Promise<PollResult> {
  const { target } = claimed;
  const held = deps.holds?.has(claimed) ?? false;
  if (held && claimed.settled && success.commit.state === undefined && success.commit.events === undefined) {
    // Nothing to write (issue 13): the stored state is the poll's (a quiet poll, or a refresh that found
    // nothing new), there are no failures or streak to reset, and the claim made the target due at its
    // next poll (heldUntil) and booked the refresh. The lease token stays stored until the next claim
    // replaces it; a commit with it would still be accepted until then.
    deps.metrics.poll(success.outcome);
    return { target, outcome: success.outcome, events: 0, held: true };
  }
  const committed = await commit(claimed, success.commit, deps);
  if (committed === null) {
    deps.metrics.poll("failed");
    return { target, outcome: "failed", events: 0, errorKind: "commit" };
  }
  if (!committed) return stale(target, deps);
  if (success.state && success.commit.state !== undefined) {
    (deps.claims ?? UNCACHED).remember(target, success.commit.state, success.state);
  }
  for (const event of success.events) deps.metrics.alertEvent(event.type);
  deps.metrics.poll(success.outcome);
  if (success.events.length > 0) {
    deps.logger.info(
      { target, events: success.events.map((e) => `${e.type}:${e.incidentId}`) },
      "alert events committed",
    );
  }
  if (success.baseline) {
    const open = success.baseline;
    deps.logger.info({ target, open: open.length }, "poll target baselined");
    await runHook(deps, target, "onBaseline", () => deps.hooks?.onBaseline?.(target, open, meta));
  }
  return { target, outcome: success.outcome, events: success.events.length + (success.slowEvents ?? 0) };
}

async function commitFailure(
  claimed: ClaimedTarget,
  meta: PollTargetMeta | null,
  parsed: ParsedPollTarget | null,
  error: unknown,
  now: number,
  deps: PollOnceDeps,
): Promise<PollResult> {
  const { target } = claimed;
  const kind = classifyPollError(error);
  deps.metrics.pollError(kind);
  const level = kind === "internal" || kind === "meta" ? "error" : "warn";
  deps.logger[level](
    {
      target,
      kind,
      failures: claimed.failures + 1,
      err: error instanceof Error ? error.message : String(error),
    },
    "poll failed",
  );
  let input = failureCommit(kind, error, {
    now,
    failures: claimed.failures,
    tokenGroup: parsed?.tokenHash ?? null,
    timing: deps.timing,
    rejectedRetryMs: deps.rejectedRetryMs,
  });
  if (isRejection(kind) && meta) {
    deps.apis.invalidate(target);
    const rejected = await rejectionCommit(claimed, meta, kind, now, deps).catch((err: unknown) => {
      // Redis or a hook failed: retry like any failure; the streak in Redis is still there next time.
      deps.logger.error({ target, err: (err as Error).message }, "token rejection handling failed");
      return input;
    });
    if (rejected === "lost") return stale(target, deps);
    input = rejected;
  }
  const committed = await commit(claimed, input, deps);
  if (committed === false) return stale(target, deps);
  deps.metrics.poll("failed");
  return { target, outcome: "failed", events: 0, errorKind: kind };
}

/** True when committed, false when refused (stale lease), null when Redis failed. */
async function commit(
  claimed: ClaimedTarget,
  input: CommitInput,
  deps: PollOnceDeps,
): Promise<boolean | null> {
  try {
    const shard = deps.scheduler.shardOf(claimed.target);
    return await deps.scheduler.commit(shard, claimed.target, claimed.leaseToken, input);
  } catch (error) {
    // The lease runs out and another worker polls again from the last committed state: nothing is lost.
    deps.metrics.pollError("commit");
    deps.logger.error({ target: claimed.target, err: (error as Error).message }, "poll commit failed");
    return null;
  }
}

function stale(target: string, deps: PollOnceDeps): PollResult {
  deps.metrics.leaseTakeover();
  deps.metrics.poll("stale");
  deps.logger.warn({ target }, "poll commit refused: another worker took the target over");
  return { target, outcome: "stale", events: 0 };
}

async function runHook(deps: PollOnceDeps, target: string, hook: string, run: () => unknown): Promise<void> {
  try {
    await run();
  } catch (error) {
    deps.logger.error({ target, hook, err: (error as Error).message }, "poll hook failed");
  }
}
