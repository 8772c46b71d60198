import type { AlertKind, KindEvent } from "../engine/alert-kind";
import { outboxDecoder } from "../engine/outbox-codec";
import { digestKind } from "./digest/digest-kind";
import { escalationKind } from "./escalation/escalation-kind";
import { flappingKind } from "./flapping/flapping-kind";
import { incidentKind } from "./incident/incident-kind";
import { incidentChannelKind } from "./incident-channel/incident-channel-kind";
import { maintenanceKind } from "./maintenance/maintenance-kind";
import { redrawKind } from "./redraw/redraw-kind";
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
] as const;

export const ALERT_KINDS: readonly AlertKind[] = KINDS;

/** The event of a kind that reads the outbox (a kind riding on another's events adds none). */
type EventOf<K> = K extends AlertKind<infer E> ? (KindEvent extends E ? never : E) : never;

export type DeliverableEvent = EventOf<(typeof KINDS)[number]>;

export const decodeDeliverableEvent = outboxDecoder(ALERT_KINDS) as (
  raw: string | undefined,
) => DeliverableEvent;
