import { z } from "zod";
import { jsonIssueText, parseJson } from "../../lib/parse-json";
import type { IncidentStage } from "../model";
import type { SlowState } from "./slow-state";

/**
 * The compact, JSON-serialisable state of one poll target (an API team as seen by one token), stored
 * by the scheduler's commit after every poll, and the alert events the diff derives from it.
 * The poller maps API client objects to these types: src/alerts never depends on the client's shapes.
 */

/** What we remember about one incident between polls. */
export interface TrackedIncident {
  id: string;
  monitorId: string;
  started: string;
  ended: string | null;
  acknowledged: string | null;
  /** The furthest stage emitted (or, for baseline and silent incidents, observed). Never goes back. */
  stage: IncidentStage;
  /** In maintenance when first seen: tracked so it is never announced later, but emits nothing. */
  silent?: true;
  /** When a poll last returned it (ms): an open incident not seen for the retention is let go. */
  seen: number;
}

/**
 * The "already handled" watermark: an untracked incident whose `started` is not after `started` AND
 * whose numeric id is not above `id` is treated as one we saw and forgot (or one older than the
 * baseline). Both are maxima over every incident forgotten, so a forgotten incident is always below
 * it; requiring both keeps a genuinely new incident from being dropped unless the API both back-dates
 * its start and gives it a smaller id than an incident we already let go.
 */
export interface IncidentFloor {
  started?: string;
  id?: string;
}

export interface PollState {
  v: 1;
  /** False until the first incident diff (the baseline) ran. */
  baselined: boolean;
  /** Open incidents, and resolved ones until the retention passes; keyed by incident id. */
  tracked: Record<string, TrackedIncident>;
  floor?: IncidentFloor;
  /** checksSignature() of the last checks poll (see needsIncidentFetch). */
  checksSignature?: string;
  /**
   * When incidents were last fetched (ms): written up to SCRIPT_VERSION 7, read by none since (the claim
   * books the refresh, ClaimedTarget.refresh); still accepted, so that those states decode.
   */
  incidentsFetchedAt?: number;
  /** The `--slow` rules' counts and open slow alerts (slow-state.ts); absent while no rule asks for them. */
  slow?: SlowState;
}

export class PollStateError extends Error {
  override name = "PollStateError";
}

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

const sampleSchema = z.object({ at: z.number(), ms: z.number(), location: z.string() });
const slowSchema = z.object({
  watermark: z.number(),
  atWatermark: z.array(z.string()).max(100),
  rules: z.record(
    z.string(),
    z.record(
      z.string(),
      z.object({
        run: z.array(sampleSchema),
        alert: z
          .object({ id: z.string(), since: z.number(), fast: z.number(), samples: z.array(sampleSchema) })
          .optional(),
      }),
    ),
  ),
});

const pollStateSchema = z.object({
  v: z.literal(1),
  baselined: z.boolean(),
  tracked: z.record(z.string(), trackedSchema),
  floor: z.object({ started: z.string().optional(), id: z.string().optional() }).optional(),
  checksSignature: z.string().optional(),
  incidentsFetchedAt: z.number().optional(),
  slow: slowSchema.optional(),
});

/**
 * The state as stored, its keys always in one order whatever order the object was built or decoded in:
 * the poller compares this string with the stored one to tell that a refresh changed nothing (issue 13).
 * `incidentsFetchedAt` (SCRIPT_VERSION 7 and before) is not written.
 */
export function encodePollState(state: PollState): string {
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
  const floor = state.floor;
  const canonical: PollState = {
    v: 1,
    baselined: state.baselined,
    tracked,
    ...(floor
      ? {
          floor: {
            ...(floor.started !== undefined ? { started: floor.started } : {}),
            ...(floor.id !== undefined ? { id: floor.id } : {}),
          },
        }
      : {}),
    ...(state.checksSignature !== undefined ? { checksSignature: state.checksSignature } : {}),
    // Built by advanceSlow in one order on every replica: its JSON compares as the rest does.
    ...(state.slow !== undefined ? { slow: state.slow } : {}),
  };
  return JSON.stringify(canonical);
}

/** Null for a target never committed; a PollStateError for anything this version did not write. */
export function decodePollState(raw: string | null | undefined): PollState | null {
  if (raw === null || raw === undefined || raw === "") return null;
  return parseJson(
    raw,
    pollStateSchema,
    (issue) => new PollStateError(jsonIssueText("poll state", issue)),
  ) as PollState;
}
