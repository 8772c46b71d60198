import { z } from "zod";
import type { MonitorCounters } from "../../../uptime";
import type { CheckSnapshot } from "../../engine/poll/detector";
import { type Detector, UNCHANGED } from "../../engine/poll/detector";
import type { AlertEvent, AlertMonitor, OutboxEvent } from "../../model";
import { checksSignature, needsIncidentFetch } from "./checks-signature";
import {
  diffIncidents,
  type IncidentPollState,
  shouldFetchNextPage,
  type TrackedIncident,
  trackedOpenMissing,
} from "./diff";

// Events carry what delivery shows (monitor, failing locations, team counts): delivery never calls the API.

const trackedSchema = z.object({
  id: z.string(),
  monitorId: z.string(),
  started: z.string(),
  ended: z.string().nullable(),
  acknowledged: z.string().nullable(),
  stage: z.enum(["open", "acknowledged", "resolved"]),
  silent: z.literal(true).optional(),
  seen: z.number(),
});

const fields = {
  baselined: z.boolean(),
  tracked: z.record(z.string(), trackedSchema),
  floor: z.object({ started: z.string().optional(), id: z.string().optional() }).optional(),
  checksSignature: z.string().optional(),
  incidentsFetchedAt: z.number().optional(),
};

export const incidentDetector: Detector<IncidentPollState, AlertEvent> = {
  name: "incident",
  fields,
  store,
  wholeChecks() {
    return false;
  },
  incidents: {
    due(prev, checks, refreshDue) {
      return needsIncidentFetch(prev?.checksSignature, checks, refreshDue);
    },
    morePages: shouldFetchNextPage,
    missing: trackedOpenMissing,
  },
  detect(prev, checks, incidents, meta, now) {
    if (incidents === null) return UNCHANGED;
    const diff = diffIncidents(prev, incidents, { now, baselineSince: meta.baseline });
    return {
      state: { ...diff.state, checksSignature: checksSignature(checks) },
      events: diff.events,
      changed: diff.events.length > 0,
      ...(diff.baseline ? { baseline: diff.baseline.openIncidents } : {}),
    };
  },
  monitorsToFetch,
  needsTeam: needsTeamCounters,
  outbox(events, { apiTeamId, monitors, checks, team }) {
    const enriched = enrichEvents(events, {
      apiTeamId,
      monitors,
      checks,
      teamMonitorCount: team ? teamMonitorCount(team.counters) : undefined,
      teamName: team?.name,
    });
    return enriched.map((event) => ({
      event: JSON.stringify(event),
      counted: { type: event.type, id: event.incidentId },
    }));
  },
};

/** One field order, so the poll can tell by string that a refresh changed nothing. */
function store(state: IncidentPollState, into: Record<string, unknown>): void {
  const tracked: Record<string, TrackedIncident> = {};
  for (const id of Object.keys(state.tracked)) {
    const t = state.tracked[id]!;
    tracked[id] = {
      id: t.id,
      monitorId: t.monitorId,
      started: t.started,
      ended: t.ended,
      acknowledged: t.acknowledged,
      stage: t.stage,
      ...(t.silent ? { silent: true as const } : {}),
      seen: t.seen,
    };
  }
  into.baselined = state.baselined;
  into.tracked = tracked;
  const floor = state.floor;
  if (floor) {
    into.floor = {
      ...(floor.started !== undefined ? { started: floor.started } : {}),
      ...(floor.id !== undefined ? { id: floor.id } : {}),
    };
  }
  if (state.checksSignature !== undefined) into.checksSignature = state.checksSignature;
}

/** A5: checks come newest first, `state` -1 failed. */
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
