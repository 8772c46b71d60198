import { optionOf } from "../../../domain/subscription-options";
import type { AlertMessageRecord } from "../../../store/alert-message-store";
import type { AlertKind } from "../../engine/alert-kind";
import { incidentMatcher, incidentMetadata } from "../../engine/alert-metadata";
import { epochOf } from "../../engine/alert-parts";
import { remindOption } from "./remind-option";
import type { ReminderEvent } from "./reminder-event";
import { reminderEventSchema } from "./reminder-event";
import { bookReminders, cancelReminders, reminderSchedule } from "./reminder-schedule";
import { renderReminder } from "./render-reminder";
import { stillOnItButton } from "./still-on-it-button";

/** The metadata event type of a reminder's reply: a retry finds this period's reply before posting again. */
export const REMINDER_EVENT_TYPE = "uptime_alert_reminder";

type Post = NonNullable<AlertMessageRecord["posts"]>[string];

function withPost(record: AlertMessageRecord, post: Post): AlertMessageRecord {
  return { ...record, posts: { ...record.posts, reminder: post } };
}

/**
 * `--remind 2h`: while an incident stays open, acknowledged or not, one broadcast reply in its thread every
 * period, with Still on it. Booked when the root is posted, cancelled on recovery; a mute or a window holds
 * it (its gate row), and each period is posted once (attempt recorded, metadata looked up after a crash).
 */
export const reminderKind: AlertKind<ReminderEvent> = {
  name: "reminder",
  types: ["reminder"],
  codec: { schema: reminderEventSchema, label: "reminder event" },
  gate: "follow-up",
  plan(engine) {
    const { messages, clock, schedules } = engine;
    return {
      inChannel: true,
      failure: "reminder failed; it is retried",
      counted: false,
      // Re-subscribed without --remind (the same subscription id): its pending reminders are void.
      accepts: (sub) => optionOf(sub, remindOption) !== undefined,
      async rootPosted(ctx, view) {
        if (!schedules) return;
        const started = epochOf(view.incident.started);
        await bookReminders(
          schedules,
          ctx.sub,
          view.incident.id,
          Number.isFinite(started) ? started : clock.now(),
        );
      },
      async incidentMoved(ctx, record) {
        if (schedules && record.stage === "resolved")
          await cancelReminders(schedules, ctx.sub.id, record.view.incident.id);
      },
      async deliver(ctx, event) {
        const { ws, channel, eventId } = ctx;
        const record = await messages.get(ws, channel, event.incidentId);
        if (record?.mode !== "root" || !record.ts) return "skipped";
        if (record.stage === "resolved") {
          if (schedules) await cancelReminders(schedules, ctx.sub.id, event.incidentId);
          return "skipped";
        }
        const last = record.posts?.reminder;
        const prior = last?.key === event.period ? last : undefined;
        if (prior?.ts) return "skipped";
        const gate = await engine.gate({
          sub: ctx.sub,
          ws,
          channel,
          monitor: {
            monitorId: record.view.incident.monitorId,
            group: record.view.monitor?.group,
            apiTeamId: record.view.apiTeamId,
          },
        });
        if (gate.kind !== "deliver") return "skipped";
        const rendered = renderReminder({
          incident: record.view.incident,
          monitor: record.view.monitor,
          apiTeamId: record.view.apiTeamId,
          subscriptionId: ctx.sub.id,
          ackedBy: record.ackedBy ?? (await messages.ackedBy(ws, event.incidentId)) ?? undefined,
          stillOnIt: event.stillOnIt,
          links: engine.webLinks,
          runbooks: await engine.runbooks({
            apiTeamId: record.view.apiTeamId,
            monitorId: record.view.incident.monitorId,
            group: record.view.monitor?.group,
          }),
          now: clock.now(),
        });
        const rootTs = record.ts;
        const metadata = incidentMetadata(REMINDER_EVENT_TYPE, event.incidentId, eventId, channel);
        const incident = incidentMatcher(event.incidentId, channel);
        const { ts } = await engine.posting.postOnce(ctx, {
          attempt: prior?.attempt,
          eventType: REMINDER_EVENT_TYPE,
          matcher: (payload) => incident(payload) && payload.period === event.period,
          threadTs: rootTs,
          saveAttempt: async (attempt) => {
            const latest = (await messages.get(ws, channel, event.incidentId)) ?? record;
            await messages.put(
              ws,
              channel,
              event.incidentId,
              withPost(latest, { key: event.period, attempt }),
            );
          },
          message: {
            channel,
            ...rendered,
            thread_ts: rootTs,
            // Personal alerts in their quiet hours: the reminder stays in the thread, where nothing pushes.
            ...(gate.quietThreadTs ? {} : { reply_broadcast: true }),
            metadata: { ...metadata, event_payload: { ...metadata.event_payload, period: event.period } },
          },
        });
        const latest = (await messages.get(ws, channel, event.incidentId)) ?? record;
        await messages.put(ws, channel, event.incidentId, withPost(latest, { key: event.period, ts }));
        engine.metrics.delivery("posted");
        await engine.follow(ctx, event.incidentId);
        return "posted";
      },
    };
  },
  options: [remindOption],
  buttons: [stillOnItButton],
  renderers: { renderReminder },
  schedules: [reminderSchedule],
};
