import { CorruptRecordError } from "../../store/corrupt-record-error";
import type { SubscriptionStore } from "../../store/subscription-store";
import type { DigestDelivery } from "../digests/digest-delivery";
import { subscriptionOfScheduleTarget } from "../engine/schedules/schedule-targets";
import type { DeliverableEvent } from "../outbox/alert-event";
import type { AlertDelivery } from "./alert-delivery";
import type { OutboxDelivery } from "./outbox-entry-handler";

/**
 * One outbox, several kinds of entry (docs/architecture.md section 5 "Schedules"): a poll target's alert event fans
 * out to the target's subscriptions; a schedule's (digest, escalation, maintenance) and an acknowledge's
 * redraw go to their one subscription.
 */
export function routeOutbox(deps: {
  subscriptions: Pick<SubscriptionStore, "get">;
  alerts: Pick<
    AlertDelivery,
    | "subscriptionsOf"
    | "deliverTo"
    | "deliverEscalation"
    | "deliverRedraw"
    | "deliverSlow"
    | "deliverMaintenance"
  >;
  digests: Pick<DigestDelivery, "deliverTo">;
}): OutboxDelivery {
  return {
    async subscriptionsOf(target) {
      const id = subscriptionOfScheduleTarget(target);
      if (id === null) return deps.alerts.subscriptionsOf(target);
      try {
        const subscription = await deps.subscriptions.get(id);
        return { subscriptions: subscription ? [subscription] : [], unreadable: [] };
      } catch (error) {
        if (!(error instanceof CorruptRecordError)) throw error;
        return { subscriptions: [], unreadable: [{ id, reason: error.message }] };
      }
    },
    deliverTo(sub, eventId, event: DeliverableEvent, signal) {
      switch (event.type) {
        case "digest":
          return deps.digests.deliverTo(sub, eventId, event);
        case "escalation":
          return deps.alerts.deliverEscalation(sub, eventId, event, signal);
        case "redraw":
          return deps.alerts.deliverRedraw(sub, eventId, event, signal);
        case "slow":
          return deps.alerts.deliverSlow(sub, eventId, event, signal);
        case "maintenance":
          return deps.alerts.deliverMaintenance(sub, eventId, event, signal);
        default:
          return deps.alerts.deliverTo(sub, eventId, event, signal);
      }
    },
  };
}
