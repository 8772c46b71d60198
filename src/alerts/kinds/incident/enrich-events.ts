import type { MonitorCounters } from "../../../uptime";
import type { CheckSnapshot } from "../../engine/poll/poll-mapping";
import type { AlertEvent, AlertMonitor, OutboxEvent } from "../../model";

/**
 * What the poller adds to the diff's events before committing them to the outbox, so that delivery
 * never calls the API: the monitor (name, URL or host:port, group), the locations failing in the latest
 * checks, and, when something opened, the team's monitor count for the storm roll-up. Pure.
 */

/**
 * Locations whose latest check of this monitor failed (A5: checks come newest first, `state` -1 failed),
 * in the order the checks list them. Empty when the monitor has no check among the latest 50.
 */
export function failingLocations(checks: readonly CheckSnapshot[], monitorId: string): string[] {
  const seen = new Set<string>();
  const failing: string[] = [];
  for (const check of checks) {
    if (check.monitorId !== monitorId || seen.has(check.location)) continue;
    seen.add(check.location);
    if (check.state !== 1) failing.push(check.location);
  }
  return failing;
}

/** Every monitor of the team, whatever its state (the "of 42" of "7 of 42 monitors down"). */
export function teamMonitorCount(counters: MonitorCounters | null): number | undefined {
  if (!counters) return undefined;
  return counters.up + counters.down + counters.paused + counters.pending;
}

/** Monitor ids of events whose monitor is not known yet: the poller GETs only these. */
export function monitorsToFetch(
  events: readonly AlertEvent[],
  known: ReadonlyMap<string, AlertMonitor | null>,
): string[] {
  return [...new Set(events.map((event) => event.monitorId))].filter((id) => !known.has(id));
}

export function needsTeamCounters(events: readonly AlertEvent[]): boolean {
  return events.some((event) => event.type === "opened");
}

export interface EnrichContext {
  apiTeamId: string;
  /** Monitor id -> monitor; null for one the API no longer knows (deleted meanwhile). */
  monitors: ReadonlyMap<string, AlertMonitor | null>;
  checks: readonly CheckSnapshot[];
  teamMonitorCount?: number | undefined;
  teamName?: string | undefined;
}

export function enrichEvents(events: readonly AlertEvent[], context: EnrichContext): OutboxEvent[] {
  return events.map((event) => ({
    ...event,
    apiTeamId: context.apiTeamId,
    monitor: context.monitors.get(event.monitorId) ?? null,
    failingLocations: failingLocations(context.checks, event.monitorId),
    ...(event.type === "opened" && context.teamMonitorCount !== undefined
      ? { teamMonitorCount: context.teamMonitorCount }
      : {}),
    ...(event.type === "opened" && context.teamName !== undefined ? { teamName: context.teamName } : {}),
  }));
}
