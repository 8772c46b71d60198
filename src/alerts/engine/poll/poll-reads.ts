import { monitorAddress } from "../../../ui/query-parts";
import {
  type CallOptions,
  type Check,
  type Incident,
  type Monitor,
  NotFoundError,
  type Page,
  type UptimeApi,
} from "../../../uptime";
import type { AlertMonitor, IncidentSnapshot } from "../../model";
import type { CheckSnapshot, Detector, PollFields } from "./detector";

// What a poll reads, mapped so that detectors, state and outbox never depend on the API client's types.

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

/** Most incident pages read in one poll (10 incidents each): a burst beyond this waits for the next. */
export const MAX_INCIDENT_PAGES = 5;
/** Most `GET /incidents/{id}` (A7) of tracked open incidents that fell off the pages, per poll. */
export const MAX_MISSING_FETCHES = 20;

/** Most `GET /monitors/{id}` for monitors of events that the incident pages did not include, per poll. */
export const MAX_MONITOR_FETCHES = 20;

export async function fetchMonitors(
  api: UptimeApi,
  ids: readonly string[],
  monitors: Map<string, AlertMonitor | null>,
  call: CallOptions,
): Promise<void> {
  const wanted = ids.slice(0, MAX_MONITOR_FETCHES);
  const found = await Promise.all(wanted.map((id) => orNullWhenGone(api.monitors.get(id, call))));
  wanted.forEach((id, i) => {
    const monitor = found[i];
    monitors.set(id, monitor ? toAlertMonitor(monitor) : null);
  });
}

/** A deleted incident or monitor is not an API failure: the event goes out without it. */
async function orNullWhenGone<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

// Read when each call starts, so it is bounded by the time left then; an AbortSignal per poll is costly.
export function budgetLeft(deadline: number): CallOptions {
  return {
    get timeoutMs() {
      return Math.max(1, Math.floor(deadline - performance.now()));
    },
  };
}

// A6: newest first; more pages while a detector asks, then the missing ones by id (A7).
export async function fetchIncidents(
  api: UptimeApi,
  teamId: string,
  detectors: readonly Detector[],
  state: PollFields | null,
  monitors: Map<string, AlertMonitor | null>,
  call: CallOptions,
): Promise<IncidentSnapshot[]> {
  const fetched: IncidentSnapshot[] = [];
  let page: Page<Incident> | null = await api.teams.incidents(teamId, { ...call, include: ["monitor"] });
  let snapshots = takeIncidents(page.items, fetched, monitors);
  for (
    let pages = 1;
    pages < MAX_INCIDENT_PAGES && page.hasMore && morePages(detectors, snapshots, state);
    pages++
  ) {
    page = await page.next(call);
    if (!page) break;
    snapshots = takeIncidents(page.items, fetched, monitors);
  }

  const missing = new Set<string>();
  for (const detector of detectors) {
    for (const id of detector.incidents?.missing(state, fetched) ?? []) missing.add(id);
  }
  if (missing.size === 0) return fetched;
  const ids = [...missing].slice(0, MAX_MISSING_FETCHES);
  const byId = await Promise.all(ids.map((id) => orNullWhenGone(api.incidents.get(id, call))));
  for (const incident of byId) if (incident) takeIncidents([incident], fetched, monitors);
  return fetched;
}

/** Not a closure per poll: the build wraps every closure to keep function names. */
function takeIncidents(
  incidents: readonly Incident[],
  fetched: IncidentSnapshot[],
  monitors: Map<string, AlertMonitor | null>,
): IncidentSnapshot[] {
  const snapshots: IncidentSnapshot[] = [];
  for (const incident of incidents) {
    if (incident.monitor) monitors.set(incident.monitor.id, toAlertMonitor(incident.monitor));
    const snapshot = toIncidentSnapshot(incident);
    if (snapshot) snapshots.push(snapshot);
  }
  for (const snapshot of snapshots) fetched.push(snapshot);
  return snapshots;
}

function morePages(
  detectors: readonly Detector[],
  page: readonly IncidentSnapshot[],
  state: PollFields | null,
): boolean {
  for (let i = 0; i < detectors.length; i++) if (detectors[i]!.incidents?.morePages(page, state)) return true;
  return false;
}
