import type { DigestCadence } from "../domain/digest-cadences";
import type { Precision } from "../uptime";

// Types and one pure rule only, so every sub-folder of src/alerts may import it.

/** One incident as the API shows it now (A6). Timestamps are ISO 8601 strings as the API wrote them. */
export interface IncidentSnapshot {
  id: string;
  monitorId: string;
  started: string;
  ended: string | null;
  acknowledged: string | null;
  /** A6: `maintenance` 0 or 1, mapped to a boolean. Maintenance incidents never raise alerts. */
  maintenance: boolean;
  reason: string | null;
}

export type IncidentStage = "open" | "acknowledged" | "resolved";

const STAGE_RANK: Record<IncidentStage, number> = { open: 0, acknowledged: 1, resolved: 2 };

/** A stale event never moves a message back. */
export function isLaterStage(next: IncidentStage, shown: IncidentStage): boolean {
  return STAGE_RANK[next] > STAGE_RANK[shown];
}

export type AlertEventType = "opened" | "acknowledged" | "resolved";

export interface AlertEvent {
  type: AlertEventType;
  incidentId: string;
  monitorId: string;
  at: string;
  incident: IncidentSnapshot;
}

/** What the poller knew at commit time, so delivery never calls the API. */
export interface AlertMonitor {
  id: string;
  name: string;
  /** The URL of an HTTP monitor, or `host:port` of a TCP one (A8). */
  target: string;
  group: string | null;
}

export interface OutboxEvent extends AlertEvent {
  apiTeamId: string;
  monitor: AlertMonitor | null;
  /** From the latest checks (A5), for "opened". */
  failingLocations: string[];
  /** For the storm roll-up "7 of 42 monitors down". */
  teamMonitorCount?: number;
  /** The API team's name, read with the counters, for the storm roll-up. */
  teamName?: string;
}

/** One measured check of a slow alert: when, how long (`totalDuration`, A5), from where. */
export interface SlowSample {
  at: number;
  ms: number;
  location: string;
}

/** The period a digest covers: [from, to) in ms, and the key that names it (once per key and channel). */
export interface DigestPeriod {
  key: string;
  from: number;
  to: number;
}

export interface DigestMonitor {
  id: string;
  name: string;
  group: string | null;
  /** Mean of the period's points with data (A10); null without any. */
  availability: number | null;
  downtimeSeconds: number;
  incidents: number;
}

export interface DigestGroup {
  name: string | null;
  availability: number | null;
  monitors: number;
}

export interface DigestReport {
  cadence: DigestCadence;
  timeZone: string;
  period: DigestPeriod;
  team: { id: string; name: string };
  /** The subscription's filters narrowed it (monitor: and group: filters). */
  filtered: boolean;
  monitorCount: number;
  /** Each monitor weighs the same: the mean of the monitors' availability over the period. */
  availability: number | null;
  groups: DigestGroup[];
  incidentsOpened: number;
  /** Monitor downtime over the period, summed over the monitors (two down for an hour are two hours). */
  downtimeSeconds: number;
  mtta: { seconds: number; of: number } | null;
  mttr: { seconds: number; of: number } | null;
  /** At most three, lowest availability first; only monitors that were down or had an incident. */
  worst: DigestMonitor[];
  chart: { precision: Precision; points: { time: Date; value: number | null }[] };
  /** A list was cut at its page cap (DIGEST_MONITOR_PAGES, DIGEST_INCIDENT_PAGES): the numbers cover what was read. */
  capped: boolean;
  /** `--after`: the period's outages shorter than the grace period, which were never posted. */
  heldBack?: { count: number; afterSeconds: number };
}

// An asked-for digest runs on the asker's small API share (A12): caps keep one answer from spending it all.
export const DIGEST_MONITOR_PAGES = 50;
export const DIGEST_INCIDENT_PAGES = 20;
