import type { z } from "zod";
import type { Team } from "../../../uptime";
import type { AlertEventType, AlertMonitor, IncidentSnapshot } from "../../model";
import type { PollTargetMeta } from "./poll-target";

/** One check as the poller maps it from the API (A5: `state` 1 passed, -1 failed; newest first). */
export interface CheckSnapshot {
  id: string;
  monitorId: string;
  location: string;
  state: number;
  /** `totalDuration` (A5, ms); null or absent when the API gave none. Only in whole checks. */
  durationMs?: number | null;
  created?: number;
}

// A pure step from stored state and new checks to events; each detector writes back only its own fields.

/** A decoded poll state as the poll holds it: `v`, and the detectors' fields it leaves to them. Read-only. */
export interface PollFields {
  readonly v: 1;
}

/** No events: one constant, so that a quiet poll makes no array. */
export const NO_EVENTS: readonly never[] = Object.freeze([]);

export interface Detected<S, E> {
  state?: S;
  events: readonly E[];
  /** Its state moved in a way worth a commit on its own (a quiet poll commits only then). */
  changed: boolean;
  /** The target's first diff: what is open now, for the subscribe reply (PollHooks.onBaseline). */
  baseline?: IncidentSnapshot[];
}

/** A step that keeps the state and says nothing: one constant for every quiet poll. */
export const UNCHANGED: Detected<never, never> = Object.freeze({ events: NO_EVENTS, changed: false });

export interface IncidentReads<S> {
  /** Incidents must be read this poll (`refreshDue`: the claim booked the periodic read). */
  due(prev: S | null, checks: readonly CheckSnapshot[], refreshDue: boolean): boolean;
  /** Another page (newest first) may hold incidents this state has not seen. */
  morePages(page: readonly IncidentSnapshot[], prev: S | null): boolean;
  /** Ids of incidents to read one by one: the state needs them but the pages no longer list them. */
  missing(prev: S | null, fetched: readonly IncidentSnapshot[]): string[];
}

export interface EventContext {
  apiTeamId: string;
  monitors: ReadonlyMap<string, AlertMonitor | null>;
  checks: readonly CheckSnapshot[];
  team?: Pick<Team, "name" | "counters">;
}

export interface OutboxEntry {
  event: string;
  /** Counted by the alert-event metric and named in the commit's log line. */
  counted?: { type: AlertEventType; id: string };
}

/** Methods, not function properties: a `Detector<IncidentView>` then fits where a `Detector` is taken. */
export interface Detector<S extends object = object, E = unknown> {
  readonly name: string;
  /** Its fields of the stored state, checked when a state is decoded (unknown fields are dropped). */
  readonly fields: z.ZodRawShape;
  /** Writes its fields of `state` into `into`, always in one order: equal states give one string. */
  store(state: S, into: Record<string, unknown>): void;
  /** Every check whole (durations, times), not only "unless all passed". */
  wholeChecks(meta: PollTargetMeta): boolean;
  readonly incidents?: IncidentReads<S>;
  /** Pure; `incidents` is null when no detector asked. A quiet poll should return constants (UNCHANGED). */
  detect(
    prev: S | null,
    checks: readonly CheckSnapshot[],
    incidents: readonly IncidentSnapshot[] | null,
    meta: PollTargetMeta,
    now: number,
  ): Detected<S, E>;
  /** Monitors its events show that `known` lacks: the poll reads them (a bounded number) before outbox(). */
  monitorsToFetch(events: readonly E[], known: ReadonlyMap<string, AlertMonitor | null>): string[];
  needsTeam?(events: readonly E[]): boolean;
  outbox(events: readonly E[], context: EventContext): OutboxEntry[];
}
