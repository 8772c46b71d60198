import type { SubscriptionFilters } from "../store/subscription-store";
import type { OutboxEvent } from "./alert-event";

/**
 * Whether a subscription's filters take an event: no filter takes everything; otherwise the monitor id
 * is listed, or its group is. A monitor the poller could not read (null) matches only by id.
 */
export function matchesFilters(
  filters: SubscriptionFilters,
  event: Pick<OutboxEvent, "monitorId" | "monitor">,
) {
  if (filters.monitors.length === 0 && filters.groups.length === 0) return true;
  if (filters.monitors.includes(event.monitorId)) return true;
  const group = event.monitor?.group;
  return group !== null && group !== undefined && filters.groups.includes(group);
}
