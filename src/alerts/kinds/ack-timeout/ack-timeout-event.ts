import { z } from "zod";
import { scheduleTarget } from "../../engine/schedules/schedule-targets";

/** Who clicked Still on it last and when (ms): the timeout counts from there. */
export interface LastStillOnIt {
  by: string;
  at: number;
}

/** What an acknowledgement timeout stores: one incident's acknowledgement in one subscription's channel. */
export interface AckTimeoutSpec {
  kind: "ack-timeout";
  subscriptionId: string;
  incidentId: string;
  afterMinutes: number;
  stillOnIt?: LastStillOnIt;
}

/** The outbox event of an acknowledgement that expired; `period` (its due time) names it. */
export interface AckTimeoutEvent {
  type: "ack-timeout";
  subscriptionId: string;
  incidentId: string;
  afterMinutes: number;
  period: string;
  stillOnIt?: LastStillOnIt;
}

/** One schedule per (subscription, incident). */
export function ackTimeoutScheduleId(subscriptionId: string, incidentId: string): string {
  return `${scheduleTarget("ack-timeout", subscriptionId)}:${incidentId}`;
}

// A Slack user id, as the button's clicker: nothing else reaches the message.
const stillOnIt = z.object({ by: z.string().regex(/^[A-Z0-9]{1,30}$/), at: z.number() }).optional();

const fields = {
  subscriptionId: z.string().min(1),
  incidentId: z.string().min(1),
  afterMinutes: z.number().int().positive(),
  stillOnIt,
};

export const ackTimeoutSpecSchema = z.object({ kind: z.literal("ack-timeout"), ...fields });

export const ackTimeoutEventSchema = z.object({
  type: z.literal("ack-timeout"),
  ...fields,
  period: z.string().regex(/^\d{1,16}$/),
});
