import type { Subscription } from "../../../store/subscription-store";
import type { Deferral } from "../../engine/deferrals";
import type { OutboxEvent } from "../../model";

/**
 * `--after 2m`, pure: an incident's events wait until it has lasted that long (from its start in the API);
 * a recovery sooner ends the wait, so nothing of it is posted. None for a subscription without it.
 */
export function graceOf(sub: Pick<Subscription, "afterSeconds">, event: OutboxEvent): Deferral | null {
  if (sub.afterSeconds === undefined) return null;
  const started = Date.parse(event.incident.started);
  if (!Number.isFinite(started)) return null;
  const until = started + sub.afterSeconds * 1000;
  if (event.type !== "resolved") return { key: event.incidentId, until };
  const ended = Date.parse(event.incident.ended ?? "");
  // Lasted the whole grace period: it was released (or is, by this event), like any outage.
  if (Number.isFinite(ended) && ended >= until) return null;
  return { key: event.incidentId, until, ends: true };
}
