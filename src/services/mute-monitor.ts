import { type AlertingAction, muteAction, roleRow } from "../domain/alerting-roles";
import { MUTE_UNTIL_RECOVERED_MAX_MS } from "../domain/quiet-windows";
import type { UserRef, WorkspaceRef } from "../domain/workspace-ref";
import { workspaceOf } from "../domain/workspace-ref";
import type { LinkRecord } from "../store/link-store";
import { requireAllowed, requireCurrentMember, requireLinked } from "./alerts-permission";
import { NothingToRecoverError, NotSubscribedHereError } from "./errors";
import { resolveMonitor } from "./find-monitor";
import { requireAlerts, type ServiceDeps } from "./service-deps";
import { withSession } from "./session";
import { decideOnMemberships } from "./team-membership";

export interface MuteInput {
  channelId: string;
  monitorId: string;
  /** How long (fractions for typed minutes); ignored with `untilRecovered`. */
  hours: number;
  /**
   * Until this incident of the monitor recovers: the mute ends with its recovery, at the latest
   * after MUTE_UNTIL_RECOVERED_MAX_MS.
   */
  untilRecovered?: { incidentId: string } | undefined;
  /** The monitor's name when the caller read it (a typed mute): kept when no alert of it is stored here. */
  monitorName?: string | undefined;
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
  /** Until when (ms): with `untilRecovered`, only the latest end. */
  until: number;
  /** Until the incident recovers. */
  untilRecovered?: boolean;
}

/**
 * The Mute overflow of alert messages: no new root message for this monitor in this
 * channel for 1, 4 or 24 hours; messages already posted keep being updated. A mute quiets the channel, so
 * it is accountable: only a linked member of the API team the alert comes from may set it (the role table:
 * up to 4 h any member, longer or until recovered not a read-only one), the mute remembers who did, and the monitor's alert message is redrawn to say "Muted here by @user until ...".
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
    muteAction(input.untilRecovered ? "until-recovered" : { minutes: input.hours * 60 }),
  );
  const monitorName = alert?.monitorName ?? input.monitorName ?? null;
  const info = { by: ref.userId, monitorName, apiTeamId };
  const until = input.untilRecovered
    ? await alerts.mutes.mute(
        ws,
        input.channelId,
        input.monitorId,
        deps.clock.now() + MUTE_UNTIL_RECOVERED_MAX_MS,
        {
          ...info,
          untilRecovered: input.untilRecovered.incidentId,
        },
      )
    : await alerts.mutes.muteFor(ws, input.channelId, input.monitorId, input.hours, info);
  deps.logger.info(
    { channel: input.channelId, monitorId: input.monitorId, hours: input.hours, by: ref.userId },
    "monitor muted in channel",
  );
  await redrawAfterMuteChange(deps, ws, input.channelId, input.monitorId, { kind: "muted", by: ref.userId });
  return {
    monitorName,
    monitorId: input.monitorId,
    hours: input.hours,
    until,
    untilRecovered: input.untilRecovered !== undefined,
  };
}

/**
 * The API team whose member may change this monitor's alerts in the channel: the alert's own team when a
 * message of it is known, else any team the channel is subscribed to that the caller belongs to, as the
 * API says now. Returns that team's id (null when the channel has neither: then being linked is
 * enough).
 */
export async function requireChannelTeamMember(
  deps: ServiceDeps,
  ref: UserRef,
  link: LinkRecord,
  ws: WorkspaceRef,
  channelId: string,
  apiTeamId: string | null,
  action: AlertingAction,
): Promise<string | null> {
  if (apiTeamId !== null) {
    return (await requireCurrentMember(deps, ref, link, { id: apiTeamId, name: null }, action)).id;
  }
  const subscriptions = await requireAlerts(deps).subscriptions.listByChannel(ws, channelId);
  const teams = [...new Set(subscriptions.map((sub) => sub.apiTeamId))];
  if (teams.length === 0) return null;
  return decideOnMemberships(deps, ref, link, roleRow(action).change, (current) => {
    const mine = teams.find((id) => current.some((t) => t.id === id));
    return requireAllowed(current, { id: mine ?? teams[0]!, name: null }, action).id;
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

export interface MuteTypedInput {
  channelId: string;
  /** The monitor as typed: a name or id, looked up in a team this channel is subscribed to. */
  query: string;
  /** A set duration in minutes, or until the monitor's open incident here recovers. */
  duration: { kind: "minutes"; minutes: number } | { kind: "until-recovered" };
}

/**
 * `/uptime mute <monitor> <duration | until-recovered>`: the Mute overflow's service for a typed
 * monitor. The monitor is found with the caller's own token in a team this channel is subscribed to (one
 * they belong to, as their link says; muteMonitor then asks the API). Until recovered needs an outage of
 * it alerted here, whose recovery ends the mute: otherwise there is nothing to wait for.
 */
export async function muteTyped(
  deps: ServiceDeps,
  ref: UserRef,
  input: MuteTypedInput,
): Promise<MuteOutcome> {
  const alerts = requireAlerts(deps);
  const link = await requireLinked(deps, ref, "mute");
  const ws = workspaceOf(ref);
  const teams = [
    ...new Set((await alerts.subscriptions.listByChannel(ws, input.channelId)).map((s) => s.apiTeamId)),
  ];
  if (teams.length === 0) throw new NotSubscribedHereError();
  const apiTeamId = teams.find((id) => link.teams.some((t) => t.id === id)) ?? teams[0]!;
  // Refused before the monitor is looked up: a stranger to the team hears why, not "no such monitor".
  const action = muteAction(input.duration.kind === "minutes" ? input.duration : "until-recovered");
  await requireCurrentMember(deps, ref, link, { id: apiTeamId, name: null }, action);
  const monitor = await withSession(deps, ref, ({ api }) => resolveMonitor(api, apiTeamId, input.query));
  let untilRecovered: { incidentId: string } | undefined;
  if (input.duration.kind === "until-recovered") {
    const last = (await alerts.messages.getMonitor(ws, input.channelId, monitor.id)).lastRoot;
    const record = last ? await alerts.messages.get(ws, input.channelId, last.incidentId) : null;
    if (!record || record.stage === "resolved") throw new NothingToRecoverError(monitor.name);
    untilRecovered = { incidentId: record.view.incident.id };
  }
  return muteMonitor(deps, ref, {
    channelId: input.channelId,
    monitorId: monitor.id,
    hours: input.duration.kind === "minutes" ? input.duration.minutes / 60 : 0,
    untilRecovered,
    monitorName: monitor.name,
    apiTeamId,
  });
}
