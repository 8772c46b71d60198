import type { AlertMessageRecord, StoredAlertView } from "../../../store/alert-message-store";
import type { AlertKind } from "../../engine/alert-kind";
import type { DeliveryCtx } from "../../engine/channel-posting";
import type { OutboxEvent } from "../../model";
import { IncidentMessages } from "../incident/incident-messages";
import { renderAlertRoot } from "../incident/render-alert-root";
import { TEST_SPEED_MS_PER_MINUTE, type TestAlertEvent, testAlertEventSchema } from "./test-alert-event";
import { testAlertSchedule } from "./test-alert-schedule";

/** What the sample outage says of itself, in its root's Reason. */
export const TEST_ALERT_REASON =
  "This is a test alert (/uptime test): nothing is down. It turns green by itself in a minute.";

function viewOf(event: TestAlertEvent): StoredAlertView {
  return {
    apiTeamId: event.apiTeamId,
    incident: {
      id: event.incidentId,
      monitorId: event.monitor.id,
      started: new Date(event.startedAt).toISOString(),
      ended: null,
      acknowledged: null,
      maintenance: false,
      reason: TEST_ALERT_REASON,
    },
    monitor: event.monitor,
    failingLocations: [],
  };
}

/** The recovery as the poll would have seen it, so that the incident's own path turns the root green. */
function recovered(record: AlertMessageRecord, now: number): OutboxEvent {
  const at = new Date(now).toISOString();
  const { view } = record;
  return {
    type: "resolved",
    incidentId: view.incident.id,
    monitorId: view.incident.monitorId,
    at,
    incident: { ...view.incident, ended: at },
    apiTeamId: view.apiTeamId,
    monitor: view.monitor,
    failingLocations: [],
  };
}

/**
 * `/uptime test`: a sample outage of a real monitor in one subscription's channel, marked TEST, with the
 * root's Acknowledge (kept in Slack: its id is no API id), Mute menu and escalation steps at test speed,
 * green a minute later through the incident's own recovery path. No gate: the channel asked for it now.
 */
export const testAlertKind: AlertKind<TestAlertEvent> = {
  name: "test-alert",
  types: ["test-alert"],
  codec: { schema: testAlertEventSchema, label: "test alert event" },
  gate: null,
  plan(engine) {
    const { messages, drawing, escalations, clock } = engine;
    const incidents = new IncidentMessages(engine);
    // Booked again on a redelivery: bookOnce neither moves a step nor brings back one that fired.
    const bookSteps = async (ctx: DeliveryCtx, event: TestAlertEvent) => {
      if (ctx.sub.escalateMinutes === undefined || !escalations) return;
      await escalations.schedule(ctx.sub, event.incidentId, event.startedAt, TEST_SPEED_MS_PER_MINUTE);
    };
    return {
      inChannel: true,
      failure: "test alert failed; it is retried",
      counted: true,
      accepts: (sub, event) => sub.id === event.subscriptionId,
      async deliver(ctx, event) {
        const { ws, channel } = ctx;
        const found = await messages.get(ws, channel, event.incidentId);
        if (event.phase === "resolved") {
          if (!found) return "skipped";
          return incidents.reconcile(ctx, recovered(found, clock.now()));
        }
        if (found?.ts) {
          await bookSteps(ctx, event);
          return "unchanged";
        }
        // Listed first, as any alert: the Acknowledge redraw and the recovery find the channel's message.
        await messages.addIncidentChannel(ws, event.incidentId, channel, ctx.sub.id);
        await drawing.postRecord(
          ctx,
          found ?? { mode: "root", stage: "open", view: viewOf(event) },
          ctx.sub.mention,
        );
        await bookSteps(ctx, event);
        return "posted";
      },
    };
  },
  renderers: { renderAlertRoot },
  schedules: [testAlertSchedule],
};
