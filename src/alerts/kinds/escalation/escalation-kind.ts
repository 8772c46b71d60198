import { escalationStepsOf } from "../../../domain/escalation-steps";
import type { AlertKind } from "../../engine/alert-kind";
import { EscalationDelivery } from "./escalation-delivery";
import { type EscalationEvent, escalationEventSchema } from "./escalation-event";
import { escalationSchedule } from "./escalation-schedules";
import { renderEscalationReply } from "./render-escalation-reply";

/** An `--escalate` step fell due: one broadcast reply under the incident's root, unless it moved on. */
export const escalationKind: AlertKind<EscalationEvent> = {
  name: "escalation",
  types: ["escalation"],
  codec: { schema: escalationEventSchema, label: "escalation event" },
  // A personal subscription's step is a follow-up (engine/alert-gate.ts): the delivery names that row.
  gate: "escalation",
  plan(engine) {
    const escalation = new EscalationDelivery(engine);
    return {
      inChannel: true,
      failure: "escalation failed; it is retried",
      counted: false,
      // Re-subscribed without --escalate (the same subscription id): its pending steps are void.
      accepts: (sub) => escalationStepsOf(sub).length > 0,
      async deliver(ctx, event) {
        const outcome = await escalation.deliver(ctx, event);
        await engine.follow(ctx, event.incidentId);
        return outcome;
      },
    };
  },
  renderers: { renderEscalationReply },
  schedules: [escalationSchedule],
};
