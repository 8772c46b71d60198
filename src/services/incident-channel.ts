import type { OpenIncidentChannelOutcome } from "../alerts";
import { type UserRef, workspaceOf } from "../store/workspace";
import { requireCurrentMember, requireLinked, requireWriteRole } from "./alerts-permission";
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

/**
 * Opening and archiving an incident channel (issue 38) creates or archives a channel and invites people: it
 * needs a linked member of the alert's team with a role other than read-only, as the API says now
 * (docs/architecture.md section 1, the same rule as `--mention here`).
 */
async function requireMayManage(deps: ServiceDeps, ref: UserRef, apiTeamId: string): Promise<void> {
  const link = await requireLinked(deps, ref, "incident-channel");
  const name = link.teams.find((t) => t.id === apiTeamId)?.name ?? null;
  await requireCurrentMember(deps, ref, link, { id: apiTeamId, name }, "incident-channel", (member) =>
    requireWriteRole(member, "incident-channel"),
  );
}

export async function openIncidentChannel(
  deps: ServiceDeps,
  ref: UserRef,
  input: IncidentChannelInput,
): Promise<OpenIncidentChannelOutcome> {
  const alerts = requireAlerts(deps);
  await requireMayManage(deps, ref, input.apiTeamId);
  return alerts.incidentChannels.open({
    workspace: workspaceOf(ref),
    sourceChannel: input.channelId,
    apiTeamId: input.apiTeamId,
    incidentId: input.incidentId,
    by: ref.userId,
  });
}

export async function archiveIncidentChannel(
  deps: ServiceDeps,
  ref: UserRef,
  input: Omit<IncidentChannelInput, "incidentId">,
): Promise<void> {
  const alerts = requireAlerts(deps);
  await requireMayManage(deps, ref, input.apiTeamId);
  await alerts.incidentChannels.archive({
    workspace: workspaceOf(ref),
    channelId: input.channelId,
    by: ref.userId,
  });
}
