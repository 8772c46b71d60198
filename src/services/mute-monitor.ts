import type { UserRef } from "../store/workspace";
import { workspaceOf } from "../store/workspace";
import type { ServiceDeps } from "./service-deps";
import { requireAlerts } from "./service-deps";

export interface MuteInput {
  channelId: string;
  monitorId: string;
  hours: number;
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
 * The Mute overflow of alert messages (DESIGN.md section 1): no new root message for this monitor in this
 * channel for 1, 4 or 24 hours; messages already posted keep being updated. Muting is a preference of the
 * Slack channel, not an action on the Uptime service, so the clicking user need not be linked: anyone who
 * can see the alert may quiet it there (as anyone may leave or mute the channel itself).
 */
export async function muteMonitor(deps: ServiceDeps, ref: UserRef, input: MuteInput): Promise<MuteOutcome> {
  const alerts = requireAlerts(deps);
  const ws = workspaceOf(ref);
  const until = await alerts.mutes.muteFor(ws, input.channelId, input.monitorId, input.hours);
  deps.logger.info(
    { channel: input.channelId, monitorId: input.monitorId, hours: input.hours, by: ref.userId },
    "monitor muted in channel",
  );
  return {
    monitorName: await monitorNameInChannel(deps, ref, input),
    monitorId: input.monitorId,
    hours: input.hours,
    until,
  };
}

async function monitorNameInChannel(
  deps: ServiceDeps,
  ref: UserRef,
  input: MuteInput,
): Promise<string | null> {
  const { messages } = requireAlerts(deps);
  const ws = workspaceOf(ref);
  try {
    const state = await messages.getMonitor(ws, input.channelId, input.monitorId);
    const last = state.lastRoot;
    if (!last) return null;
    const record = await messages.get(ws, input.channelId, last.incidentId);
    return record?.view.monitor?.name ?? null;
  } catch (err) {
    // The name only decorates the answer: the mute itself is stored.
    deps.logger.warn({ err }, "could not read the muted monitor's name");
    return null;
  }
}
