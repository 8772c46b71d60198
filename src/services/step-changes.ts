import type { UserRef } from "../domain/workspace-ref";
import {
  type StepChange,
  type StepConfirmationRecord,
  type StepConfirmationStore,
  StepConfirmationStore as StepConfirmationStoreClass,
} from "../store/step-confirmation-store";
import { acknowledgeIncident } from "./acknowledge-incident";
import { NotInActiveTeamError } from "./errors";
import { resolveMonitorInTeam } from "./find-monitor";
import type { ServiceDeps } from "./service-deps";
import { withSession } from "./session";
import { setMonitorPaused } from "./set-monitor-paused";

export type { StepChange, StepConfirmationRecord } from "../store/step-confirmation-store";

/** What a changing workflow step was asked: a monitor by name or id, or an incident by id. */
export type StepChangeRequest =
  | { kind: "pause" | "resume"; query: string }
  | { kind: "acknowledge"; incidentId: string };

/** A changing step's outputs (manifest.yml `functions.<callback_id>.output_parameters`). */
export type StepChangeOutputs = Record<string, string | boolean>;

/** How long a step waits for its runner's Confirm before it ends with an error. */
export const STEP_CONFIRMATION_MS = 10 * 60_000;

/** The store of waiting confirmations was not composed: a composition mistake. */
export class StepConfirmationsNotConfiguredError extends Error {
  override readonly name = "StepConfirmationsNotConfiguredError";
  constructor() {
    super("ServiceDeps.stepConfirmations is not configured: changing workflow steps are unavailable");
  }
}

function store(deps: ServiceDeps): StepConfirmationStore {
  if (!deps.stepConfirmations) throw new StepConfirmationsNotConfiguredError();
  return deps.stepConfirmations;
}

/**
 * What a Pause, Resume or Acknowledge step would change, read with the runner's token in their active team
 * (NotInActiveTeamError for an id of another of their teams), so that the confirmation names it. Nothing
 * is changed here.
 */
export function prepareStepChange(
  deps: ServiceDeps,
  ref: UserRef,
  request: StepChangeRequest,
): Promise<StepChange> {
  return withSession(deps, ref, async ({ api, team }) => {
    if (request.kind !== "acknowledge") {
      const monitor = await resolveMonitorInTeam(api, team, request.query);
      return { kind: request.kind, id: monitor.id, name: monitor.name, teamId: team.id, teamName: team.name };
    }
    const incidentId = request.incidentId.replace(/^#/, "");
    const incident = await api.incidents.get(incidentId); // A7
    // A6: each incident names its team.
    if (incident.teamId !== team.id) throw new NotInActiveTeamError("incident", incidentId, team.name);
    const name = incident.monitorId
      ? await api.monitors.get(incident.monitorId).then(
          (m) => m.name,
          () => null,
        )
      : null;
    return { kind: "acknowledge", id: incident.id, name, teamId: team.id, teamName: team.name };
  });
}

/**
 * The runner confirmed: the change is made now with their token and role as the API sees them at this
 * moment, in the team the confirmation named, which must still be their active team.
 */
export async function runStepChange(
  deps: ServiceDeps,
  ref: UserRef,
  change: StepChange,
): Promise<StepChangeOutputs> {
  await withSession(deps, ref, async ({ team }) => {
    if (team.id !== change.teamId)
      throw new NotInActiveTeamError(monitorOrIncident(change), change.id, team.name);
  });
  if (change.kind === "acknowledge") {
    const outcome = await acknowledgeIncident(deps, ref, { incidentId: change.id, apiTeamId: change.teamId });
    return { status: outcome.status, incident_id: outcome.incidentId };
  }
  const result = await setMonitorPaused(deps, ref, { monitorId: change.id }, change.kind === "pause");
  return { monitor_id: result.monitor.id, paused: result.monitor.paused, changed: result.changed };
}

function monitorOrIncident(change: StepChange): "monitor" | "incident" {
  return change.kind === "acknowledge" ? "incident" : "monitor";
}

// The waiting confirmations of changing steps (store/step-confirmation-store.ts), for the Slack layer.

export function newStepConfirmationId(_deps: ServiceDeps): string {
  return StepConfirmationStoreClass.newId();
}

export function holdStepConfirmation(deps: ServiceDeps, record: StepConfirmationRecord, runToken: string) {
  return store(deps).put(record, runToken, deps.clock.now());
}

export function stepConfirmation(deps: ServiceDeps, id: string) {
  return store(deps).get(id);
}

export function claimStepConfirmation(deps: ServiceDeps, id: string, leaseMs: number) {
  return store(deps).claim(id, leaseMs);
}

export function releaseStepConfirmation(deps: ServiceDeps, id: string) {
  return store(deps).release(id);
}

export function endStepConfirmation(deps: ServiceDeps, id: string) {
  return store(deps).end(id);
}

export function dueStepConfirmations(deps: ServiceDeps) {
  return store(deps).due(deps.clock.now());
}

export function forgetStepConfirmation(deps: ServiceDeps, id: string) {
  return store(deps).forget(id);
}
