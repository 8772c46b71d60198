import type { UserRef } from "../domain/workspace-ref";
import type { CreateMonitorInput, Monitor } from "../uptime";
import type { ServiceDeps } from "./service-deps";
import { openSession, withSession } from "./session";
import { sessionTeam } from "./session-team";

/** Where the create-monitor modal will create: the caller's chosen (or active) API team. */
export interface CreateMonitorTarget {
  teamId: string;
  teamName: string;
}

/**
 * Checks that the caller can open the create-monitor modal, from Redis only: the modal must be opened with
 * the trigger_id within Slack's 3 s, so no API call happens before views.open. NotLinkedError,
 * StaleLinkError or NoTeamError when the caller must link (or choose a team) first.
 */
export async function createMonitorTarget(
  deps: ServiceDeps,
  ref: UserRef,
  teamId?: string,
): Promise<CreateMonitorTarget> {
  const session = await openSession(deps, ref);
  const team = sessionTeam(session, teamId);
  return { teamId: team.id, teamName: team.name };
}

export interface CreateMonitorRequest {
  /** The API team the modal was opened for (from its private_metadata). */
  teamId: string;
  input: CreateMonitorInput;
  /**
   * Bounds the call: a view_submission must be answered within 3 s. A deadline (AbortSignal.timeout) makes
   * the call reject with the client's TimeoutError (phase "deadline"); the client never retries a POST, so
   * at most one monitor is created.
   */
  signal?: AbortSignal;
}

export interface CreateMonitorResult {
  monitor: Monitor;
  teamName: string;
}

/** `POST /teams/{id}/monitors` (A8) with the caller's own token; a 422 arrives as ValidationError. */
export function createMonitor(
  deps: ServiceDeps,
  ref: UserRef,
  request: CreateMonitorRequest,
): Promise<CreateMonitorResult> {
  return withSession(deps, ref, async (session) => {
    const team = sessionTeam(session, request.teamId);
    const monitor = await session.api.monitors.create(
      team.id,
      request.input,
      request.signal ? { signal: request.signal } : undefined,
    );
    return { monitor, teamName: team.name };
  });
}
