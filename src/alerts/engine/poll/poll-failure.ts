import type { CommitInput } from "../../../store/poll-target-types";
import {
  ApiError,
  AuthenticationError,
  DecodeError,
  NetworkError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  TimeoutError,
} from "../../../uptime";
import type { PollErrorKind } from "../../metrics";
import { PollTargetError } from "./poll-target";
import { coolDownUntil, type PollTimingOptions, retryPollAt } from "./poll-timing";

// A failure writes no state or events: the next good poll diffs against the last good state.

/** After unusable meta (a target this version cannot read): look again this much later. */
export const DEFAULT_REJECTED_RETRY_MS = 5 * 60_000;

export class TokenUnavailableError extends Error {
  override name = "TokenUnavailableError";
}

export function classifyPollError(error: unknown): PollErrorKind {
  if (error instanceof AuthenticationError) return "unauthorized";
  if (error instanceof TokenUnavailableError) return "no_token";
  if (error instanceof PermissionDeniedError || error instanceof NotFoundError) return "no_access";
  if (error instanceof RateLimitError) return "rate_limited";
  if (error instanceof ServerError) return "server";
  if (error instanceof ApiError) return "client";
  if (error instanceof TimeoutError) return "timeout";
  if (error instanceof NetworkError) return "network";
  if (error instanceof DecodeError) return "decode";
  if (error instanceof PollTargetError) return "meta";
  return "internal";
}

/** Token rejections only count in the target's streak; a confirmed streak pauses (token-rejection.ts). */
export function isRejection(kind: PollErrorKind): kind is "unauthorized" | "no_access" | "no_token" {
  return kind === "unauthorized" || kind === "no_access" || kind === "no_token";
}

export interface FailureContext {
  now: number;
  failures: number;
  /** The target's token group (its token hash), for a 429's cool-down; null when unknown. */
  tokenGroup: string | null;
  timing: PollTimingOptions;
  rejectedRetryMs?: number;
}

export function failureCommit(kind: PollErrorKind, error: unknown, context: FailureContext): CommitInput {
  const { now, timing } = context;
  const base = { now, failures: "increment" as const };
  if (kind === "meta") {
    return { ...base, nextDueAt: now + (context.rejectedRetryMs ?? DEFAULT_REJECTED_RETRY_MS) };
  }
  if (kind === "rate_limited") {
    // A2: Retry-After in seconds; the reference rate-limits per token, so the whole group waits.
    const retryAfter = error instanceof RateLimitError ? error.retryAfter : null;
    const until = coolDownUntil(now, retryAfter, timing.intervalMs);
    return context.tokenGroup
      ? { ...base, nextDueAt: until, coolDownGroup: context.tokenGroup, coolDownUntil: until }
      : { ...base, nextDueAt: until };
  }
  return { ...base, nextDueAt: retryPollAt(now, context.failures + 1, timing) };
}
