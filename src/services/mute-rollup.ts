import { type UserRef, workspaceOf } from "../domain/workspace-ref";
import { type RollupIncident, type RollupInput, rollupIncidents } from "./acknowledge-rollup";
import { muteMonitor } from "./mute-monitor";
import { requireAlerts, type ServiceDeps } from "./service-deps";

export interface MuteRollupOutcome {
  /** The monitors muted, one each however many of its incidents the roll-up lists. */
  muted: Pick<RollupIncident, "monitorId" | "monitorName">[];
  hours: number;
  /** Until when (ms); 0 when nothing was down any more. */
  until: number;
}

/**
 * The roll-up's Mute all: each monitor of the roll-up still down is muted in the channel, through
 * the same path as one alert's Mute menu (who may, who did, the timeline). Nothing down any more mutes
 * nothing. The first refusal (not linked, not a member) is thrown: it would be the same for every monitor.
 */
export async function muteRollup(
  deps: ServiceDeps,
  ref: UserRef,
  input: RollupInput & { hours: number },
): Promise<MuteRollupOutcome> {
  const storm = await requireAlerts(deps).messages.getStorm(
    workspaceOf(ref),
    input.channelId,
    input.apiTeamId,
  );
  const monitors = new Map<string, string | null>();
  for (const incident of rollupIncidents(storm, "down")) {
    if (!monitors.has(incident.monitorId)) monitors.set(incident.monitorId, incident.monitorName);
  }
  const outcome: MuteRollupOutcome = { muted: [], hours: input.hours, until: 0 };
  for (const [monitorId, monitorName] of monitors) {
    // The roll-up's team decides who may: a member of another team subscribed here may not mute these.
    const muted = await muteMonitor(deps, ref, {
      channelId: input.channelId,
      monitorId,
      hours: input.hours,
      apiTeamId: input.apiTeamId,
    });
    outcome.muted.push({ monitorId, monitorName: muted.monitorName ?? monitorName });
    outcome.until = Math.max(outcome.until, muted.until);
  }
  return outcome;
}
