import type { UserRef } from "../domain/workspace-ref";
import { getAvailability, type StatsInput } from "./get-availability";
import { getIncident } from "./get-incident";
import { getLatency } from "./get-latency";
import { getStatus } from "./get-status";
import { listChannels } from "./list-channels";
import { listChecks } from "./list-checks";
import { type ListIncidentsInput, listIncidents } from "./list-incidents";
import { listLocations } from "./list-locations";
import { type ListMonitorsInput, listMonitors } from "./list-monitors";
import { monitorDetails, monitorDetailsById } from "./monitor-details";
import type { ServiceDeps } from "./service-deps";
import { readAsMemberOf } from "./shared-answer";

export type { SharedRead } from "./shared-answer";

/**
 * The query use cases, bound to their dependencies. Each runs with the caller's own token, in their active
 * team or the `teamId` a shared answer showed.
 */
export function queryServices(deps: ServiceDeps) {
  return {
    getStatus: (ref: UserRef, teamId?: string) => getStatus(deps, ref, teamId),
    listMonitors: (ref: UserRef, input: ListMonitorsInput) => listMonitors(deps, ref, input),
    monitorDetails: (ref: UserRef, query: string, teamId?: string) =>
      monitorDetails(deps, ref, query, teamId),
    monitorDetailsById: (ref: UserRef, monitorId: string, teamId?: string) =>
      monitorDetailsById(deps, ref, monitorId, teamId),
    listIncidents: (ref: UserRef, input: ListIncidentsInput) => listIncidents(deps, ref, input),
    getIncident: (ref: UserRef, incidentId: string) => getIncident(deps, ref, incidentId),
    getAvailability: (ref: UserRef, input: StatsInput) => getAvailability(deps, ref, input),
    getLatency: (ref: UserRef, input: StatsInput) => getLatency(deps, ref, input),
    listChecks: (ref: UserRef, teamId?: string) => listChecks(deps, ref, teamId),
    listLocations: (ref: UserRef) => listLocations(deps, ref),
    listChannels: (ref: UserRef, teamId?: string) => listChannels(deps, ref, teamId),
    /** Share in channel: `read` runs only while the clicker is still in `teamId` (the team the answer showed). */
    readAsMemberOf: <T>(ref: UserRef, teamId: string, read: () => Promise<T>) =>
      readAsMemberOf(deps, ref, teamId, read),
  };
}
