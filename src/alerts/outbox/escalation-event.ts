import { z } from "zod";
import { scheduleTarget } from "./schedule-targets";

/** What an escalation schedule stores: one incident in one subscription's channel (`--escalate <N>m`). */
export interface EscalationSpec {
  kind: "escalation";
  subscriptionId: string;
  incidentId: string;
  afterMinutes: number;
}

/** The outbox event of an escalation that fell due. */
export interface EscalationEvent {
  type: "escalation";
  subscriptionId: string;
  incidentId: string;
  afterMinutes: number;
}

/** One schedule per (subscription, incident): it fires once, ever. */
export function escalationScheduleId(subscriptionId: string, incidentId: string): string {
  return `${scheduleTarget("escalation", subscriptionId)}:${incidentId}`;
}

export const escalationSpecSchema = z.object({
  kind: z.literal("escalation"),
  subscriptionId: z.string().min(1),
  incidentId: z.string().min(1),
  afterMinutes: z.number().int().positive(),
});

export const escalationEventSchema = z.object({
  type: z.literal("escalation"),
  subscriptionId: z.string().min(1),
  incidentId: z.string().min(1),
  afterMinutes: z.number().int().positive(),
});
