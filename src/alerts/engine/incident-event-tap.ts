import { BoundedCache } from "../../lib/bounded-cache";
import type { Clock } from "../../lib/clock";
import type { Logger } from "../../lib/logger";
import type { KindEvent } from "./alert-kind";
import type { OutboxDelivery } from "./outbox-entry-handler";

export interface IncidentChange {
  type: "opened" | "acknowledged" | "resolved";
  incidentId: string;
}

/** Entries already told of, per process: an entry fans out to each subscription, the tap fires once. */
const SEEN_MAX = 10_000;
const SEEN_TTL_MS = 10 * 60_000;

// Never waits and never fails the delivery; a second tell from another replica is harmless (chat.unfurl).
export function tapIncidentEvents(
  delivery: OutboxDelivery,
  onChange: (change: IncidentChange) => Promise<void>,
  deps: { clock: Clock; logger: Logger },
): OutboxDelivery {
  const seen = new BoundedCache<string, true>({
    maxEntries: SEEN_MAX,
    ttlMs: SEEN_TTL_MS,
    clock: deps.clock,
  });
  const tell = (eventId: string, event: KindEvent & { incidentId?: string }) => {
    const { type, incidentId } = event;
    if ((type !== "opened" && type !== "acknowledged" && type !== "resolved") || !incidentId) return;
    if (seen.get(eventId)) return;
    seen.set(eventId, true);
    onChange({ type, incidentId }).catch((err: unknown) =>
      deps.logger.warn({ err, incidentId }, "refreshing an incident's unfurls failed"),
    );
  };
  return {
    subscriptionsOf: (target) => delivery.subscriptionsOf(target),
    async deliverTo(sub, eventId, event, signal) {
      const outcome = await delivery.deliverTo(sub, eventId, event, signal);
      // After the channel has its alert: the card then agrees with the message above it.
      if (outcome !== "retry") tell(eventId, event);
      return outcome;
    },
  };
}
