import { createHash } from "node:crypto";
import { z } from "zod";
import {
  SLOW_CHECKS_MAX,
  SLOW_CHECKS_MIN,
  SLOW_MAX_MS,
  SLOW_MIN_MS,
} from "../../../domain/alert-rule-bounds";
import { type SlowRule, slowRuleKey } from "../../../domain/slow-rule";
import type { UserRef } from "../../../domain/workspace-ref";
import { jsonIssueText, parseJson } from "../../../lib/parse-json";
import type { PollTargetStore } from "../../../store/poll-target-store";

// One target per (API team, token): two people's tokens never share a poll. Names hash the token.

/** 16 hex digits (64 bits) of SHA-256: unique enough to tell tokens apart, useless to recover one. */
const TOKEN_HASH_LENGTH = 16;
const TARGET = /^team:([^:{}\s]+):([0-9a-f]{16})$/;
// The target name becomes part of Redis keys whose hash tag must stay the shard's (keys.ts).
const API_TEAM_ID = /^[^:{}\s]{1,64}$/;

export class PollTargetError extends Error {
  override name = "PollTargetError";
}

export function tokenHash(token: string): string {
  if (typeof token !== "string" || token.length === 0) throw new PollTargetError("token must not be empty");
  return createHash("sha256").update(token, "utf8").digest("hex").slice(0, TOKEN_HASH_LENGTH);
}

export function pollTargetName(apiTeamId: string, token: string): string {
  if (!API_TEAM_ID.test(apiTeamId))
    throw new PollTargetError(`invalid API team id: ${JSON.stringify(apiTeamId)}`);
  return `team:${apiTeamId}:${tokenHash(token)}`;
}

export interface ParsedPollTarget {
  apiTeamId: string;
  tokenHash: string;
}

export function parsePollTargetName(target: string): ParsedPollTarget {
  const match = TARGET.exec(target);
  if (!match) throw new PollTargetError(`not a poll target name: ${JSON.stringify(target.slice(0, 100))}`);
  return { apiTeamId: match[1]!, tokenHash: match[2]! };
}

/** Where the token lives (the subscriber's link), never the token. */
export interface PollTargetMeta {
  v: 1;
  apiTeamId: string;
  tokenRef: UserRef;
  /** The subscribe-time read that the first poll's baseline is measured from (BaselineSince of the incident kind). */
  baseline?: { at: number; seen: string[] };
  /** Distinct `--slow` rules: durations are read only when there is one. */
  slow?: SlowRule[];
}

/** Distinct slow rules a target tracks; a subscription with yet another rule gets no slow alert. */
const MAX_SLOW_RULES = 10;

/** Page 1 of incidents holds 10 (reference); a bound keeps the meta small whatever a server sends. */
const MAX_BASELINE_SEEN = 50;

const metaSchema = z.object({
  v: z.literal(1),
  apiTeamId: z.string().regex(API_TEAM_ID),
  tokenRef: z.object({
    userId: z.string().min(1),
    teamId: z.string().optional(),
    enterpriseId: z.string().optional(),
    isEnterpriseInstall: z.boolean().optional(),
  }),
  baseline: z
    .object({ at: z.number().finite(), seen: z.array(z.string()).max(MAX_BASELINE_SEEN) })
    .optional(),
  slow: z
    .array(
      z.object({
        thresholdMs: z.number().int().min(SLOW_MIN_MS).max(SLOW_MAX_MS),
        checks: z.number().int().min(SLOW_CHECKS_MIN).max(SLOW_CHECKS_MAX),
      }),
    )
    .max(MAX_SLOW_RULES)
    .optional(),
});

export function encodePollTargetMeta(meta: Omit<PollTargetMeta, "v">): string {
  const parsed = metaSchema.safeParse({ ...meta, v: 1 });
  if (!parsed.success) throw new PollTargetError(`invalid poll target meta: ${parsed.error.message}`);
  return JSON.stringify(parsed.data);
}

/** The meta of a claimed target; a PollTargetError when it is missing or not written by this version. */
export function decodePollTargetMeta(raw: string | null): PollTargetMeta {
  if (raw === null || raw === "") throw new PollTargetError("poll target has no meta");
  return parseJson(
    raw,
    metaSchema,
    (issue) => new PollTargetError(jsonIssueText("poll target meta", issue)),
  ) as PollTargetMeta;
}

export interface AddPollTargetInput {
  apiTeamId: string;
  /** Names the target and its token group (a hash); never stored. */
  token: string;
  tokenRef: UserRef;
  /** E.g. the subscription id: the target goes when its last subscriber leaves. */
  subscriber: string;
  baseline?: { at: number; seen: readonly string[] };
  /** The slow rules of every subscription of the target, this one's included (distinctSlowRules). */
  slowRules?: readonly SlowRule[];
}

/** Due at once, so the baseline (the subscribe reply) comes within a poll. */
export async function addPollTarget(
  scheduler: Pick<PollTargetStore, "add">,
  input: AddPollTargetInput,
  now: number,
): Promise<string> {
  const { target, registration } = pollTargetRegistration(input);
  await scheduler.add(target, registration, now);
  return target;
}

export function pollTargetRegistration(input: AddPollTargetInput): {
  target: string;
  registration: { subscriber: string; group: string; meta: string };
} {
  return {
    target: pollTargetName(input.apiTeamId, input.token),
    registration: {
      subscriber: input.subscriber,
      // A 429 is per token (reference): every target polled with this token cools down together.
      group: tokenHash(input.token),
      meta: encodePollTargetMeta({
        apiTeamId: input.apiTeamId,
        tokenRef: input.tokenRef,
        ...(input.baseline
          ? { baseline: { at: input.baseline.at, seen: input.baseline.seen.slice(0, MAX_BASELINE_SEEN) } }
          : {}),
        ...(input.slowRules && input.slowRules.length > 0
          ? { slow: distinctSlowRules(input.slowRules) }
          : {}),
      }),
    },
  };
}

/** One order (every subscribe rewrites the meta), at most MAX_SLOW_RULES (docs/alerts.md). */
function distinctSlowRules(rules: readonly SlowRule[]): SlowRule[] {
  const byKey = new Map<string, SlowRule>();
  for (const rule of rules)
    byKey.set(slowRuleKey(rule), { thresholdMs: rule.thresholdMs, checks: rule.checks });
  return [...byKey.values()]
    .sort((a, b) => a.thresholdMs - b.thresholdMs || a.checks - b.checks)
    .slice(0, MAX_SLOW_RULES);
}
