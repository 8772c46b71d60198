import type { TokenPauseReason } from "../../../domain/pause-reasons";
import type { Logger } from "../../../lib/logger";
import type { PollTargetStore } from "../../../store/poll-target-store";
import type { ClaimedTarget, CommitInput, RejectionStreak } from "../../../store/poll-target-types";
import type { Detector, PollFields } from "./detector";
import type { PollApiCache } from "./poll-api-cache";
import { pollStateCodec } from "./poll-state";
import type { PollTargetMeta } from "./poll-target";
import type { PollTimingOptions } from "./poll-timing";
import {
  confirmRejection,
  DEFAULT_REJECTION_POLICY,
  pauseReasonOf,
  type RejectionKind,
  type RejectionPolicy,
  rejectionRetryAt,
  rejectionStep,
} from "./token-rejection";

export interface ConfirmedRejection {
  target: string;
  kind: RejectionKind;
  reason: TokenPauseReason;
  meta: PollTargetMeta;
  streak: RejectionStreak;
  /** The target's last committed state (null before its first poll), for a take-over's baseline. */
  state: PollFields | null;
}

export interface RejectionCommitDeps {
  scheduler: Pick<PollTargetStore, "recordRejection" | "markPaused">;
  apis: Pick<PollApiCache, "get" | "invalidate">;
  timing: PollTimingOptions;
  /** The poll's API budget, in ms: the confirming check gets half of it. */
  budgetMs: number;
  logger: Logger;
  detectors: readonly Detector[];
  rejections?: RejectionPolicy;
  hooks?: { onTokenRejected?(rejection: ConfirmedRejection): Promise<"moved" | "paused"> };
}

/** "Never silent": a long enough, confirmed streak pauses; "lost" when the lease is no longer held. */
export async function rejectionCommit(
  claimed: ClaimedTarget,
  meta: PollTargetMeta,
  kind: RejectionKind,
  now: number,
  deps: RejectionCommitDeps,
): Promise<CommitInput | "lost"> {
  const { target } = claimed;
  const policy = deps.rejections ?? DEFAULT_REJECTION_POLICY;
  const retry: CommitInput = {
    now,
    failures: "increment",
    nextDueAt: rejectionRetryAt(now, claimed.failures + 1, deps.timing, policy),
  };
  const recheck: CommitInput = { now, failures: "increment", nextDueAt: now + policy.recheckMs };
  const streak = await deps.scheduler.recordRejection(target, claimed.leaseToken, now);
  if (!streak) return "lost";
  const step = rejectionStep(streak, now, policy);
  if (step === "paused") return recheck;
  if (step === "wait") return retry;

  const api = kind === "no_token" ? null : await deps.apis.get(target, meta);
  // A 403 whose team check answers 401 is a refused token once GET /users/me says so, never a lost team.
  const confirmedKind = await confirmRejection(api, kind, meta.apiTeamId, {
    // The poll used up to budgetMs already: the check gets half of it again, so the commit keeps its lease.
    signal: AbortSignal.timeout(Math.max(1, Math.floor(deps.budgetMs / 2))),
  });
  deps.logger.warn(
    { target, kind, rejections: streak.count, confirmed: confirmedKind !== null, confirmedKind },
    "token rejection streak checked",
  );
  if (confirmedKind === null) return retry;
  // The check itself may have cached the API view; a rejected token must not be reused.
  deps.apis.invalidate(target);
  const reason = pauseReasonOf(confirmedKind);
  if (!(await deps.scheduler.markPaused(target, claimed.leaseToken, reason))) return "lost";
  const state = (() => {
    try {
      return pollStateCodec(deps.detectors).decode(claimed.state);
    } catch {
      return null;
    }
  })();
  const outcome = await deps.hooks?.onTokenRejected?.({
    target,
    kind: confirmedKind,
    reason,
    meta,
    streak,
    state,
  });
  deps.logger.warn({ target, reason, outcome: outcome ?? "paused" }, "token rejection confirmed");
  return recheck;
}
