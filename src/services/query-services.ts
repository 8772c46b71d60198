import type { UserRef } from "../store/workspace";
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

/** The query use cases, bound to their dependencies. Each runs with the caller's own token and active team. */
export function queryServices(deps: ServiceDeps) {
  return {
    getStatus: (ref: UserRef) => getStatus(deps, ref),
    listMonitors: (ref: UserRef, input: ListMonitorsInput) => listMonitors(deps, ref, input),
    monitorDetails: (ref: UserRef, query: string) => monitorDetails(deps, ref, query),
    monitorDetailsById: (ref: UserRef, monitorId: string) => monitorDetailsById(deps, ref, monitorId),
    listIncidents: (ref: UserRef, input: ListIncidentsInput) => listIncidents(deps, ref, input),
    getIncident: (ref: UserRef, incidentId: string) => getIncident(deps, ref, incidentId),
    getAvailability: (ref: UserRef, input: StatsInput) => getAvailability(deps, ref, input),
    getLatency: (ref: UserRef, input: StatsInput) => getLatency(deps, ref, input),
    listChecks: (ref: UserRef) => listChecks(deps, ref),
    listLocations: (ref: UserRef) => listLocations(deps, ref),
    listChannels: (ref: UserRef) => listChannels(deps, ref),
  };
}
