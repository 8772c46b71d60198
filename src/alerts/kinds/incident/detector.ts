import { z } from "zod";
import { type Detector, UNCHANGED } from "../../engine/poll/detector";
import type { AlertEvent } from "../../model";
import { encodeOutboxEvent } from "../../outbox/alert-event";
import { checksSignature, needsIncidentFetch } from "./checks-signature";
import {
  diffIncidents,
  type IncidentPollState,
  shouldFetchNextPage,
  type TrackedIncident,
  trackedOpenMissing,
} from "./diff";
import { enrichEvents, monitorsToFetch, needsTeamCounters, teamMonitorCount } from "./enrich-events";

/**
 * Incidents from a poll (docs/architecture.md section 5): read them when the failing checks changed or the
 * claim booked the refresh, diff them against the tracked ones (diff.ts), and commit opened, acknowledged
 * and resolved events enriched with their monitor, failing locations and the team's monitor count.
 */

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
      event: encodeOutboxEvent(event),
      counted: { type: event.type, id: event.incidentId },
    }));
  },
};

/**
 * Its fields in one order whatever order the object was built or decoded in: the poll compares the
 * string with the stored one to tell that a refresh changed nothing. `incidentsFetchedAt` is not written.
 */
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
