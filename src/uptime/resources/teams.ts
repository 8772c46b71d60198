import { ALL_CHECKS_PASSED, allChecksPassed } from "../decode/all-checks-passed";
import { decodeList, decodeOne } from "../decode/documents";
import type { Page } from "../pagination";
import { type PathValue, path, type QueryParams, queryString } from "../path";
import type { CallOptions, Decoder } from "../transport";
import type { AvailabilityStats, Channel, Check, Incident, Monitor, Team } from "../types";
import { APIResource, getPage, includeParam, pageDecoder } from "./resource";

/** Includes shown to work on `GET /teams/{id}`. */
export type TeamInclude = "users" | "channels" | "locations";

/** Includes of the monitor list (and A11 `GET /monitors/{id}`), in both spellings of the reference. */
export type MonitorInclude =
  | "checks"
  | "incidents"
  | "latency-hourly"
  | "latency-daily"
  | "availability-hourly"
  | "availability-daily"
  | "incident"
  | "availability"
  | "latency";

/** A9: state filter; names map to the A4 numbers, numbers are sent as they are. */
export type MonitorStateFilter = "up" | "down" | "pending" | number;

/** A9: sortable attributes; `-` for descending. */
export type MonitorSortKey = "name" | "group" | "created";
export type MonitorSort = MonitorSortKey | `-${MonitorSortKey}`;

export interface ListMonitorsOptions extends CallOptions {
  /** Page number, from 1. */
  page?: number;
  filter?: {
    /** A9: case-insensitive substring of the name. */
    name?: string;
    state?: MonitorStateFilter;
    /** A9: exact group name. */
    group?: string;
  };
  sort?: MonitorSort | MonitorSort[];
  include?: MonitorInclude[];
}

export interface ListIncidentsOptions extends CallOptions {
  page?: number;
  /** Related resources to include, e.g. `monitor` (resolved onto `Incident.monitor`). */
  include?: string[];
}

// A9 + A4: 10 up, -10 down, null pending. A9 only says "numeric" and pending has no number, so pending is
// sent as the literal `null`; the simulator reads it the same way (handlers/teams.ts filterMonitors).
const STATE_PARAM: Record<string, string> = { up: "10", down: "-10", pending: "null" };

function monitorQuery(options: ListMonitorsOptions | undefined, page: number): string {
  const f = options?.filter;
  const state = f?.state;
  const sort = options?.sort;
  const params: QueryParams = {
    "page[number]": page,
    "filter[name]": f?.name,
    "filter[state]": state === undefined ? undefined : typeof state === "number" ? state : STATE_PARAM[state],
    "filter[group]": f?.group,
    sort: Array.isArray(sort) ? (sort.length > 0 ? sort.join(",") : undefined) : sort,
    include: includeParam(options?.include),
  };
  return queryString(params);
}

const decodeTeam: Decoder<Team> = (json) => decodeOne("teams", json);
const decodeMonitorPage = pageDecoder("monitors");
const decodeIncidentPage = pageDecoder("incidents");
const decodeChecks: Decoder<Check[]> = (json) => decodeList("checks", json);
const allPassedShortcut = (body: Buffer) => (allChecksPassed(body) ? ALL_CHECKS_PASSED : undefined);
const decodeChannels: Decoder<Channel[]> = (json) => decodeList("channels", json);
const decodeAvailability: Decoder<AvailabilityStats> = (json) => decodeOne("availability", json);

export class Teams extends APIResource {
  /** One team with its counters and features (`GET /teams/{id}`). */
  get(id: PathValue, options?: CallOptions & { include?: TeamInclude[] }): Promise<Team> {
    const query = queryString({ include: includeParam(options?.include) });
    return this.session.get(path`/teams/${id}` + query, decodeTeam, options);
  }

  /** One page of the team's monitors, filtered, sorted and with includes (`GET /teams/{id}/monitors`). */
  monitors(teamId: PathValue, options?: ListMonitorsOptions): Promise<Page<Monitor>> {
    const base = path`/teams/${teamId}/monitors`;
    return getPage(
      this.session,
      decodeMonitorPage,
      (n) => base + monitorQuery(options, n),
      options?.page ?? 1,
      options,
    );
  }

  /** Every monitor of the team from `options.page` on, page after page. */
  async *monitorsAll(
    teamId: PathValue,
    options?: ListMonitorsOptions,
  ): AsyncGenerator<Monitor, void, undefined> {
    yield* (await this.monitors(teamId, options)).all(options);
  }

  /** One page of the team's incidents, newest first (A6) (`GET /teams/{id}/incidents`). */
  incidents(teamId: PathValue, options?: ListIncidentsOptions): Promise<Page<Incident>> {
    const base = path`/teams/${teamId}/incidents`;
    const include = includeParam(options?.include);
    return getPage(
      this.session,
      decodeIncidentPage,
      (n) => base + queryString({ "page[number]": n, include }),
      options?.page ?? 1,
      options,
    );
  }

  /** Every incident of the team from `options.page` on, page after page. */
  async *incidentsAll(
    teamId: PathValue,
    options?: ListIncidentsOptions,
  ): AsyncGenerator<Incident, void, undefined> {
    yield* (await this.incidents(teamId, options)).all(options);
  }

  /** The latest checks of the team, newest first (A5: 50) (`GET /teams/{id}/checks`). */
  checks(teamId: PathValue, options?: CallOptions): Promise<Check[]> {
    return this.session.get(path`/teams/${teamId}/checks`, decodeChecks, options);
  }

  /**
   * The same checks for a poller that only needs the failed ones: ALL_CHECKS_PASSED when the raw body
   * shows that no check failed (recognised without parsing it, see allChecksPassed), else every check.
   */
  checksUnlessAllPassed(
    teamId: PathValue,
    options?: CallOptions,
  ): Promise<Check[] | typeof ALL_CHECKS_PASSED> {
    return this.session.get<Check[] | typeof ALL_CHECKS_PASSED>(
      path`/teams/${teamId}/checks`,
      decodeChecks,
      options,
      allPassedShortcut,
    );
  }

  /** The team's alert channels (`GET /teams/{id}/channels`). */
  channels(teamId: PathValue, options?: CallOptions): Promise<Channel[]> {
    return this.session.get(path`/teams/${teamId}/channels`, decodeChannels, options);
  }

  /** The team's availability over the last 30 days (`GET /teams/{id}/availability-daily`). */
  availabilityDaily(teamId: PathValue, options?: CallOptions): Promise<AvailabilityStats> {
    return this.session.get(path`/teams/${teamId}/availability-daily`, decodeAvailability, options);
  }
}
