import type { UserRef } from "../domain/workspace-ref";
import type { Monitor } from "../uptime";
import { resolveMonitor } from "./find-monitor";
import type { ServiceDeps } from "./service-deps";
import { withSession } from "./session";
import type { MonitorTarget } from "./set-monitor-paused";

/** `/uptime delete <monitor>`: the monitor the confirmation names (nothing is deleted yet). */
export function monitorToDelete(deps: ServiceDeps, ref: UserRef, query: string): Promise<Monitor> {
  return withSession(deps, ref, ({ api, team }) => resolveMonitor(api, team.id, query));
}

/**
 * The confirmed Delete button: `DELETE /monitors/{id}` (A7, 204) with the caller's own token. A read-only
 * member gets the API's 403 (the role sentence); a monitor deleted meanwhile is a 404 like any lookup.
 * Returns the monitor as it was, for the answer.
 */
export function deleteMonitor(deps: ServiceDeps, ref: UserRef, target: MonitorTarget): Promise<Monitor> {
  return withSession(deps, ref, async ({ api, team }) => {
    const monitor =
      "monitorId" in target
        ? await api.monitors.get(target.monitorId)
        : await resolveMonitor(api, team.id, target.query);
    await api.monitors.delete(monitor.id);
    deps.logger.info({ monitorId: monitor.id, user: ref.userId }, "monitor deleted");
    return monitor;
  });
}
