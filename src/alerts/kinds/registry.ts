import { declareSubscriptionOptions } from "../../domain/subscription-options";
import { jsonIssueText } from "../../lib/parse-json";
import { type AlertKind, type KindButton, type KindEvent, OutboxEventError } from "../engine/alert-kind";
import type { Detector } from "../engine/poll/detector";
import { pollStateCodec } from "../engine/poll/poll-state";
import type { ScheduleKind } from "../engine/schedules/schedule-kind";
import { ackTimeoutKind } from "./ack-timeout/ack-timeout-kind";
import { boardKind } from "./board/board-kind";
import { digestKind } from "./digest/digest-kind";
import { escalationKind } from "./escalation/escalation-kind";
import { flappingKind } from "./flapping/flapping-kind";
import type { IncidentPollState } from "./incident/diff";
import { incidentKind } from "./incident/incident-kind";
import { incidentChannelKind } from "./incident-channel/incident-channel-kind";
import { maintenanceKind } from "./maintenance/maintenance-kind";
import { pageKind } from "./page/page-kind";
import { redrawKind } from "./redraw/redraw-kind";
import { reminderKind } from "./reminder/reminder-kind";
import { rotaKind } from "./rota/rota-kind";
import type { SlowPollState } from "./slow/detector";
import { slowKind } from "./slow/slow-kind";
import { stormKind } from "./storm/storm-kind";
import { testAlertKind } from "./test-alert/test-alert-kind";

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
  testAlertKind,
  ackTimeoutKind,
  pageKind,
  rotaKind,
  boardKind,
] as const;

export const ALERT_KINDS: readonly AlertKind[] = KINDS;

// Grammar, store and ui sit below the alerts module: they read the kinds' options from the table they fill.
declareSubscriptionOptions(ALERT_KINDS.flatMap((k) => k.options ?? []));

/** Every kind's buttons by action_id, for the one listener that routes alert buttons. */
/** The kinds that hear a click saying someone is on an incident (AlertKind.onIt). */
export const ON_IT_LISTENERS = ALERT_KINDS.flatMap((k) => (k.onIt ? [k.onIt] : []));

export const KIND_BUTTONS: ReadonlyMap<string, KindButton> = new Map(
  ALERT_KINDS.flatMap((k) => k.buttons ?? []).map((b) => [b.actionId, b]),
);

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

const codecs = new Map<string, NonNullable<AlertKind["codec"]>>();
for (const kind of ALERT_KINDS) for (const type of kind.types) if (kind.codec) codecs.set(type, kind.codec);
/** A type no kind reads is checked against the first kind's schema, so the dead letter says what is wrong. */
const [fallback] = codecs.values();

export function decodeDeliverableEvent(raw: string | undefined): DeliverableEvent {
  if (raw === undefined) throw new OutboxEventError("outbox entry has no event field");
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new OutboxEventError(jsonIssueText(fallback!.label, null));
  }
  const type = (value as { type?: unknown } | null)?.type;
  const codec = (typeof type === "string" && codecs.get(type)) || fallback!;
  const parsed = codec.schema.safeParse(value);
  if (!parsed.success) throw new OutboxEventError(jsonIssueText(codec.label, parsed.error.message));
  return parsed.data as DeliverableEvent;
}
