import type { AlertKind, KindEvent } from "../engine/alert-kind";
import { outboxDecoder } from "../engine/outbox-codec";
import type { Detector } from "../engine/poll/detector";
import { pollStateCodec } from "../engine/poll/poll-state";
import type { ScheduleKind } from "../engine/schedules/schedule-kind";
import { boardKind } from "./board/board-kind";
import { digestKind } from "./digest/digest-kind";
import { escalationKind } from "./escalation/escalation-kind";
import { flappingKind } from "./flapping/flapping-kind";
import type { IncidentPollState } from "./incident/diff";
import { incidentKind } from "./incident/incident-kind";
import { incidentChannelKind } from "./incident-channel/incident-channel-kind";
import { maintenanceKind } from "./maintenance/maintenance-kind";
import { redrawKind } from "./redraw/redraw-kind";
import { reminderKind } from "./reminder/reminder-kind";
import type { SlowPollState } from "./slow/detector";
import { slowKind } from "./slow/slow-kind";
import { stormKind } from "./storm/storm-kind";

// A new kind is its folder and one line here. The first kind reads unclaimed types, so dead letters say why.
const KINDS = [
  incidentKind,
  slowKind,
  escalationKind,
  maintenanceKind,
  redrawKind,
  digestKind,
  stormKind,
  flappingKind,
  incidentChannelKind,
  reminderKind,
  boardKind,
] as const;

export const ALERT_KINDS: readonly AlertKind[] = KINDS;

/** The poll's detectors, in table order: the order their events reach the outbox and their state is stored. */
export const POLL_DETECTORS: readonly Detector[] = ALERT_KINDS.flatMap((k) =>
  k.detector ? [k.detector] : [],
);

/** The stored poll state of the registry's detectors, as one type. */
export type PollState = IncidentPollState & SlowPollState;

const pollState = pollStateCodec(POLL_DETECTORS);

/** Null for a target never committed; a PollStateError for anything this version did not write. */
export function decodePollState(raw: string | null | undefined): PollState | null {
  return pollState.decode(raw) as PollState | null;
}

/** The state as stored: its fields always in one order, whatever order the object was built in. */
export function encodePollState(state: PollState): string {
  return pollState.encode(state).raw;
}

/** Every schedule the schedule worker fires. */
export const SCHEDULE_KINDS: readonly ScheduleKind[] = ALERT_KINDS.flatMap((k) => k.schedules ?? []);

/** The event of a kind that reads the outbox (a kind riding on another's events adds none). */
type EventOf<K> = K extends AlertKind<infer E> ? (KindEvent extends E ? never : E) : never;

export type DeliverableEvent = EventOf<(typeof KINDS)[number]>;

export const decodeDeliverableEvent = outboxDecoder(ALERT_KINDS) as (
  raw: string | undefined,
) => DeliverableEvent;
