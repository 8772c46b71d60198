// The Uptime Monitoring Service client. Usage:
//   const client = new UptimeClient({ baseUrl });
//   const api = client.as(token);
//   const page = await api.teams.monitors(teamId, { filter: { state: "down" } });
//   for await (const monitor of page) { ... }           // this page and every page after it
//   for await (const m of api.teams.monitorsAll(teamId)) { ... }
//   await client.close();
export { UptimeApi, UptimeClient, type UptimeClientOptions } from "./client";
export { ALL_CHECKS_PASSED, allChecksPassed } from "./decode/all-checks-passed";
export { decodeList, decodeOne, decodePage, decodeStatus } from "./decode/documents";
export * from "./errors";
export type { Family } from "./jsonapi";
export { Page, type PageData, type PageLinks, type PageMeta } from "./pagination";
export { type PathValue, path, queryString } from "./path";
export type { Groups } from "./resources/groups";
export type { Incidents } from "./resources/incidents";
export type { Locations } from "./resources/locations";
export {
  createMonitorAttributes,
  type GetMonitorOptions,
  type Monitors,
  updateMonitorAttributes,
} from "./resources/monitors";
export type { Status } from "./resources/status";
export type {
  ListIncidentsOptions,
  ListMonitorsOptions,
  MonitorInclude,
  MonitorSort,
  MonitorSortKey,
  MonitorStateFilter,
  TeamInclude,
  Teams,
} from "./resources/teams";
export type { GetUserOptions, UserInclude, Users } from "./resources/users";
export { DEFAULT_RETRY, type RetryOptions } from "./retry-policy";
export type { CallGate, UptimeCall } from "./transport";
export { type CallOptions, DEFAULT_MAX_RESPONSE_BYTES } from "./transport";
export * from "./types";
export { CLIENT_VERSION } from "./version";
