import type { StoredAlertView } from "../../../store/alert-message-store";
import type { OutboxEvent } from "../../model";

/** The view a message is drawn from: the event's, keeping what an older view knew that this one lacks. */
export function viewOf(event: OutboxEvent, previous: StoredAlertView | null): StoredAlertView {
  const incident = { ...event.incident };
  if (previous) {
    incident.ended ??= previous.incident.ended;
    incident.acknowledged ??= previous.incident.acknowledged;
  }
  const teamMonitorCount = event.teamMonitorCount ?? previous?.teamMonitorCount;
  const teamName = event.teamName ?? previous?.teamName;
  return {
    apiTeamId: event.apiTeamId,
    incident,
    monitor: event.monitor ?? previous?.monitor ?? null,
    failingLocations:
      event.failingLocations.length > 0 || !previous ? event.failingLocations : previous.failingLocations,
    ...(teamMonitorCount !== undefined ? { teamMonitorCount } : {}),
    ...(teamName !== undefined ? { teamName } : {}),
  };
}

/** When the incident started (ms), or `fallback` when the API's timestamp does not parse. */
export function startedMs(view: StoredAlertView, fallback: number): number {
  const started = Date.parse(view.incident.started);
  return Number.isFinite(started) ? started : fallback;
}
