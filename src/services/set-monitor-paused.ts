import type { UserRef } from "../domain/workspace-ref";
import type { Monitor } from "../uptime";
import { resolveMonitor } from "./find-monitor";
import type { ServiceDeps } from "./service-deps";
import { withSession } from "./session";

/** Which monitor: a name or id typed by the user, or the id a button carries. */
export type MonitorTarget = { query: string } | { monitorId: string };

export interface SetMonitorPausedResult {
  /** The monitor as the API returned it after the change (or as it was, when unchanged). */
  monitor: Monitor;
  /** False when it already was in the wanted state: nothing was sent, and that is not an error. */
  changed: boolean;
}

/**
 * `/uptime pause|resume <monitor>` and the Pause/Resume buttons: `POST /monitors/{id}/disable` or `/enable`
 * (A7) with the caller's own token. A read-only member gets the API's 403 (PermissionDeniedError), which the
 * one error mapping turns into the role sentence.
 */
export function setMonitorPaused(
  deps: ServiceDeps,
  ref: UserRef,
  target: MonitorTarget,
  paused: boolean,
): Promise<SetMonitorPausedResult> {
  return withSession(deps, ref, async ({ api, team }) => {
    const monitor =
      "monitorId" in target
        ? await api.monitors.get(target.monitorId)
        : await resolveMonitor(api, team.id, target.query);
    // A4: meta.status 0 is paused; asking again is answered kindly rather than sent twice.
    if (monitor.paused === paused) return { monitor, changed: false };
    const updated = paused ? await api.monitors.disable(monitor.id) : await api.monitors.enable(monitor.id);
    return { monitor: updated, changed: true };
  });
}

/** `/uptime pause <monitor>` and the Pause button. */
export function pauseMonitor(
  deps: ServiceDeps,
  ref: UserRef,
  target: MonitorTarget,
): Promise<SetMonitorPausedResult> {
  return setMonitorPaused(deps, ref, target, true);
}

/** `/uptime resume <monitor>` and the Resume button. */
export function resumeMonitor(
  deps: ServiceDeps,
  ref: UserRef,
  target: MonitorTarget,
): Promise<SetMonitorPausedResult> {
  return setMonitorPaused(deps, ref, target, false);
}
