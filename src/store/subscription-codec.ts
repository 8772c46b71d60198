import { z } from "zod";
import {
  ESCALATE_MAX_MINUTES,
  ESCALATE_MAX_STEPS,
  ESCALATE_MIN_MINUTES,
  FLAP_COUNT_MAX,
  FLAP_COUNT_MIN,
  FLAP_WINDOW_MAX_MINUTES,
  SLOW_CHECKS_MAX,
  SLOW_CHECKS_MIN,
  SLOW_MAX_MS,
  SLOW_MIN_MS,
  STORM_MAX,
  STORM_MIN,
} from "../domain/alert-rule-bounds";
import { DIGEST_CADENCES } from "../domain/digest-cadences";
import { PAUSE_REASONS } from "../domain/pause-reasons";
import { subscriptionOptions } from "../domain/subscription-options";
import { parseRecord } from "./corrupt-record-error";

/**
 * A subscription record as the subscription store (subscription-store.ts) checks it on the way in and
 * reads it back: the schema of a new subscription, and the stored record's encoding (version 1) and its
 * pause. Pure: the store owns the keys and the indexes.
 */

const SLACK_ID = /^[A-Z0-9]{1,30}$/;

const mentionSchema = z.union([
  z.object({ kind: z.enum(["here", "channel", "oncall"]) }),
  z.object({
    kind: z.literal("usergroup"),
    id: z.string().regex(SLACK_ID),
    handle: z.string().min(1).max(80),
  }),
  z.object({
    kind: z.literal("user"),
    id: z.string().regex(SLACK_ID),
    name: z.string().min(1).max(80).optional(),
  }),
]);

const escalationStepSchema = z.object({
  minutes: z.number().int().min(ESCALATE_MIN_MINUTES).max(ESCALATE_MAX_MINUTES),
  mention: mentionSchema.optional(),
});

export const newSubscriptionSchema = z.object({
  workspace: z.object({
    enterpriseId: z.string().optional(),
    teamId: z.string().optional(),
    isEnterpriseInstall: z.boolean().optional(),
  }),
  channelId: z.string().regex(SLACK_ID),
  apiTeamId: z.string().min(1).max(64),
  filters: z.object({ monitors: z.array(z.string().min(1)), groups: z.array(z.string().min(1)) }),
  mention: mentionSchema.nullable(),
  subscriber: z.object({ userId: z.string().regex(SLACK_ID), apiUserId: z.string().min(1) }),
  target: z.string().min(1).max(300),
  rules: z
    .object({
      storm: z.number().int().min(STORM_MIN).max(STORM_MAX).optional(),
      flap: z
        .object({
          count: z.number().int().min(FLAP_COUNT_MIN).max(FLAP_COUNT_MAX),
          windowMinutes: z.number().int().min(1).max(FLAP_WINDOW_MAX_MINUTES),
        })
        .optional(),
    })
    .optional(),
  digest: z
    .object({
      cadence: z.enum(DIGEST_CADENCES),
      timeZone: z.string().min(1).max(100),
    })
    .optional(),
  escalateMinutes: z.number().int().min(ESCALATE_MIN_MINUTES).max(ESCALATE_MAX_MINUTES).optional(),
  // The alert kinds' own options by flag, checked by their declarations when read (optionOf).
  options: z
    .record(z.string().regex(/^[a-z]+(?:-[a-z]+)*$/), z.union([z.number(), z.string().max(200), z.boolean()]))
    .optional(),
  // Each step later than the one before (alert-rule-bounds.ts), as the grammar said.
  escalateSteps: z
    .array(escalationStepSchema)
    .min(1)
    .max(ESCALATE_MAX_STEPS)
    .refine((steps) => steps.every((step, i) => i === 0 || step.minutes > steps[i - 1]!.minutes), {
      message: "escalation steps must go later each time",
    })
    .optional(),
  slow: z
    .object({
      thresholdMs: z.number().int().min(SLOW_MIN_MS).max(SLOW_MAX_MS),
      checks: z.number().int().min(SLOW_CHECKS_MIN).max(SLOW_CHECKS_MAX),
    })
    .optional(),
  personal: z
    .object({
      quiet: z
        .object({
          start: z.string().regex(/^\d\d:\d\d$/),
          end: z.string().regex(/^\d\d:\d\d$/),
          timeZone: z.string().min(1).max(100),
        })
        .nullable(),
      threadTs: z.string().max(40).optional(),
    })
    .optional(),
});

const storedSchema = newSubscriptionSchema.extend({
  v: z.literal(1),
  id: z.string(),
  createdAt: z.number(),
});
const pauseSchema = z.object({ reason: z.enum(PAUSE_REASONS), at: z.number(), notified: z.boolean() });

// A record written before the kinds declared their options holds an option in a field of its own, which
// the option names (legacyField); the schema then drops fields nobody declares any more.
const legacyStoredSchema = z.preprocess((raw) => {
  if (typeof raw !== "object" || raw === null) return raw;
  const record: Record<string, unknown> = { ...raw };
  for (const option of subscriptionOptions()) {
    const legacy = option.legacyField;
    if (!legacy || record[legacy] === undefined) continue;
    const options = (record.options ?? {}) as Record<string, unknown>;
    if (options[option.flag] === undefined) record.options = { ...options, [option.flag]: record[legacy] };
  }
  return record;
}, storedSchema);

type StoredRecord = Omit<z.infer<typeof storedSchema>, "v">;

/** The record's `sub` field: every member of the subscription but its pause, which has a field of its own. */
export function encodeSubscription(record: StoredRecord): string {
  return JSON.stringify({ v: 1, ...record });
}

/** The `sub` and `paused` fields read back; a CorruptRecordError naming `key` when either is unreadable. */
export function decodeSubscription(
  key: string,
  sub: string,
  paused: string | null,
): StoredRecord & { paused: z.infer<typeof pauseSchema> | null } {
  const { v: _v, ...rest } = parseRecord(key, sub, legacyStoredSchema, "subscription");
  const pause = paused ? parseRecord(key, paused, pauseSchema, "subscription") : null;
  return { ...rest, paused: pause };
}
