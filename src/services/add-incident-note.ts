import { randomBytes } from "node:crypto";
import { type AddNoteOutcome, type IncidentNote, messageSource, noteText } from "../domain/incident-notes";
import { isTestIncidentId } from "../domain/test-alert-id";
import { type UserRef, workspaceOf } from "../domain/workspace-ref";
import { requireCurrentMember, requireLinked } from "./alerts-permission";
import { requireAlerts, type ServiceDeps } from "./service-deps";
import { withSession } from "./session";

export interface AddNoteInput {
  incidentId: string;
  text: string;
  /** The message it was taken from (the shortcut): one note per message, with its author and permalink. */
  message?:
    | { channelId: string; ts: string; author?: string | undefined; permalink?: string | undefined }
    | undefined;
}

export type { AddNoteOutcome };

/**
 * Adds a note to an incident's timeline (the shortcut Add to incident timeline, `/uptime note`). The
 * incident is read with the caller's own token, so an id of another team answers "not found"; the role table
 * decides on the caller's role in the incident's team, as the API says now. Once kept, every channel's root
 * of the incident is drawn again with its count, through the engine.
 */
export async function addIncidentNote(
  deps: ServiceDeps,
  ref: UserRef,
  input: AddNoteInput,
): Promise<AddNoteOutcome> {
  const alerts = requireAlerts(deps);
  const text = noteText(input.text);
  const link = await requireLinked(deps, ref, "incident-record");
  const incident = await withSession(deps, ref, async ({ api, team }) => {
    const found = await api.incidents.get(input.incidentId); // A7
    return { teamId: found.teamId ?? team.id, incident: found };
  });
  const incidentId = incident.incident.id;
  if (text === null) return { status: "empty", incidentId };
  const name = link.teams.find((t) => t.id === incident.teamId)?.name ?? null;
  await requireCurrentMember(deps, ref, link, { id: incident.teamId, name }, "add-note");
  const note: IncidentNote = {
    by: ref.userId,
    at: deps.clock.now(),
    text,
    source: input.message
      ? messageSource(input.message.channelId, input.message.ts)
      : `cmd:${randomBytes(6).toString("base64url")}`,
    ...(input.message?.author ? { author: input.message.author } : {}),
    ...(input.message?.permalink ? { permalink: input.message.permalink } : {}),
  };
  const workspace = workspaceOf(ref);
  const status = await alerts.notes.add(workspace, incidentId, note);
  if (status === "added") {
    // The note is kept whatever the redraw does: the count catches up with the next drawing.
    await alerts.redrawIncident({ workspace, incidentId }).catch((err: unknown) => {
      deps.logger.warn({ err }, "redraw after a note failed");
    });
  }
  return { status, incidentId };
}

/**
 * The incidents a message belongs to: its thread's root (or itself) when that is an alert root, else the
 * incidents of the incident channel it was posted in. Empty elsewhere: the shortcut then asks which.
 */
export async function incidentsOfMessage(
  deps: ServiceDeps,
  ref: UserRef,
  message: { channelId: string; ts: string; threadTs?: string | undefined },
): Promise<string[]> {
  const alerts = requireAlerts(deps);
  const ws = workspaceOf(ref);
  const root = await alerts.notes.incidentOfRoot(ws, message.channelId, message.threadTs ?? message.ts);
  if (root) return [root];
  const channel = await alerts.incidentChannels.byChannel(ws, message.channelId);
  return channel ? [...channel.incidents] : [];
}

/** An incident the note shortcut's picker offers. */
export interface ChannelIncidentChoice {
  incidentId: string;
  monitorName: string | null;
  open: boolean;
}

/**
 * The note shortcut outside an alert's thread: the incidents alerted in this channel, open and recent (as
 * long as their messages are remembered), newest first. Only Redis is read, as the picker must open within
 * 3 s. A test alert is left out: its id is no API incident, so it takes no note.
 */
export async function channelIncidentChoices(
  deps: ServiceDeps,
  ref: UserRef,
  input: { channelId: string },
): Promise<ChannelIncidentChoice[]> {
  const alerts = requireAlerts(deps);
  const ws = workspaceOf(ref);
  const ids = (await alerts.messages.channelIncidents(ws, input.channelId)).filter(
    (id) => !isTestIncidentId(id),
  );
  const records = await Promise.all(ids.map((id) => alerts.messages.get(ws, input.channelId, id)));
  return records.flatMap((record, i) =>
    // A muted or held one was never posted here.
    record && record.mode !== "muted"
      ? [
          {
            incidentId: ids[i]!,
            monitorName: record.view.monitor?.name ?? null,
            open: record.stage !== "resolved",
          },
        ]
      : [],
  );
}
