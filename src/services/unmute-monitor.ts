import type { UserRef } from "../domain/workspace-ref";
import { workspaceOf } from "../domain/workspace-ref";
import type { Mute } from "../store/mute-store";
import { requireLinked } from "./alerts-permission";
import { NotMutedError } from "./errors";
import { matchMonitorName, monitorIdOf } from "./find-monitor";
import { redrawAfterMuteChange, requireChannelTeamMember } from "./mute-monitor";
import { requireAlerts, type ServiceDeps } from "./service-deps";

export interface UnmuteInput {
  channelId: string;
  /** The Unmute button: the monitor id it carries. */
  monitorId?: string | undefined;
  /** `/uptime unmute <monitor>`: a name or id, matched against the channel's muted monitors. */
  query?: string | undefined;
}

export type UnmuteOutcome =
  | { kind: "unmuted"; mute: Mute }
  /** The button of a mute that has ended (or was lifted by someone else meanwhile). */
  | { kind: "not-muted"; monitorId: string };

/**
 * The Unmute button and `/uptime unmute <monitor>`: lifts the monitor's mute in the
 * channel, so new alerts for it are posted again, and redraws its alert message without the mute note. Like
 * muting, it needs a linked member of the monitor's API team, as the API says now. A typed monitor is
 * matched against the channel's mutes (their stored names), so finding it needs no API call and only muted
 * monitors are suggested.
 */
export async function unmuteMonitor(
  deps: ServiceDeps,
  ref: UserRef,
  input: UnmuteInput,
): Promise<UnmuteOutcome> {
  const alerts = requireAlerts(deps);
  const link = await requireLinked(deps, ref, "unmute");
  const ws = workspaceOf(ref);
  const mutes = await alerts.mutes.listChannel(ws, input.channelId);
  const mute =
    input.monitorId !== undefined
      ? (mutes.find((m) => m.monitorId === input.monitorId) ?? null)
      : chooseMute(mutes, input.query ?? "");
  if (!mute) {
    // The button of an ended mute: the message still shows it, so redraw it as it is now.
    const monitorId = input.monitorId ?? "";
    await redrawAfterMuteChange(deps, ws, input.channelId, monitorId);
    return { kind: "not-muted", monitorId };
  }
  await requireChannelTeamMember(deps, ref, link, ws, input.channelId, mute.apiTeamId, "unmute");
  const lifted = (await alerts.mutes.unmute(ws, input.channelId, mute.monitorId)) ?? mute;
  deps.logger.info(
    { channel: input.channelId, monitorId: mute.monitorId, by: ref.userId },
    "monitor unmuted",
  );
  await redrawAfterMuteChange(deps, ws, input.channelId, mute.monitorId, { kind: "unmuted", by: ref.userId });
  return { kind: "unmuted", mute: lifted };
}

/** The mute a typed monitor means: by id (`12`, `#12`), else by stored name. NotMutedError otherwise. */
function chooseMute(mutes: readonly Mute[], query: string): Mute {
  const id = monitorIdOf(query);
  const byId = id !== null ? mutes.find((m) => m.monitorId === id) : undefined;
  if (byId) return byId;
  const named = mutes.flatMap((m) => (m.monitorName ? [{ ...m, name: m.monitorName }] : []));
  const match = matchMonitorName(query, named);
  if (match.kind === "found") return match.monitor;
  const suggestions =
    match.kind === "ambiguous"
      ? match.candidates.map((m) => `${m.name} (#${m.monitorId})`)
      : mutes.map((m) => m.monitorName ?? `#${m.monitorId}`);
  throw new NotMutedError(query, suggestions.slice(0, 5));
}
