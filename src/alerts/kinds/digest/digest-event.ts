import { z } from "zod";
import { DIGEST_CADENCES, type DigestCadence } from "../../../domain/digest-cadences";
import { scheduleTarget } from "../../engine/schedules/schedule-targets";
import type { DigestPeriod } from "../../model";

export function digestScheduleId(subscriptionId: string): string {
  return scheduleTarget("digest", subscriptionId);
}

/** What a digest schedule stores: enough to compute its periods on any replica. */
export interface DigestSpec {
  kind: "digest";
  subscriptionId: string;
  cadence: DigestCadence;
  timeZone: string;
}

export interface DigestEvent {
  type: "digest";
  subscriptionId: string;
  cadence: DigestCadence;
  timeZone: string;
  period: DigestPeriod;
}

export const digestSpecSchema = z.object({
  kind: z.literal("digest"),
  subscriptionId: z.string().min(1),
  cadence: z.enum(DIGEST_CADENCES),
  timeZone: z.string().min(1),
});

export const digestEventSchema = z.object({
  type: z.literal("digest"),
  subscriptionId: z.string().min(1),
  cadence: z.enum(DIGEST_CADENCES),
  timeZone: z.string().min(1),
  period: z.object({ key: z.string().min(1), from: z.number(), to: z.number() }),
});
