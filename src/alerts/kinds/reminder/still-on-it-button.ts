import { z } from "zod";
import { defineCodec, valueLimits } from "../../../ui/codec";
import type { KindButton } from "../../engine/alert-kind";
import { stillOnIt } from "./reminder-schedule";

/** Its action_id, as every reminder already posted carries it. */
export const STILL_ON_IT_ACTION = "reminder.still_on_it";

/** The subscription and incident whose reminders restart. */
export const stillOnItCodec = defineCodec(
  "soi",
  1,
  z.object({ subscriptionId: z.string().min(1).max(100), incidentId: z.string().regex(/^\d{1,18}$/) }),
  { limit: valueLimits.buttonValue, keys: { subscriptionId: "s", incidentId: "i" } },
);

/**
 * Still on it under a reminder: records who and restarts the period; the next reminder names them. It moves
 * the team's alerting as an acknowledge would, so it needs what an acknowledge needs (the role table's row).
 */
export const stillOnItButton: KindButton<{ subscriptionId: string; incidentId: string }> = {
  actionId: STILL_ON_IT_ACTION,
  value: stillOnItCodec,
  role: "answer-alert",
  instead: "The next reminder has a Still on it button that works.",
  subscriptionOf: (value) => value.subscriptionId,
  onIt: (value) => value.incidentId,
  async run({ schedules, clock }, { value, sub, by }) {
    const restarted =
      sub !== null &&
      (await stillOnIt(schedules, {
        subscriptionId: sub.id,
        incidentId: value.incidentId,
        by,
        now: clock.now(),
      }));
    return restarted
      ? "Noted: you are on it. The next reminder comes a whole period from now."
      : "This incident has no reminders any more (it recovered, or the channel's subscription changed).";
  },
};
