import type { UserRef } from "../domain/workspace-ref";
import type { CreateMonitorInput, Monitor, UpdateMonitorInput } from "../uptime";
import { resolveMonitor } from "./find-monitor";
import type { ServiceDeps } from "./service-deps";
import { withSession } from "./session";
import { sessionTeam } from "./session-team";
import type { MonitorTarget } from "./set-monitor-paused";

/** `/uptime edit <monitor>` and the Edit button: the monitor the modal is filled with (nothing changes). */
export function monitorToEdit(deps: ServiceDeps, ref: UserRef, target: MonitorTarget): Promise<Monitor> {
  return withSession(deps, ref, ({ api, team }) =>
    "monitorId" in target ? api.monitors.get(target.monitorId) : resolveMonitor(api, team.id, target.query),
  );
}

export interface UpdateMonitorRequest {
  /** The API team the modal was opened for (from its private_metadata). */
  teamId: string;
  monitorId: string;
  input: CreateMonitorInput;
  /** Bounds the call within Slack's 3 s for a view_submission (the client never retries a PATCH). */
  signal?: AbortSignal;
}

/**
 * The edit modal's form as `PATCH /monitors/{id}` attributes (A7): the kind is fixed, so only its own
 * settings are sent; a group left empty clears it, like the create modal's "no group".
 */
export function updateInputOf(input: CreateMonitorInput): UpdateMonitorInput {
  const common: UpdateMonitorInput = {
    name: input.name,
    group: input.group ?? null,
    pronounceable: input.pronounceable ?? null,
    ...(input.interval !== undefined ? { interval: input.interval } : {}),
  };
  return input.kind === "http"
    ? { ...common, url: input.url, keywordBody: input.keywordBody ?? "" }
    : {
        ...common,
        host: input.host,
        port: input.port,
        ...(input.timeout !== undefined ? { timeout: input.timeout } : {}),
      };
}

/** Saves the edit modal with the caller's own token; a 422 arrives as ValidationError, a read-only 403 too. */
export function updateMonitor(
  deps: ServiceDeps,
  ref: UserRef,
  request: UpdateMonitorRequest,
): Promise<{ monitor: Monitor; teamName: string }> {
  return withSession(deps, ref, async (session) => {
    const team = sessionTeam(session, request.teamId);
    const monitor = await session.api.monitors.update(
      request.monitorId,
      updateInputOf(request.input),
      request.signal ? { signal: request.signal } : undefined,
    );
    deps.logger.info({ monitorId: monitor.id, user: ref.userId }, "monitor updated");
    return { monitor, teamName: team.name };
  });
}
