import type { Clock } from "../../../lib/clock";
import type { Logger } from "../../../lib/logger";
import type { PollTargetStore } from "../../../store/poll-target-store";
import type { ClaimedTarget, CommitInput } from "../../../store/poll-target-types";
import { ALL_CHECKS_PASSED, type CallOptions, type UptimeApi } from "../../../uptime";
import type { PollErrorKind, PollMetrics, PollOutcome } from "../../metrics";
import type { AlertMonitor, IncidentSnapshot } from "../../model";
import type { ClaimHolds } from "./claim-holds";
import {
  type CheckSnapshot,
  type Detected,
  type Detector,
  type EventContext,
  NO_EVENTS,
  type OutboxEntry,
  type PollFields,
  UNCHANGED,
} from "./detector";
import type { PollApiCache } from "./poll-api-cache";
import { classifyPollError, failureCommit, isRejection, TokenUnavailableError } from "./poll-failure";
import { budgetLeft, fetchIncidents, fetchMonitors, toCheckSnapshots } from "./poll-reads";
import { type ClaimCache, PollStateError, pollStateCodec, storedFields } from "./poll-state";
import {
  decodePollTargetMeta,
  type ParsedPollTarget,
  type PollTargetMeta,
  parsePollTargetName,
} from "./poll-target";
import { nextPollAt, type PollTimingOptions } from "./poll-timing";
import { type ConfirmedRejection, rejectionCommit } from "./rejection-commit";
import type { RejectionPolicy } from "./token-rejection";

// Never throws: a failure commits no state or events (no false alarms from an API outage), only a backoff.

/** All checks passed: one constant, so that a quiet poll makes no array. */
const NO_CHECKS: readonly CheckSnapshot[] = NO_EVENTS;

export interface PollHooks {
  /** After the committed baseline of a new target: what is down now (the subscribe reply). */
  onBaseline?(target: string, openIncidents: IncidentSnapshot[], meta: PollTargetMeta): void | Promise<void>;
  /** Drop the token on a 401, then move the subscriptions to another token of the team or pause them. */
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
  detectors: readonly Detector[];
  /** When token rejections pause a target and how often a paused one is re-checked (token-rejection.ts). */
  rejections?: RejectionPolicy;
  rejectedRetryMs?: number;
  claims?: Pick<ClaimCache, "parsed" | "meta" | "state" | "remember">;
  holds?: Pick<ClaimHolds, "has" | "release">;
}

export interface PollResult {
  target: string;
  outcome: PollOutcome;
  events: number;
  errorKind?: PollErrorKind;
  /** Nothing committed and the claim still holds: the worker may poll again before the hold ends. */
  held?: boolean;
}

interface Success {
  commit: CommitInput;
  state?: PollFields;
  outcome: "quiet" | "diffed" | "baseline";
  events: number;
  counted?: readonly NonNullable<OutboxEntry["counted"]>[];
  baseline?: IncidentSnapshot[];
}

/** Told once per poll when its API calls are over and only the commit is left (whether it worked or not). */
export interface PollProgress {
  fetched(): void;
}

/** `progress` is an object, not a callback: no closure per poll. */
export async function pollOnce(
  claimed: ClaimedTarget,
  deps: PollOnceDeps,
  progress?: PollProgress,
): Promise<PollResult> {
  const { target } = claimed;
  const now = deps.clock.now();
  let meta: PollTargetMeta | null = null;
  let parsed: ParsedPollTarget | null = null;
  let fetched = false;
  try {
    parsed = deps.claims ? deps.claims.parsed(target) : parsePollTargetName(target);
    meta = deps.claims ? deps.claims.meta(target, claimed.meta) : decodePollTargetMeta(claimed.meta);
    const success = await poll(claimed, meta, readState(claimed, deps), now, deps);
    fetched = true;
    progress?.fetched();
    // Before the commit, so its events find the subscriptions resumed; a crash in between resumes next poll.
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

function readState(claimed: ClaimedTarget, deps: PollOnceDeps): PollFields | null {
  try {
    if (deps.claims) return deps.claims.state(claimed.target, claimed.state);
    return pollStateCodec(deps.detectors).decode(claimed.state);
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
  state: PollFields | null,
  now: number,
  deps: PollOnceDeps,
): Promise<Success> {
  const api = deps.apis.peek(claimed.target) ?? (await deps.apis.get(claimed.target, meta));
  if (!api) throw new TokenUnavailableError("the subscriber's token is no longer linked");
  const { detectors } = deps;
  const teamId = meta.apiTeamId;
  const nextDueAt = nextPollAt(now, deps.timing);
  const startedAt = performance.now();

  // Bounded by the call's own timeouts, not a timer and AbortSignal per poll (costly at this rate).
  const checksTimeoutMs = Math.max(1, Math.floor(deps.budgetMs / 2));
  const answer = wantsWholeChecks(detectors, meta)
    ? await api.teams.checks(teamId, { timeoutMs: checksTimeoutMs })
    : await api.teams.checksUnlessAllPassed(teamId, { timeoutMs: checksTimeoutMs });
  // All passed: no failing monitor, the same signature and failing locations as the decoded checks give.
  const checks = answer === ALL_CHECKS_PASSED ? NO_CHECKS : toCheckSnapshots(answer);

  let monitors: Map<string, AlertMonitor | null> | undefined;
  let call: CallOptions | undefined;
  let incidents: IncidentSnapshot[] | null = null;
  if (incidentsDue(detectors, state, checks, claimed.refresh)) {
    call = budgetLeft(startedAt + deps.budgetMs);
    monitors = new Map();
    incidents = await fetchIncidents(api, teamId, detectors, state, monitors, call);
  }
  const steps = detect(detectors, state, checks, incidents, meta, now);
  // Quiet: nothing read or moved worth a write, or no stored state (the first poll always reads incidents).
  if (steps === null || (incidents === null && (!state || !steps.changed))) {
    return { outcome: "quiet", events: 0, commit: { now, nextDueAt, failures: "reset" } };
  }

  const nextState = storedFields(detectors, state, steps.views);
  const encoded = JSON.stringify(nextState);
  const outcome = steps.baseline ? "baseline" : "diffed";
  if (steps.events === 0 && encoded === claimed.state) {
    return { outcome, events: 0, commit: { now, nextDueAt, failures: "reset" } };
  }
  const commit: CommitInput = { now, nextDueAt, failures: "reset", state: encoded };
  const baseline = steps.baseline ? { baseline: steps.baseline } : {};
  if (steps.events === 0) return { outcome, events: 0, commit, state: nextState, ...baseline };

  call ??= budgetLeft(startedAt + deps.budgetMs);
  monitors ??= new Map();
  const entries = await outboxEntries(api, detectors, steps, { apiTeamId: teamId, monitors, checks }, call);
  const counted: NonNullable<OutboxEntry["counted"]>[] = [];
  for (const entry of entries) if (entry.counted) counted.push(entry.counted);
  return {
    outcome,
    events: entries.length,
    counted,
    commit: { ...commit, events: entries.map((entry) => entry.event) },
    state: nextState,
    ...baseline,
  };
}

function wantsWholeChecks(detectors: readonly Detector[], meta: PollTargetMeta): boolean {
  for (let i = 0; i < detectors.length; i++) if (detectors[i]!.wholeChecks(meta)) return true;
  return false;
}

function incidentsDue(
  detectors: readonly Detector[],
  state: PollFields | null,
  checks: readonly CheckSnapshot[],
  refreshDue: boolean,
): boolean {
  for (let i = 0; i < detectors.length; i++) {
    if (detectors[i]!.incidents?.due(state, checks, refreshDue)) return true;
  }
  return false;
}

interface Steps {
  all: Detected<object, unknown>[];
  views: (object | undefined)[];
  events: number;
  changed: boolean;
  baseline?: IncidentSnapshot[];
}

/** Null when no detector had anything: a quiet poll makes no array. */
function detect(
  detectors: readonly Detector[],
  state: PollFields | null,
  checks: readonly CheckSnapshot[],
  incidents: readonly IncidentSnapshot[] | null,
  meta: PollTargetMeta,
  now: number,
): Steps | null {
  let steps: Steps | null = null;
  for (let i = 0; i < detectors.length; i++) {
    const step = detectors[i]!.detect(state, checks, incidents, meta, now);
    const idle = step.state === undefined && step.events.length === 0 && !step.changed && !step.baseline;
    if (idle && steps === null) continue;
    if (steps === null) steps = { all: [], views: [], events: 0, changed: false };
    while (steps.all.length < i) {
      steps.all.push(UNCHANGED);
      steps.views.push(undefined);
    }
    steps.all.push(step);
    steps.views.push(step.state);
    steps.events += step.events.length;
    if (step.changed) steps.changed = true;
    if (step.baseline) steps.baseline = step.baseline;
  }
  if (incidents !== null && steps === null) return { all: [], views: [], events: 0, changed: false };
  return steps;
}

/** One read of the monitors the incident pages left out (bounded) and the team when asked. */
async function outboxEntries(
  api: UptimeApi,
  detectors: readonly Detector[],
  steps: Steps,
  context: EventContext & { monitors: Map<string, AlertMonitor | null> },
  call: CallOptions,
): Promise<OutboxEntry[]> {
  const wanted = new Set<string>();
  let team = false;
  for (let i = 0; i < steps.all.length; i++) {
    const { events } = steps.all[i]!;
    if (events.length === 0) continue;
    for (const id of detectors[i]!.monitorsToFetch(events, context.monitors)) wanted.add(id);
    if (detectors[i]!.needsTeam?.(events)) team = true;
  }
  await fetchMonitors(api, [...wanted], context.monitors, call);
  if (team) context.team = await api.teams.get(context.apiTeamId, call);
  const entries: OutboxEntry[] = [];
  for (let i = 0; i < steps.all.length; i++) {
    const { events } = steps.all[i]!;
    if (events.length > 0) entries.push(...detectors[i]!.outbox(events, context));
  }
  return entries;
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
    // Nothing to write: the claim already made the target due at heldUntil and booked the refresh.
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
    deps.claims?.remember(target, success.commit.state, success.state);
  }
  const counted = success.counted ?? NO_EVENTS;
  for (const event of counted) deps.metrics.alertEvent(event.type);
  deps.metrics.poll(success.outcome);
  if (counted.length > 0) {
    deps.logger.info({ target, events: counted.map((e) => `${e.type}:${e.id}`) }, "alert events committed");
  }
  if (success.baseline) {
    const open = success.baseline;
    deps.logger.info({ target, open: open.length }, "poll target baselined");
    await runHook(deps, target, "onBaseline", () => deps.hooks?.onBaseline?.(target, open, meta));
  }
  return { target, outcome: success.outcome, events: success.events };
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
