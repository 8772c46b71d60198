import type { AlertKind } from "../engine/alert-kind";
import { outboxDecoder } from "../engine/outbox-codec";
import type { OutboxEvent } from "../model";
import type { DigestEvent } from "./digest/digest-event";
import { digestKind } from "./digest/digest-kind";
import type { EscalationEvent } from "./escalation/escalation-event";
import { escalationKind } from "./escalation/escalation-kind";
import { flappingKind } from "./flapping/flapping-kind";
import { incidentKind } from "./incident/incident-kind";
import { incidentChannelKind } from "./incident-channel/incident-channel-kind";
import type { MaintenanceEvent } from "./maintenance/maintenance-event";
import { maintenanceKind } from "./maintenance/maintenance-kind";
import type { RedrawEvent } from "./redraw/redraw-event";
import { redrawKind } from "./redraw/redraw-kind";
import type { SlowEvent } from "./slow/slow-event";
import { slowKind } from "./slow/slow-kind";
import { stormKind } from "./storm/storm-kind";

/**
 * Every alert kind, one line each (docs/architecture.md section 5 "Alert kinds"). The engine dispatches
 * through this table; a new kind is its folder and one line here. The first kind reads the events whose
 * type no kind claims, so that their dead letter names what is wrong.
 */
export const ALERT_KINDS: readonly AlertKind[] = [
  incidentKind,
  slowKind,
  escalationKind,
  maintenanceKind,
  redrawKind,
  digestKind,
  stormKind,
  flappingKind,
  incidentChannelKind,
];

/** What an outbox entry carries: an event of one of the kinds above. */
export type DeliverableEvent =
  | OutboxEvent
  | SlowEvent
  | EscalationEvent
  | MaintenanceEvent
  | RedrawEvent
  | DigestEvent;

/** The event of any outbox entry, by its `type`; an OutboxEventError names what is wrong. */
export const decodeDeliverableEvent = outboxDecoder(ALERT_KINDS) as (
  raw: string | undefined,
) => DeliverableEvent;
