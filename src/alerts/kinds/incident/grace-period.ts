import { optionOf } from "../../../domain/subscription-options";
import type { Subscription } from "../../../store/subscription-store";
import type { Deferral } from "../../engine/deferrals";
import type { OutboxEvent } from "../../model";
import { afterOption } from "./after-option";

/**
 * `--after 2m`, pure: an incident's events wait until it has lasted that long (from its start in the API);
 * a recovery sooner ends the wait, so nothing of it is posted. None for a subscription without it.
 */
export function graceOf(sub: Pick<Subscription, "options">, event: OutboxEvent): Deferral | null {
  const afterSeconds = optionOf(sub, afterOption);
  if (afterSeconds === undefined) return null;
  const started = Date.parse(event.incident.started);
  if (!Number.isFinite(started)) return null;
  const until = started + afterSeconds * 1000;
  if (event.type !== "resolved") return { key: event.incidentId, until };
  const ended = Date.parse(event.incident.ended ?? "");
  // Lasted the whole grace period: it was released (or is, by this event), like any outage.
  if (Number.isFinite(ended) && ended >= until) return null;
  return { key: event.incidentId, until, ends: true };
}
