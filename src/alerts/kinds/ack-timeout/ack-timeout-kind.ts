import { optionOf } from "../../../domain/subscription-options";
import type { AlertMessageRecord } from "../../../store/alert-message-store";
import type { AlertKind } from "../../engine/alert-kind";
import { epochOf } from "../../engine/alert-parts";
import { type AckTimeoutEvent, ackTimeoutEventSchema } from "./ack-timeout-event";
import { ackTimeoutOption } from "./ack-timeout-option";
import {
  ackTimeoutSchedule,
  bookAckTimeout,
  cancelAckTimeout,
  restartAckTimeout,
} from "./ack-timeout-schedule";
import { renderAckExpired } from "./render-ack-expired";

const KIND = "ack-timeout";

/**
 * `--ack-timeout 1h`: an incident still open that long after its acknowledgement (or the last Still on it)
 * runs its escalation steps again from the first, and its root says whose acknowledgement expired. Booked
 * when the incident moves to acknowledged, cancelled at the recovery; the expiry is written once per period
 * (the root's note and the steps' one-shot bookings are the same on a redelivery).
 */
export const ackTimeoutKind: AlertKind<AckTimeoutEvent> = {
  name: KIND,
  types: [KIND],
  codec: { schema: ackTimeoutEventSchema, label: "acknowledgement timeout event" },
  // What it posts are escalation steps, which that row gates; the root's line is an update.
  gate: "escalation",
  plan(engine) {
    const { messages, schedules, escalations, clock } = engine;
    return {
      inChannel: true,
      failure: "acknowledgement timeout failed; it is retried",
      counted: false,
      // Re-subscribed without --ack-timeout (the same subscription id): a pending one is void.
      accepts: (sub) => optionOf(sub, ackTimeoutOption) !== undefined,
      async incidentMoved(ctx, record) {
        if (!schedules) return;
        const id = record.view.incident.id;
        if (record.stage === "resolved") await cancelAckTimeout(schedules, ctx.sub.id, id);
        else if (record.stage === "acknowledged") {
          const at = epochOf(record.view.incident.acknowledged);
          await bookAckTimeout(schedules, ctx.sub, id, Number.isFinite(at) ? at : clock.now());
        }
      },
      async deliver(ctx, event) {
        const { ws, channel } = ctx;
        const record = await messages.get(ws, channel, event.incidentId);
        if (record?.mode !== "root" || !record.ts || record.stage !== "acknowledged") return "skipped";
        // The steps first, from the expiry's own time: a redelivery books the same one-shots again.
        await escalations?.replay?.(ctx.sub, event.incidentId, Number(event.period));
        const ackedBy = record.ackedBy ?? (await messages.ackedBy(ws, event.incidentId)) ?? undefined;
        const note = renderAckExpired({
          ackedBy,
          afterMinutes: event.afterMinutes,
          stillOnIt: event.stillOnIt,
        });
        if (record.notes?.[KIND] === note) return "unchanged";
        const next: AlertMessageRecord = { ...record, notes: { ...record.notes, [KIND]: note } };
        await engine.drawing.updateRoot(ctx, next, record.ts);
        await messages.put(ws, channel, event.incidentId, next);
        return "updated";
      },
    };
  },
  options: [ackTimeoutOption],
  // Still on it (a reminder's button): the timeout counts again from the click.
  onIt: ({ schedules, clock }, { sub, incidentId, by }) =>
    restartAckTimeout(schedules, { subscriptionId: sub.id, incidentId, by, now: clock.now() }),
  renderers: { renderAckExpired },
  schedules: [ackTimeoutSchedule],
};
