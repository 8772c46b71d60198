import { type UserRef, workspaceOf } from "../domain/workspace-ref";
import { type Incident, ValidationError } from "../uptime";
import type { ServiceDeps } from "./service-deps";
import { withSession } from "./session";

/** The alert message a click came from, so that it can be redrawn after the acknowledge. */
export interface AcknowledgeSource {
  channelId: string;
  messageTs: string;
}

export interface AcknowledgeInput {
  incidentId: string;
  /** The API team the button named; informational (the API's roles decide, with the user's own token). */
  apiTeamId?: string | undefined;
  source?: AcknowledgeSource | undefined;
}

export interface AcknowledgeOutcome {
  /** `already`: acknowledged before (A7: 200 unchanged); `ended`: it recovered (A7: 422). */
  status: "acknowledged" | "already" | "ended";
  incidentId: string;
  apiTeamId: string | null;
  monitorName: string | null;
  acknowledgedAt: Date | null;
  endedAt: Date | null;
}

/**
 * `/uptime ack <id>` and every Acknowledge button: `POST /incidents/{id}/acknowledge` with the caller's own
 * token (docs/architecture.md section 7). The incident is read first because A7 answers an already acknowledged incident with
 * an unchanged 200, which alone cannot tell "you acknowledged it" from "someone already had". A 403
 * (read-only member) surfaces as PermissionDeniedError, a 401 as StaleLinkError (withSession).
 *
 * Who acknowledged is recorded only once the API has accepted the acknowledge: a claim recorded
 * before the call named people the API then refused whenever the poller saw the incident acknowledged
 * (by someone else, in the Uptime app) while the call was in flight. What that costs: when the poller
 * sees this acknowledge in the moment between the API's answer and the record below, a channel whose
 * message it redraws then says "in the Uptime app" instead of the name (the clicked message itself is
 * redrawn with the name below).
 */
export async function acknowledgeIncident(
  deps: ServiceDeps,
  ref: UserRef,
  input: AcknowledgeInput,
): Promise<AcknowledgeOutcome> {
  const outcome = await sendAcknowledge(deps, ref, input);
  if (outcome.status !== "acknowledged") return outcome;
  // An Acknowledge click also redraws its own message at once, through the same render path as the poller's
  // events; every other channel's message of the incident is redrawn through the outbox.
  await attribution(deps, () =>
    deps.alerts?.acknowledged({
      workspace: workspaceOf(ref),
      incidentId: outcome.incidentId,
      ackedBy: ref.userId,
      channelId: input.source?.channelId,
    }),
  );
  // A paged person who acknowledged, from anywhere, answered the page: its thread says so.
  await attribution(deps, () =>
    deps.alerts?.pageAnswered({
      workspace: workspaceOf(ref),
      incidentId: outcome.incidentId,
      by: ref.userId,
    }),
  );
  return outcome;
}

/** The attribution never costs the acknowledge: a failure is logged, the message says "in the Uptime app". */
async function attribution(deps: ServiceDeps, run: () => Promise<unknown> | undefined): Promise<void> {
  try {
    await run();
  } catch (err) {
    deps.logger.warn({ err }, "alert attribution after acknowledge failed");
  }
}

async function sendAcknowledge(
  deps: ServiceDeps,
  ref: UserRef,
  input: AcknowledgeInput,
): Promise<AcknowledgeOutcome> {
  const outcome = await withSession(deps, ref, async (session) => {
    const before = await session.api.incidents.get(input.incidentId); // A7
    // Read alongside the acknowledge, not before it. It never rejects: the name only decorates the answer,
    // and the acknowledge must not fail for it.
    const monitorName: Promise<string | null> = before.monitorId
      ? session.api.monitors.get(before.monitorId).then(
          (monitor) => monitor.name,
          () => null,
        )
      : Promise.resolve(null);
    const result = async (
      status: AcknowledgeOutcome["status"],
      incident: Incident,
    ): Promise<AcknowledgeOutcome> => ({
      status,
      incidentId: incident.id,
      apiTeamId: incident.teamId ?? input.apiTeamId ?? null,
      monitorName: await monitorName,
      acknowledgedAt: incident.acknowledged,
      endedAt: incident.ended,
    });
    if (before.ended) return result("ended", before);
    if (before.acknowledged) return result("already", before);
    let after: Incident;
    try {
      after = await session.api.incidents.acknowledge(input.incidentId); // A7
    } catch (error) {
      // A7: an incident that ended between the read and the acknowledge answers 422.
      if (error instanceof ValidationError) return result("ended", before);
      throw error;
    }
    return result("acknowledged", after);
  });
  return outcome;
}
