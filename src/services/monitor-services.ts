import type { UserRef } from "../domain/workspace-ref";
import { type CreateMonitorRequest, createMonitor, createMonitorTarget } from "./create-monitor";
import { deleteMonitor, monitorToDelete } from "./delete-monitor";
import { listGroups } from "./list-groups";
import type { ServiceDeps } from "./service-deps";
import { type MonitorTarget, setMonitorPaused } from "./set-monitor-paused";
import { monitorToEdit, type UpdateMonitorRequest, updateMonitor } from "./update-monitor";

export type { CreateMonitorRequest, CreateMonitorResult, CreateMonitorTarget } from "./create-monitor";
export type { MonitorTarget, SetMonitorPausedResult } from "./set-monitor-paused";

/** The monitor use cases, bound to their dependencies. */
export function monitorServices(deps: ServiceDeps) {
  return {
    /** Redis only: may this user open the create-monitor modal, and for which team. */
    createMonitorTarget: (ref: UserRef, teamId?: string) => createMonitorTarget(deps, ref, teamId),
    createMonitor: (ref: UserRef, request: CreateMonitorRequest) => createMonitor(deps, ref, request),
    listGroups: (ref: UserRef, request: { teamId?: string; query?: string; signal?: AbortSignal }) =>
      listGroups(deps, ref, request),
    pauseMonitor: (ref: UserRef, target: MonitorTarget) => setMonitorPaused(deps, ref, target, true),
    resumeMonitor: (ref: UserRef, target: MonitorTarget) => setMonitorPaused(deps, ref, target, false),
    monitorToDelete: (ref: UserRef, query: string) => monitorToDelete(deps, ref, query),
    /** `/uptime edit` and the Edit button: the monitor the modal is filled with. */
    monitorToEdit: (ref: UserRef, target: MonitorTarget) => monitorToEdit(deps, ref, target),
    /** The edit modal's Save: PATCH /monitors/{id} with the caller's own token. */
    updateMonitor: (ref: UserRef, request: UpdateMonitorRequest) => updateMonitor(deps, ref, request),
    deleteMonitor: (ref: UserRef, target: MonitorTarget) => deleteMonitor(deps, ref, target),
  };
}
