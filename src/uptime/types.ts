// Domain types: what the decoders produce from JSON:API documents, friendlier than the wire form.
// Every resource keeps its `links.self` as `url` and its raw `meta` object.

export type JsonObject = Record<string, unknown>;

interface ResourceBase {
  id: string;
  /** `links.self` of the resource (absolute or root-relative), null when absent. */
  url: string | null;
  /** The resource's raw JSON:API `meta` (unknown members kept); `{}` when absent. */
  meta: JsonObject;
}

/** A4: `meta.state` 10 up, -10 down, null pending; anything else is "unknown". */
export type MonitorState = "up" | "down" | "pending" | "unknown";

/** A8: URL monitors carry no `service` and are called "http" here; other kinds keep their wire string. */
export type MonitorKind = "http" | "tcp_port" | (string & {});

export interface MonitorSettings {
  url?: string;
  keywordBody?: string;
  host?: string;
  port?: number;
  timeout?: number;
}

export interface Monitor extends ResourceBase {
  name: string;
  pronounceable: string | null;
  group: string | null;
  /** Check interval in seconds; null when the document does not carry it (e.g. some create responses). */
  interval: number | null;
  kind: MonitorKind;
  /** URL and host scrubbed (no user info, query or fragment): what every surface shows. */
  settings: MonitorSettings;
  /**
   * URL and host as the API holds them, secrets included: read only by the edit modal's prefill, since
   * saving the scrubbed ones would silently drop the monitor's credentials and query.
   */
  editTarget?: { url?: string; host?: string };
  state: MonitorState;
  /** The raw numeric state (10, -10, null) for callers that need the wire value. */
  stateCode: number | null;
  /** A4: `meta.status` 0 means paused (disabled); 1 active. */
  paused: boolean;
  createdAt: Date | null;
  updatedAt: Date | null;
  /** Present when requested with include=incidents or include=incident. */
  incidents?: IncludedIncidents;
  /** Present when requested with include=checks (decoded from `included`). */
  checks?: Check[];
  availabilityHourly?: AvailabilityStats | null;
  availabilityDaily?: AvailabilityStats | null;
  latencyHourly?: LatencyStats | null;
  latencyDaily?: LatencyStats | null;
}

/** The incidents relationship of a monitor: the ten most recent ids, those resolved, and the total. */
export interface IncludedIncidents {
  ids: string[];
  /** The referenced incidents found in `included`, in relationship order. */
  items: Incident[];
  /** `meta.total` of the relationship; null when the server left it out. */
  total: number | null;
}

export interface Incident extends ResourceBase {
  monitorId: string | null;
  teamId: string | null;
  started: Date;
  ended: Date | null;
  acknowledged: Date | null;
  downtimeSeconds: number | null;
  reason: string | null;
  /** A6: `maintenance` 1 means the outage happened during maintenance. */
  maintenance: boolean;
  /** An incident is open while `ended` is null (reference, States). */
  open: boolean;
  createdAt: Date | null;
  updatedAt: Date | null;
  /** The monitor, when the list was requested with include=monitor and the server included it. */
  monitor?: Monitor;
}

export interface Check extends ResourceBase {
  monitorId: string | null;
  location: string;
  /** A5: `state` 1 passed, -1 failed. */
  passed: boolean;
  /** A5: the HTTP status code, or 0 when there was no HTTP answer. */
  status: number;
  durationMs: number | null;
  error: string | null;
  created: Date;
}

/** A3 roles; unknown role strings are kept as they came. */
export type TeamRole = "owner" | "regular" | "read-only" | (string & {});

export interface TeamMember {
  userId: string;
  role: TeamRole | null;
  /** The user, when included. */
  user?: User;
}

export interface MonitorCounters {
  up: number;
  down: number;
  paused: number;
  pending: number;
}

export interface Team extends ResourceBase {
  name: string;
  /** `meta.monitorCounters`; null where the document leaves it out (e.g. the team list of a user). */
  counters: MonitorCounters | null;
  availableFeatures: string[];
  /** From `relationships.users` when present. */
  members?: TeamMember[];
  channelCount?: number;
  locationCount?: number;
  /** Included channels / locations, when requested. */
  channels?: Channel[];
  locations?: Location[];
  createdAt: Date | null;
  updatedAt: Date | null;
}

export interface User extends ResourceBase {
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  timeZone: string | null;
  silentStart: string | null;
  silentEnd: string | null;
  lang: string | null;
  country: string | null;
  invitation: string | null;
  /** Ids of `relationships.teams`; empty when absent. */
  teamIds: string[];
  /** The teams, when requested with include=teams. */
  teams?: Team[];
}

export interface Channel extends ResourceBase {
  slug: string;
  name: string;
  description: string | null;
  enabled: boolean;
  createdAt: Date | null;
  updatedAt: Date | null;
}

export interface Location extends ResourceBase {
  name: string;
  countryCode: string | null;
  zone: string | null;
  ip: string | null;
  status: number | null;
  seen: Date | null;
}

/** A7: type `groups`, id = the group name, `meta.monitors` = number of monitors. */
export interface Group extends ResourceBase {
  name: string;
  monitorCount: number | null;
}

export type Precision = "hourly" | "daily";

export interface AvailabilityPoint {
  time: Date;
  /** Percent; null for periods without data (A10). */
  availability: number | null;
  downtimeSeconds: number | null;
}

export interface AvailabilityStats extends ResourceBase {
  precision: Precision;
  points: AvailabilityPoint[];
  timeFrom: Date | null;
  timeTo: Date | null;
  totals: { availability: number | null; downtimeSeconds: number | null; timeframeSeconds: number | null };
}

export interface LatencyPoint {
  time: Date;
  /** A10: `TotalDuration` in ms; null without data. */
  totalMs: number | null;
  /** A10: `metric0` in ms; null without data. */
  metric0Ms: number | null;
}

export interface LatencyStats extends ResourceBase {
  precision: Precision;
  points: LatencyPoint[];
  timeFrom: Date | null;
  timeTo: Date | null;
  /** Both null when the service sent the empty list it uses for "no data". */
  averages: { totalMs: number | null; metric0Ms: number | null };
}

export interface ServiceStatus {
  /** `active`, or `error` when a component may have an issue (which does not mean the service is down). */
  status: string;
  active: boolean;
  components: string[];
  /** Shape not shown in the reference; kept as received. */
  failures: unknown[];
}

// ---- inputs ----

interface MonitorInputBase {
  name: string;
  group?: string | null;
  pronounceable?: string | null;
  /** Seconds; A8 allows 30, 60, 120, 300, 600, 900, 1800, 3600. */
  interval?: number;
}

/** A8: the two monitor kinds the project creates. */
export type CreateMonitorInput =
  | (MonitorInputBase & { kind: "http"; url: string; keywordBody?: string })
  | (MonitorInputBase & { kind: "tcp_port"; host: string; port: number; timeout?: number });

/** Attributes to change on a monitor; settings members are merged into `attributes.settings`. */
export interface UpdateMonitorInput {
  name?: string;
  group?: string | null;
  pronounceable?: string | null;
  interval?: number;
  url?: string;
  keywordBody?: string;
  host?: string;
  port?: number;
  timeout?: number;
}

/** Attributes to change on a user (the reference shows firstName and lastName). */
export interface UpdateUserInput {
  firstName?: string;
  lastName?: string;
  phone?: string;
  timeZone?: string;
  silentStart?: string;
  silentEnd?: string;
  lang?: string;
  country?: string;
}
