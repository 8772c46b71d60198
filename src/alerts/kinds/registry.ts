import type { AlertKind, KindEvent } from "../engine/alert-kind";
import { outboxDecoder } from "../engine/outbox-codec";
import type { Detector } from "../engine/poll/detector";
import type { ScheduleKind } from "../engine/schedules/schedule-kind";
import { digestKind } from "./digest/digest-kind";
import { escalationKind } from "./escalation/escalation-kind";
import { flappingKind } from "./flapping/flapping-kind";
import { incidentKind } from "./incident/incident-kind";
import { incidentChannelKind } from "./incident-channel/incident-channel-kind";
import { maintenanceKind } from "./maintenance/maintenance-kind";
import { redrawKind } from "./redraw/redraw-kind";
import { reminderKind } from "./reminder/reminder-kind";
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
] as const;

export const ALERT_KINDS: readonly AlertKind[] = KINDS;

/** The poll's detectors, in table order: the order their events reach the outbox and their state is stored. */
export const POLL_DETECTORS: readonly Detector[] = ALERT_KINDS.flatMap((k) =>
  k.detector ? [k.detector] : [],
);

/** Every schedule the schedule worker fires. */
export const SCHEDULE_KINDS: readonly ScheduleKind[] = ALERT_KINDS.flatMap((k) => k.schedules ?? []);

/** The event of a kind that reads the outbox (a kind riding on another's events adds none). */
type EventOf<K> = K extends AlertKind<infer E> ? (KindEvent extends E ? never : E) : never;

export type DeliverableEvent = EventOf<(typeof KINDS)[number]>;

export const decodeDeliverableEvent = outboxDecoder(ALERT_KINDS) as (
  raw: string | undefined,
) => DeliverableEvent;
