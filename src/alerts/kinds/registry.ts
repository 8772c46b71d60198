import type { AlertKind, KindEvent } from "../engine/alert-kind";
import { outboxDecoder } from "../engine/outbox-codec";
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

/**
 * Every alert kind, one line each (docs/architecture.md section 5 "Alert kinds"). The engine dispatches
 * through this table; a new kind is its folder and one line here. The first kind reads the events whose
 * type no kind claims, so that their dead letter names what is wrong.
 */
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

/** The event of a kind that reads the outbox (a kind riding on another's events adds none). */
type EventOf<K> = K extends AlertKind<infer E> ? (KindEvent extends E ? never : E) : never;

/** What an outbox entry carries: an event of one of the kinds above. */
export type DeliverableEvent = EventOf<(typeof KINDS)[number]>;

/** The event of any outbox entry, by its `type`; an OutboxEventError names what is wrong. */
export const decodeDeliverableEvent = outboxDecoder(ALERT_KINDS) as (
  raw: string | undefined,
) => DeliverableEvent;
