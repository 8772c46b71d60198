import { matchesFilters } from "../../../domain/subscription-filters";
import type { AlertKind } from "../../engine/alert-kind";
import type { OutboxEvent } from "../../model";
import { afterOption } from "./after-option";
import { incidentDetector } from "./detector";
import { graceOf } from "./grace-period";
import { outboxEventSchema } from "./incident-event";
import { IncidentMessages } from "./incident-messages";
import { renderAlertRoot } from "./render-alert-root";
import { renderAcknowledgedReply, renderMuteReply, renderRecoveryReply } from "./render-incident-replies";

/** An outage: its root posted once, updated as it is acknowledged, its recovery replied in its thread. */
export const incidentKind: AlertKind<OutboxEvent> = {
  name: "incident",
  types: ["opened", "acknowledged", "resolved"],
  codec: { schema: outboxEventSchema, label: "outbox event" },
  gate: "outage",
  detector: incidentDetector,
  plan(engine) {
    const incidents = new IncidentMessages(engine);
    return {
      inChannel: true,
      failure: "alert delivery failed; the event stays pending and is retried",
      counted: true,
      // A maintenance incident of the API never raises an alert.
      accepts: (sub, event) =>
        matchesFilters(sub.filters, event) && !(event.type === "opened" && event.incident.maintenance),
      // `--after 2m`: an outage is posted once it has lasted that long; its recovery before then drops both.
      defer: (sub, event) => graceOf(sub, event),
      async deliver(ctx, event) {
        const outcome = await incidents.reconcile(ctx, event);
        // What reached the alert's thread reaches its incident channel too, in the same step (once).
        await engine.follow(ctx, event.incidentId);
        return outcome;
      },
    };
  },
  options: [afterOption],
  renderers: { renderAlertRoot, renderAcknowledgedReply, renderRecoveryReply, renderMuteReply },
};
