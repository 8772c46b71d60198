/** The simulator's in-memory records. Plain data; World (world.ts) owns and mutates them. */

/** A3: the wire strings of the three team roles. */
export type Role = "owner" | "regular" | "read-only";
export const ROLES: readonly Role[] = ["owner", "regular", "read-only"];

/** A8: the two monitor kinds; HTTP monitors carry no `service` attribute on the wire. */
export type MonitorKind = "http" | "tcp_port";

/** A8: the accepted check intervals in seconds. */
export const INTERVALS: readonly number[] = [30, 60, 120, 300, 600, 900, 1800, 3600];

/** A4: meta.state values; null while pending (no check yet). */
export type MonitorState = 10 | -10 | null;

export interface UserRecord {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  timeZone: string;
  silentStart: string;
  silentEnd: string;
  lang: string;
  country: string;
  token: string;
  password: string;
  /** team id -> role, in the order the user joined. */
  teams: Map<number, Role>;
  created: number;
  updated: number;
}

export interface ChannelRecord {
  id: number;
  slug: string;
  name: string;
  description: string;
  enabled: boolean;
  created: number;
  updated: number;
}

export interface TeamRecord {
  id: number;
  name: string;
  created: number;
  updated: number;
  /** user id -> role, in the order the users joined. */
  members: Map<number, Role>;
  channels: ChannelRecord[];
  /** Monitor ids in creation order. */
  monitors: Set<number>;
  /** Group names ever given to a monitor of this team (a group comes into being with its first monitor). */
  groups: Set<string>;
  incidents: number[];
  /** Latest checks of the team, newest first, at most TEAM_CHECKS (A5). */
  checks: CheckRecord[];
  /** Serialised GET /teams/{id}/checks body; null when a change invalidated it. */
  checksBody: Buffer | null;
  availableFeatures: string[];
}

export interface MonitorSettings {
  url?: string;
  keywordBody?: string;
  host?: string;
  port?: number;
  timeout?: number;
}

/** One statistics bucket (an hour or a UTC day) of one monitor. */
export interface Bucket {
  /** Check rounds (one round = all locations once). */
  rounds: number;
  downRounds: number;
  /** Seconds of downtime attributed to this bucket (capped at the bucket length when read). */
  downtime: number;
  /** Sum and count of the durations of passing checks, in ms; metric0 is the connect part. */
  latSum: number;
  latN: number;
  m0Sum: number;
}

export interface MonitorRecord {
  id: number;
  teamId: number;
  name: string;
  pronounceable: string | null;
  interval: number;
  group: string | null;
  kind: MonitorKind;
  settings: MonitorSettings;
  paused: boolean;
  state: MonitorState;
  created: number;
  updated: number;
  /** Seed flag: checked by a real probe of its target when the simulator runs with `probes`. */
  probe: boolean;
  locations: string[];
  baseLatency: number;
  /** Set by the control API's fail; cleared by recover. */
  forced: { reason: string } | null;
  /** Set by the control API's slow (ms of every passing check); cleared by recover. */
  slowMs: number | null;
  openIncident: number | null;
  /** Incident ids in the order they opened. */
  incidents: number[];
  /** Latest checks of the monitor, newest first, bounded. */
  recentChecks: CheckRecord[];
  hourly: Map<number, Bucket>;
  daily: Map<number, Bucket>;
  nextCheckAt: number;
  probing: boolean;
}

export interface IncidentRecord {
  id: number;
  teamId: number;
  monitorId: number;
  started: number;
  ended: number | null;
  acknowledged: number | null;
  reason: string | null;
  /** A6: 0 or 1. */
  maintenance: 0 | 1;
  created: number;
  updated: number;
}

export interface CheckRecord {
  id: string;
  monitorId: number;
  /** A5: HTTP code, or 0 when no HTTP answer came. */
  status: number;
  /** A5: 1 passed, -1 failed. */
  state: 1 | -1;
  location: string;
  created: number;
  error: string | null;
  totalDuration: number;
  /** Connect part of totalDuration (reported as metric0 in latency statistics). */
  connect: number;
}

export interface LocationRecord {
  id: string;
  name: string;
  countryCode: string;
  zone: string;
  ip: string;
  /** Extra latency of this location in ms, for plausible numbers. */
  latencyOffset: number;
}

/** The checking locations (A7: GET /locations). Static, never paginated. */
export const LOCATIONS: readonly LocationRecord[] = [
  {
    id: "nyc",
    name: "New York",
    countryCode: "US",
    zone: "North America",
    ip: "192.0.2.10",
    latencyOffset: 0,
  },
  { id: "lon", name: "London", countryCode: "GB", zone: "Europe", ip: "192.0.2.20", latencyOffset: 12 },
  { id: "fra", name: "Frankfurt", countryCode: "DE", zone: "Europe", ip: "192.0.2.30", latencyOffset: 18 },
  { id: "sin", name: "Singapore", countryCode: "SG", zone: "Asia", ip: "198.51.100.40", latencyOffset: 110 },
  { id: "syd", name: "Sydney", countryCode: "AU", zone: "Oceania", ip: "198.51.100.50", latencyOffset: 150 },
];

export const TEAM_CHECKS = 50; // A5
export const MONITOR_CHECKS = 20;
export const PAGE_SIZE = 10;
