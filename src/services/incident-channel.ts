import type { OpenIncidentChannelOutcome } from "../alerts";
import { mayChange } from "../domain/alerting-roles";
import { type UserRef, workspaceOf } from "../domain/workspace-ref";
import { requireCurrentMember, requireLinked } from "./alerts-permission";
import { AlertsChangeNotAllowedError } from "./errors";
import { requireAlerts, type ServiceDeps } from "./service-deps";

export type { OpenIncidentChannelOutcome } from "../alerts";

export interface IncidentChannelInput {
  /** The API team the button named: its members decide. */
  apiTeamId: string;
  /** The alert's (or roll-up's) channel, for Open; the incident channel, for Archive. */
  channelId: string;
  /** An alert's incident; absent for a storm roll-up. */
  incidentId?: string | undefined;
}

export interface ArchiveIncidentChannelInput extends Omit<IncidentChannelInput, "incidentId"> {
  /** Where the Archive button was clicked: only someone in the incident channel may archive it. */
  clickedInChannelId: string | undefined;
}

/**
 * Opening an incident channel needs a linked member of the alert's team, as the API says now;
 * the role table (src/domain/alerting-roles.ts) lets any member open one, read-only too.
 */
export async function openIncidentChannel(
  deps: ServiceDeps,
  ref: UserRef,
  input: IncidentChannelInput,
): Promise<OpenIncidentChannelOutcome> {
  const alerts = requireAlerts(deps);
  const link = await requireLinked(deps, ref, "incident-channel");
  const name = link.teams.find((t) => t.id === input.apiTeamId)?.name ?? null;
  await requireCurrentMember(deps, ref, link, { id: input.apiTeamId, name }, "open-incident-channel");
  return alerts.incidentChannels.open({
    workspace: workspaceOf(ref),
    sourceChannel: input.channelId,
    apiTeamId: input.apiTeamId,
    incidentId: input.incidentId,
    by: ref.userId,
  });
}

/**
 * Archive on an incident channel's summary: the role table's row asks for someone in that channel, whatever
 * their team role. The button counts only when clicked inside the channel it names, where only its members
 * read it (a copied message must not archive another channel).
 */
export async function archiveIncidentChannel(
  deps: ServiceDeps,
  ref: UserRef,
  input: ArchiveIncidentChannelInput,
): Promise<void> {
  const alerts = requireAlerts(deps);
  const inChannel = input.clickedInChannelId === input.channelId;
  if (!mayChange("archive-incident-channel", inChannel ? "member" : "outsider").allowed) {
    throw new AlertsChangeNotAllowedError("incident-channel", "not_in_channel", null);
  }
  await alerts.incidentChannels.archive({
    workspace: workspaceOf(ref),
    channelId: input.channelId,
    by: ref.userId,
  });
}
