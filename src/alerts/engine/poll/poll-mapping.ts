import { monitorAddress } from "../../../ui/query-parts";
import type { Check, Incident, Monitor } from "../../../uptime";
import type { AlertMonitor, IncidentSnapshot } from "../../model";

// Detectors, state and outbox never depend on the API client's types.

/** One check as the poller maps it from the API (A5: `state` 1 passed, -1 failed; newest first). */
export interface CheckSnapshot {
  id: string;
  monitorId: string;
  location: string;
  state: number;
  /** `totalDuration` (A5, ms); null or absent when the API gave none. Only in whole checks. */
  durationMs?: number | null;
  created?: number;
}

/** Null when the incident names no monitor (A6 says each carries one): it cannot be routed or filtered. */
export function toIncidentSnapshot(incident: Incident): IncidentSnapshot | null {
  if (!incident.monitorId) return null;
  return {
    id: incident.id,
    monitorId: incident.monitorId,
    started: incident.started.toISOString(),
    ended: incident.ended ? incident.ended.toISOString() : null,
    acknowledged: incident.acknowledged ? incident.acknowledged.toISOString() : null,
    // A6: `maintenance` 0 or 1; the client already maps it to a boolean.
    maintenance: incident.maintenance,
    reason: incident.reason,
  };
}

/** Null when the check names no monitor (A5 says each carries `relationships.monitor`). */
function toCheckSnapshot(check: Check): CheckSnapshot | null {
  if (!check.monitorId) return null;
  // A5: `state` 1 passed, -1 failed.
  return {
    id: check.id,
    monitorId: check.monitorId,
    location: check.location,
    state: check.passed ? 1 : -1,
    durationMs: check.durationMs,
    created: check.created.getTime(),
  };
}

export function toCheckSnapshots(checks: readonly Check[]): CheckSnapshot[] {
  const out: CheckSnapshot[] = [];
  for (const check of checks) {
    const snapshot = toCheckSnapshot(check);
    if (snapshot) out.push(snapshot);
  }
  return out;
}

/** A8: an HTTP monitor shows its URL, a TCP one `host:port`; the alert omits an absent target. */
export function monitorTarget(monitor: Pick<Monitor, "settings">): string {
  return monitorAddress(monitor) ?? "";
}

export function toAlertMonitor(monitor: Monitor): AlertMonitor {
  return { id: monitor.id, name: monitor.name, target: monitorTarget(monitor), group: monitor.group };
}
