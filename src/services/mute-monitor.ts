import type { LinkRecord } from "../store/link-store";
import type { UserRef, WorkspaceRef } from "../store/workspace";
import { workspaceOf } from "../store/workspace";
import { requireCurrentMember, requireLinked, requireMember } from "./alerts-permission";
import type { AlertsChange } from "./errors";
import { requireAlerts, type ServiceDeps } from "./service-deps";
import { decideOnMemberships } from "./team-membership";

export interface MuteInput {
  channelId: string;
  monitorId: string;
  hours: number;
  /**
   * The API team the alert comes from when the caller knows it (a roll-up's): checked when the monitor has
   * no root message of its own in the channel to tell it.
   */
  apiTeamId?: string | undefined;
}

export interface MuteOutcome {
  /** From the monitor's last alert message in the channel; null when none is stored any more. */
  monitorName: string | null;
  monitorId: string;
  hours: number;
  /** Until when (ms). */
  until: number;
}

/**
 * The Mute overflow of alert messages (docs/architecture.md section 1): no new root message for this monitor in this
 * channel for 1, 4 or 24 hours; messages already posted keep being updated. A mute quiets the channel, so
 * it is accountable: only a linked member of the API team the alert comes from may set it, the mute
 * remembers who did, and the monitor's alert message is redrawn to say "Muted here by @user until ...".
 * The listener posts the note in the channel.
 */
export async function muteMonitor(deps: ServiceDeps, ref: UserRef, input: MuteInput): Promise<MuteOutcome> {
  const alerts = requireAlerts(deps);
  const link = await requireLinked(deps, ref, "mute");
  const ws = workspaceOf(ref);
  const alert = await lastAlertOf(deps, ws, input.channelId, input.monitorId);
  const apiTeamId = await requireChannelTeamMember(
    deps,
    ref,
    link,
    ws,
    input.channelId,
    alert?.apiTeamId ?? input.apiTeamId ?? null,
    "mute",
  );
  const monitorName = alert?.monitorName ?? null;
  const until = await alerts.mutes.muteFor(ws, input.channelId, input.monitorId, input.hours, {
    by: ref.userId,
    monitorName,
    apiTeamId,
  });
  deps.logger.info(
    { channel: input.channelId, monitorId: input.monitorId, hours: input.hours, by: ref.userId },
    "monitor muted in channel",
  );
  await redrawAfterMuteChange(deps, ws, input.channelId, input.monitorId, { kind: "muted", by: ref.userId });
  return { monitorName, monitorId: input.monitorId, hours: input.hours, until };
}

/**
 * The API team whose member may change this monitor's alerts in the channel: the alert's own team when a
 * message of it is known, else any team the channel is subscribed to that the caller belongs to, as the
 * API says now (issue 32). Returns that team's id (null when the channel has neither: then being linked is
 * enough).
 */
export async function requireChannelTeamMember(
  deps: ServiceDeps,
  ref: UserRef,
  link: LinkRecord,
  ws: WorkspaceRef,
  channelId: string,
  apiTeamId: string | null,
  change: AlertsChange,
): Promise<string | null> {
  if (apiTeamId !== null) {
    return (await requireCurrentMember(deps, ref, link, { id: apiTeamId, name: null }, change)).id;
  }
  const subscriptions = await requireAlerts(deps).subscriptions.listByChannel(ws, channelId);
  const teams = [...new Set(subscriptions.map((sub) => sub.apiTeamId))];
  if (teams.length === 0) return null;
  return decideOnMemberships(deps, ref, link, change, (current) => {
    const mine = teams.find((id) => current.some((t) => t.id === id));
    return requireMember(current, { id: mine ?? teams[0]!, name: null }, change).id;
  });
}

/** Redraws the monitor's open alert message; the mute itself is stored, so a failed redraw is only logged. */
export async function redrawAfterMuteChange(
  deps: ServiceDeps,
  ws: WorkspaceRef,
  channelId: string,
  monitorId: string,
  change?: { kind: "muted" | "unmuted"; by: string },
): Promise<void> {
  try {
    await requireAlerts(deps).redrawAfterMuteChange({ workspace: ws, channelId, monitorId, change });
  } catch (err) {
    deps.logger.warn(
      { err, channel: channelId, monitorId },
      "could not redraw the alert after a mute change",
    );
  }
}

/** The API team and name of the monitor's last alert message in the channel; null when none is stored. */
async function lastAlertOf(
  deps: ServiceDeps,
  ws: WorkspaceRef,
  channelId: string,
  monitorId: string,
): Promise<{ apiTeamId: string; monitorName: string | null } | null> {
  const { messages } = requireAlerts(deps);
  try {
    const last = (await messages.getMonitor(ws, channelId, monitorId)).lastRoot;
    if (!last) return null;
    const record = await messages.get(ws, channelId, last.incidentId);
    return record
      ? { apiTeamId: record.view.apiTeamId, monitorName: record.view.monitor?.name ?? null }
      : null;
  } catch (err) {
    // An unreadable record only loses the name and the team hint; the channel's subscriptions still decide.
    deps.logger.warn({ err }, "could not read the muted monitor's last alert");
    return null;
  }
}
