import { randomBytes } from "node:crypto";
import type { IncidentNote } from "../domain/incident-notes";
import { type UserRef, workspaceOf } from "../domain/workspace-ref";
import type { SlackTimelineEntry } from "../store/alert-message-store";
import { type Incident, type Monitor, NotFoundError } from "../uptime";
import { requireCurrentMember, requireLinked } from "./alerts-permission";
import { requireAlerts, type ServiceDeps } from "./service-deps";
import { withSession } from "./session";

/** How long a run may take to make the canvas before another run may try (a crashed one blocks no one long). */
const CANVAS_CLAIM_MS = 60_000;

/**
 * Where the canvas stands: made before (update it), this run's to make (claimed), or being made by another
 * run right now (two clicks at once make one canvas).
 */
export type PostmortemCanvas =
  | { kind: "existing"; canvasId: string }
  | { kind: "claimed"; claim: string }
  | { kind: "busy" };

/** What a postmortem canvas is drawn from (ui/render-postmortem.ts). */
export interface PostmortemInput {
  incident: Incident;
  monitorName: string | null;
  /** The Slack user who acknowledged it from Slack, if one did. */
  ackedBy: string | null;
  /** Escalated, muted, unmuted, per channel. */
  timeline: SlackTimelineEntry[];
  notes: IncidentNote[];
  /** The monitor's availability over the last 24 h and 30 d (A10), percent; null where unknown. */
  availability24h: number | null;
  availability30d: number | null;
  now: number;
}

export interface PostmortemDraft {
  incidentId: string;
  content: PostmortemInput;
  canvas: PostmortemCanvas;
}

/**
 * `/uptime postmortem <id>` and Write postmortem: what the canvas holds, read with the caller's own token
 * (the incident, its monitor and its availability over 24 h and 30 d, A10), with who acknowledged it and
 * what happened in Slack (escalations, mutes, notes); and whether this run makes the canvas or updates it.
 * The role table's `write-postmortem` row decides, on the caller's role in the incident's team.
 */
export async function postmortemDraft(
  deps: ServiceDeps,
  ref: UserRef,
  input: { incidentId: string },
): Promise<PostmortemDraft> {
  const alerts = requireAlerts(deps);
  const link = await requireLinked(deps, ref, "incident-record");
  const read = await withSession(deps, ref, async ({ api, team }) => {
    const incident = await api.incidents.get(input.incidentId); // A7
    const monitor: Monitor | null = incident.monitorId
      ? await api.monitors
          .get(incident.monitorId, { include: ["availability-hourly", "availability-daily"] })
          .catch((error: unknown) => {
            if (error instanceof NotFoundError) return null;
            throw error;
          })
      : null;
    return { teamId: incident.teamId ?? team.id, incident, monitor };
  });
  const name = link.teams.find((t) => t.id === read.teamId)?.name ?? null;
  await requireCurrentMember(deps, ref, link, { id: read.teamId, name }, "write-postmortem");
  const ws = workspaceOf(ref);
  const incidentId = read.incident.id;
  const [ackedBy, timeline, notes] = await Promise.all([
    read.incident.acknowledged ? alerts.messages.ackedBy(ws, incidentId).catch(() => null) : null,
    alerts.messages.timeline(ws, incidentId).catch(() => []),
    alerts.notes.list(ws, incidentId),
  ]);
  const content: PostmortemInput = {
    incident: read.incident,
    monitorName: read.monitor?.name ?? null,
    ackedBy,
    timeline,
    notes,
    availability24h: read.monitor?.availabilityHourly?.totals.availability ?? null,
    availability30d: read.monitor?.availabilityDaily?.totals.availability ?? null,
    now: deps.clock.now(),
  };
  return { incidentId, content, canvas: await canvasFor(deps, ref, incidentId) };
}

async function canvasFor(deps: ServiceDeps, ref: UserRef, incidentId: string): Promise<PostmortemCanvas> {
  const notes = requireAlerts(deps).notes;
  const ws = workspaceOf(ref);
  const claim = `claim:${randomBytes(9).toString("base64url")}`;
  if (await notes.claimCanvas(ws, incidentId, claim, CANVAS_CLAIM_MS)) return { kind: "claimed", claim };
  const current = await notes.canvasOf(ws, incidentId);
  if (current && !current.startsWith("claim:")) return { kind: "existing", canvasId: current };
  return { kind: "busy" };
}

/** The canvas this run made: every later run updates it. */
export async function postmortemSaved(
  deps: ServiceDeps,
  ref: UserRef,
  input: { incidentId: string; canvasId: string },
): Promise<void> {
  await requireAlerts(deps).notes.putCanvas(workspaceOf(ref), input.incidentId, input.canvasId);
}

/** The canvas could not be made: the claim goes, so that the next run tries again at once. */
export async function postmortemFailed(
  deps: ServiceDeps,
  ref: UserRef,
  input: { incidentId: string; claim: string },
): Promise<void> {
  await requireAlerts(deps).notes.releaseCanvas(workspaceOf(ref), input.incidentId, input.claim);
}
