import type { z } from "zod";
import type { AlertingAction } from "../../domain/alerting-roles";
import type { SubscriptionOption } from "../../domain/subscription-options";
import type { Clock } from "../../lib/clock";
import type { Logger } from "../../lib/logger";
import type { PosterFor } from "../../slack/slack-poster";
import type { AlertMessageRecord, AlertMessageStore, StoredAlertView } from "../../store/alert-message-store";
import type { BoardStore } from "../../store/board-store";
import type { MaintenanceStore } from "../../store/maintenance-store";
import type { MuteStore } from "../../store/mute-store";
import type { RotaStore } from "../../store/rota-store";
import type { Subscription, SubscriptionStore } from "../../store/subscription-store";
import type { ChartRenderer } from "../../ui/charts/chart-renderer";
import type { Codec } from "../../ui/codec";
import type { WebLinks } from "../../ui/web-links";
import type { DigestDelivery } from "../kinds/digest/digest-delivery";
import type { EscalationSchedules } from "../kinds/escalation/escalation-delivery";
import type { IncidentDrawing } from "../kinds/incident/incident-drawing";
import type { IncidentReplies } from "../kinds/incident/incident-replies";
import type { WindowRules } from "../kinds/storm/alert-rules";
import type { StormRollup } from "../kinds/storm/storm-rollup";
import type { AlertMetrics, DeliveryOutcome } from "../metrics";
import type { Gate, GateKind } from "./alert-gate";
import type { RunbookLookup } from "./alert-parts";
import type { ChannelCtx, ChannelPosting, DeliveryCtx } from "./channel-posting";
import type { Deferral } from "./deferrals";
import type { Detector } from "./poll/detector";
import type { Redraw } from "./redraw";
import type { ScheduleKind } from "./schedules/schedule-kind";
import type { ScheduleStore } from "./schedules/schedule-store";

export interface KindEvent {
  type: string;
}

/** An outbox entry no kind can read: it goes to the dead letters, never retried. */
export class OutboxEventError extends Error {
  override name = "OutboxEventError";
}

/** The engine dispatches through the registry (kinds/registry.ts) and knows no kind by name. */
export interface AlertKind<E extends KindEvent = KindEvent> {
  readonly name: string;
  /** The outbox event types this kind delivers; none for a kind that rides on another's events (storm). */
  readonly types: readonly string[];
  /** The outbox codec: decode checks the shape (scrubbing there too); encode is JSON of the event. */
  readonly codec: { schema: z.ZodType; label: string } | null;
  /** The row of the gate table (engine/alert-gate.ts) the engine applies to this kind's messages. */
  readonly gate: GateKind | null;
  /** What it posts or updates for one subscription, built once from the engine's services. */
  readonly plan: ((engine: EngineServices) => DeliveryPlan<E>) | null;
  /** Its renderers, beside it in its folder (listed so that a newcomer finds them from the registry). */
  readonly renderers: Readonly<Record<string, (...args: never[]) => unknown>>;
  /** What it finds in a poll, for a kind that starts from one; the poll runs every kind's in table order. */
  readonly detector?: Detector;
  /** Its own options of `/uptime subscribe` (`--<flag> <value>`): parsed, stored, listed and helped generically. */
  readonly options?: readonly SubscriptionOption[];
  /** The buttons it puts on its messages; the one listener of alert buttons routes each click here. */
  readonly buttons?: readonly KindButton[];
  /**
   * Another kind's button said someone is on an incident (Still on it): a kind that counts from there (an
   * acknowledgement timeout) moves its schedule. True when it had something to move.
   */
  readonly onIt?: (
    services: KindButtonServices,
    on: { sub: Subscription; incidentId: string; by: string },
  ) => Promise<boolean>;
  /** The schedules it books (steps, windows, periods); the schedule worker fires every kind's. */
  readonly schedules?: readonly ScheduleKind[];
}

/**
 * A button of a kind's messages. The generic listener decodes the click with `value`, asks the role table
 * for `role` in the API team of `subscriptionOf(value)` (a linked account first), and only then runs it.
 */
export interface KindButton<V = unknown> {
  /** Its action_id: messages already posted carry it, so it never changes. */
  readonly actionId: string;
  readonly value: Codec<V>;
  /** The role table's row (domain/alerting-roles.ts) the clicker needs in the subscription's API team. */
  readonly role: AlertingAction;
  /** What to use instead of a button whose value no longer decodes (an old or copied message). */
  readonly instead: string;
  subscriptionOf(value: V): string;
  /** The incident a click says someone is on: every kind that declares `onIt` hears it after `run`. */
  onIt?(value: V): string;
  /**
   * The click, once allowed: `sub` is null when the subscription is gone or the button was clicked
   * outside its channel (a copy). The answer goes to the clicker alone.
   */
  run(
    services: KindButtonServices,
    click: { value: V; sub: Subscription | null; by: string },
  ): Promise<string>;
}

/** What the engine lends a kind's button. */
export interface KindButtonServices {
  schedules: Pick<ScheduleStore, "book" | "bookOnce" | "cancel" | "inspect">;
  messages: AlertMessageStore;
  clock: Clock;
}

export type DeliveryPlan<E> =
  | {
      /** Under the channel's lock, with the engine's failure handling (retry, pause on a permanent error). */
      inChannel: true;
      /** Whether the event is for this subscription at all, checked before the lock (paused ones never are). */
      accepts(sub: Subscription, event: E): boolean;
      deliver(ctx: DeliveryCtx, event: E): Promise<DeliveryOutcome>;
      failure: string;
      /** Whether the engine counts the outcome (a kind that counts its own posts says no). */
      counted: boolean;
      /**
       * Holds the event for this subscription until a time (a grace period), checked before the lock: the
       * engine books it and delivers it then, or drops it when an ending event comes first (deferrals.ts).
       */
      defer?(sub: Subscription, event: E): Deferral | null;
      /** Told under the channel's lock when an incident's root is posted (again on a redelivery). */
      rootPosted?(ctx: DeliveryCtx, view: StoredAlertView): Promise<void>;
      /** Told under the channel's lock when an incident's message moved on (acknowledged, resolved). */
      incidentMoved?(ctx: DeliveryCtx, record: AlertMessageRecord): Promise<void>;
      /**
       * Told, under the same lock, of every other kind's event delivered to a subscription of the channel,
       * whatever it posted (a gated one too): for a kind that reflects the channel's state (the board).
       * Its failure is logged and never retries the event it watched.
       */
      observe?(ctx: DeliveryCtx, event: KindEvent): Promise<void>;
    }
  | {
      /** A kind that takes its own lock and settles its own errors (never throws). */
      inChannel: false;
      deliver(sub: Subscription, eventId: string, event: E): Promise<DeliveryOutcome>;
    };

/** What the engine lends every kind's plan: stores, the posting slot, the gate, the shared incident parts. */
export interface EngineServices {
  messages: AlertMessageStore;
  mutes: Pick<MuteStore, "mutedUntil" | "get" | "endByRecovery" | "listChannel">;
  windows?: Pick<MaintenanceStore, "covering" | "hold" | "get" | "put" | "held" | "listChannel"> | undefined;
  /** The channels' live boards (`/uptime board`); absent, no board is kept. */
  boards?: BoardStore | undefined;
  subscriptions: Pick<SubscriptionStore, "get">;
  /** The channels' on-call rotas: their handovers, and `oncall` resolved at the moment of a post. */
  rotas?: Pick<RotaStore, "get" | "put"> | undefined;
  escalations?: EscalationSchedules | undefined;
  /** The one schedule API, for a kind that books its own schedules (its ScheduleKind fires them). */
  schedules?: Pick<ScheduleStore, "book" | "bookOnce" | "cancel"> | undefined;
  /** Tells every kind's plan that asked (rootPosted, incidentMoved) what happened to an incident here. */
  incidentHooks: IncidentHooks;
  posterFor: PosterFor;
  posting: ChannelPosting;
  clock: Clock;
  logger: Logger;
  metrics: AlertMetrics;
  webLinks: WebLinks | undefined;
  /** The runbook links of a monitor, for every renderer's runbook part (engine/alert-parts.ts). */
  runbooks: RunbookLookup;
  charts: Pick<ChartRenderer, "render">;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  storm: WindowRules;
  flap: WindowRules;
  drawing: IncidentDrawing;
  replies: IncidentReplies;
  rollup: StormRollup;
  redraw: Redraw;
  /** Digests are posted by the digest delivery the bot also uses for `/uptime digest`. */
  digests: Pick<DigestDelivery, "deliverTo"> | undefined;
  /** The incident's own channel, if one was opened, hears what reached the alert's thread. */
  follow(ctx: ChannelCtx & { sub?: Subscription }, incidentId: string): Promise<void>;
  gate: Gate;
}

/** What the incident kind tells the other kinds about an incident's message in a channel. */
export interface IncidentHooks {
  rootPosted(ctx: DeliveryCtx, view: StoredAlertView): Promise<void>;
  incidentMoved(ctx: DeliveryCtx, record: AlertMessageRecord): Promise<void>;
}
