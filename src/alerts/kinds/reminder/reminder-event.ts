import { z } from "zod";
import { scheduleTarget } from "../../engine/schedules/schedule-targets";

/** Who clicked Still on it and when (ms): the next reminder says so. */
export interface StillOnIt {
  by: string;
  at: number;
}

/** What a reminder schedule stores: one incident's reminders in one subscription's channel (`--remind 2h`). */
export interface ReminderSpec {
  kind: "reminder";
  subscriptionId: string;
  incidentId: string;
  everyMinutes: number;
  stillOnIt?: StillOnIt;
}

/** The outbox event of a reminder that fell due; `period` names it, so that each period posts once. */
export interface ReminderEvent {
  type: "reminder";
  subscriptionId: string;
  incidentId: string;
  period: string;
  stillOnIt?: StillOnIt;
}

/** One repeating schedule per (subscription, incident). */
export function reminderScheduleId(subscriptionId: string, incidentId: string): string {
  return `${scheduleTarget("reminder", subscriptionId)}:${incidentId}`;
}

// A Slack user id, as the button's clicker: nothing else reaches the message.
const stillOnIt = z.object({ by: z.string().regex(/^[A-Z0-9]{1,30}$/), at: z.number() }).optional();

export const reminderSpecSchema = z.object({
  kind: z.literal("reminder"),
  subscriptionId: z.string().min(1),
  incidentId: z.string().min(1),
  everyMinutes: z.number().int().positive(),
  stillOnIt,
});

export const reminderEventSchema = z.object({
  type: z.literal("reminder"),
  subscriptionId: z.string().min(1),
  incidentId: z.string().min(1),
  period: z.string().min(1).max(40),
  stillOnIt,
});
