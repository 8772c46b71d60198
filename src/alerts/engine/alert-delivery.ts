import type { WorkspaceRef } from "../../domain/workspace-ref";
import { sleep } from "../../lib/backoff";
import { systemClock } from "../../lib/clock";
import { type Logger, silentLogger } from "../../lib/logger";
import { SlackPermanentError } from "../../slack/slack-poster";
import type { ChannelLock } from "../../store/alert-message-store";
import type { ChannelRateLimiter } from "../../store/channel-rate-limiter";
import { CorruptRecordError } from "../../store/corrupt-record-error";
import type { Subscription, SubscriptionStore } from "../../store/subscription-store";
import { renderChartPng } from "../../ui/charts/render-chart-png";
import { IncidentDrawing, type IncidentDrawingDeps } from "../kinds/incident/incident-drawing";
import { IncidentReplies } from "../kinds/incident/incident-replies";
import { IncidentChannels, type IncidentChannelsDeps } from "../kinds/incident-channel/incident-channels";
import { ALERT_KINDS } from "../kinds/registry";
import { DEFAULT_FLAP_RULES, DEFAULT_STORM_RULES } from "../kinds/storm/alert-rules";
import { StormRollup } from "../kinds/storm/storm-rollup";
import { type AlertMetrics, type DeliveryOutcome, noopAlertMetrics } from "../metrics";
import type { SubscriptionPauses } from "../subscriptions/subscription-pauses";
import { type AlertGateDeps, type Gate, gateAlert } from "./alert-gate";
import type { AlertKind, DeliveryPlan, EngineServices, IncidentHooks, KindEvent } from "./alert-kind";
import { noRunbooks } from "./alert-parts";
import { type ChannelCtx, ChannelPosting, type DeliveryCtx } from "./channel-posting";
import { type DeferralStore, Deferrals } from "./deferrals";
import type { OutboxDelivery } from "./outbox-entry-handler";
import { type AcknowledgeFanOutDeps, Redraw } from "./redraw";
import { subscriptionOfScheduleTarget } from "./schedules/schedule-targets";

export interface AlertDeliveryDeps
  extends Pick<
      EngineServices,
      "messages" | "mutes" | "windows" | "escalations" | "schedules" | "posterFor" | "rotas" | "boards"
    >,
    Partial<
      Pick<
        EngineServices,
        | "clock"
        | "logger"
        | "metrics"
        | "webLinks"
        | "charts"
        | "sleep"
        | "storm"
        | "flap"
        | "digests"
        | "runbooks"
      >
    > {
  subscriptions: Pick<SubscriptionStore, "listByTargetSettled" | "pause" | "markPauseNotified" | "get">;
  rateLimiter: Pick<ChannelRateLimiter, "reserve">;
  /** The one pause path (subscriptions/subscription-pauses.ts): a permanent Slack error pauses there. */
  pauses: Pick<SubscriptionPauses, "pause">;
  /** Incident channels: absent, none is opened and the delivery feeds none. */
  incidentChannels?: Pick<
    IncidentChannelsDeps,
    "store" | "subscriptions" | "posterFor" | "availability" | "waitForOtherMs"
  >;
  lockTtlMs?: number;
  lockWaitMs?: number;
  maxRateLimitWaits?: number;
  /** How long an unanswered post may still land (ALERT_POST_SETTLE_MS); default POST_SETTLE_MS. */
  postSettleMs?: number | undefined;
  fanOut?: AcknowledgeFanOutDeps | undefined;
  kinds?: readonly AlertKind[];
  /** Where a plan's `defer` holds events (the schedule store); absent, nothing is held. */
  deferrals?: DeferralStore | undefined;
  /** The incidents' notes: their count on each root, and the roots' index a message shortcut reads. */
  notes?:
    | (NonNullable<IncidentDrawingDeps["notes"]> & NonNullable<IncidentChannelsDeps["notes"]>)
    | undefined;
}

// Nothing is posted twice: the attempt is recorded first, and a retry without a ts looks the message up.
export class AlertDelivery implements OutboxDelivery {
  private readonly d: AlertDeliveryDeps;
  private readonly logger: Logger;
  private readonly metrics: AlertMetrics;
  /** Takes a channel's lock, waiting up to lockWaitMs for another worker's; null when it stays taken. */
  private readonly lock: (
    ws: WorkspaceRef,
    channel: string,
    signal?: AbortSignal,
  ) => Promise<ChannelLock | null>;
  readonly redraw: Redraw;
  readonly channels: IncidentChannels | null;
  private readonly plans = new Map<string, DeliveryPlan<KindEvent>>();
  private readonly deferrals: Deferrals | null;
  /** The plans that watch every event of a channel (observe), told after each other plan's delivery. */
  private readonly observers: Extract<DeliveryPlan<KindEvent>, { inChannel: true }>[] = [];

  constructor(deps: AlertDeliveryDeps) {
    this.d = deps;
    const clock = deps.clock ?? systemClock;
    this.logger = deps.logger ?? silentLogger;
    this.metrics = deps.metrics ?? noopAlertMetrics;
    const { messages, mutes, webLinks } = deps;
    const gateDeps: AlertGateDeps = { mutes, windows: deps.windows, clock };
    this.deferrals = deps.deferrals ? new Deferrals({ store: deps.deferrals, clock }) : null;
    const wait = deps.sleep ?? ((ms, signal) => sleep(ms, signal));
    const lockTtlMs = deps.lockTtlMs ?? 60_000;
    const waitMs = deps.lockWaitMs ?? 10_000;
    this.lock = (ws, channel, signal) => messages.lockChannel(ws, channel, lockTtlMs, { waitMs, signal });
    const posting = new ChannelPosting({
      rateLimiter: deps.rateLimiter,
      clock,
      logger: this.logger,
      sleep: wait,
      lockTtlMs,
      maxRateLimitWaits: deps.maxRateLimitWaits ?? 3,
      postSettleMs: deps.postSettleMs,
    });
    const runbooks = deps.runbooks ?? noRunbooks;
    const drawing = new IncidentDrawing({
      messages,
      mutes,
      posting,
      clock,
      metrics: this.metrics,
      webLinks,
      rotas: deps.rotas,
      notes: deps.notes,
      runbooks,
    });
    const replies = new IncidentReplies({ messages, posting, clock, webLinks });
    const rollup = new StormRollup({ messages, posting, clock, webLinks });
    const channels = deps.incidentChannels
      ? new IncidentChannels({
          ...deps.incidentChannels,
          messages,
          posting,
          clock,
          logger: this.logger,
          webLinks,
          runbooks: deps.runbooks,
          gate: gateDeps,
          notes: deps.notes,
        })
      : null;
    this.channels = channels;
    const follow = channels
      ? (ctx: ChannelCtx, incidentId: string) => channels.follow(ctx, incidentId)
      : () => Promise.resolve();
    this.redraw = new Redraw({
      messages,
      mutes,
      posterFor: deps.posterFor,
      posting,
      lock: this.lock,
      drawing,
      replies,
      rollup,
      clock,
      follow,
      fanOut: deps.fanOut,
    });
    // Filled as the plans are built below; called only once deliveries run.
    const hooked: DeliveryPlan<KindEvent>[] = [];
    const incidentHooks: IncidentHooks = {
      async rootPosted(ctx, view) {
        for (const plan of hooked) if (plan.inChannel) await plan.rootPosted?.(ctx, view);
      },
      async incidentMoved(ctx, record) {
        for (const plan of hooked) if (plan.inChannel) await plan.incidentMoved?.(ctx, record);
      },
    };
    const shared: Omit<EngineServices, "gate"> = {
      messages,
      mutes,
      windows: deps.windows,
      subscriptions: deps.subscriptions,
      rotas: deps.rotas,
      escalations: deps.escalations,
      schedules: deps.schedules,
      boards: deps.boards,
      incidentHooks,
      posterFor: deps.posterFor,
      posting,
      clock,
      logger: this.logger,
      metrics: this.metrics,
      webLinks,
      runbooks,
      charts: deps.charts ?? { render: renderChartPng },
      sleep: wait,
      storm: deps.storm ?? DEFAULT_STORM_RULES,
      flap: deps.flap ?? DEFAULT_FLAP_RULES,
      drawing,
      replies,
      rollup,
      redraw: this.redraw,
      digests: deps.digests,
      follow,
    };
    for (const kind of deps.kinds ?? ALERT_KINDS) {
      if (!kind.plan) continue;
      // The gate of the kind's declared row, bound once: the plans never name a row themselves.
      const gate: Gate = (input, as) =>
        kind.gate || as
          ? gateAlert(gateDeps, { ...input, kind: as ?? kind.gate! })
          : Promise.resolve({ kind: "deliver", storm: false });
      const plan = kind.plan({ ...shared, gate });
      if (plan.inChannel && (plan.rootPosted || plan.incidentMoved)) hooked.push(plan);
      if (plan.inChannel && plan.observe) this.observers.push(plan);
      for (const type of kind.types) this.plans.set(type, plan);
    }
  }

  /** Unreadable subscription records are returned apart: they must not keep the event from the others. */
  async subscriptionsOf(
    target: string,
  ): Promise<{ subscriptions: Subscription[]; unreadable: { id: string; reason: string }[] }> {
    const id = subscriptionOfScheduleTarget(target);
    if (id !== null) {
      try {
        const subscription = await this.d.subscriptions.get(id);
        return { subscriptions: subscription ? [subscription] : [], unreadable: [] };
      } catch (error) {
        if (!(error instanceof CorruptRecordError)) throw error;
        return { subscriptions: [], unreadable: [{ id, reason: error.message }] };
      }
    }
    const { subscriptions, unreadable } = await this.d.subscriptions.listByTargetSettled(target);
    return {
      subscriptions,
      unreadable: unreadable.map(({ id, error }) => ({ id, reason: error.message })),
    };
  }

  /** Never throws: a failure is "retry"; a permanent Slack error pauses the subscription. */
  async deliverTo(
    sub: Subscription,
    eventId: string,
    event: KindEvent,
    signal?: AbortSignal,
  ): Promise<DeliveryOutcome> {
    const plan = this.plans.get(event.type);
    if (!plan) return "skipped";
    if (!plan.inChannel) return plan.deliver(sub, eventId, event);
    const outcome =
      sub.paused || !plan.accepts(sub, event)
        ? "skipped"
        : ((await this.held(sub, plan, event)) ?? (await this.inChannel(sub, eventId, signal, plan, event)));
    if (plan.counted) this.metrics.delivery(outcome);
    return outcome;
  }

  /** Null: deliver now. Held or dropped by the plan's deferral: "skipped"; a Redis failure: "retry". */
  private async held(
    sub: Subscription,
    plan: Extract<DeliveryPlan<KindEvent>, { inChannel: true }>,
    event: KindEvent,
  ): Promise<DeliveryOutcome | null> {
    const deferral = this.deferrals && plan.defer?.(sub, event);
    if (!deferral || !this.deferrals) return null;
    try {
      const step = await this.deferrals.check(sub, deferral, event);
      if (step === "deliver") return null;
      if (step === "dropped") this.logger.info({ subscription: sub.id, key: deferral.key }, "held back");
      return "skipped";
    } catch (error) {
      this.logger.warn({ err: error, subscription: sub.id }, "deferral check failed; it is retried");
      return "retry";
    }
  }

  /** Every watching plan hears the event once it was delivered, still under the lock; never throws. */
  private async observed(ctx: DeliveryCtx, plan: DeliveryPlan<KindEvent>, event: KindEvent): Promise<void> {
    for (const observer of this.observers) {
      if (observer === plan) continue;
      try {
        await observer.observe?.(ctx, event);
      } catch (error) {
        // The event reached its channel: a watcher's trouble must not deliver it again.
        this.logger.warn(
          { err: error, channel: ctx.channel, eventId: ctx.eventId },
          "a channel watcher failed",
        );
      }
    }
  }

  /** Never throws: a permanent Slack error pauses the subscription, anything else is "retry". */
  private async inChannel(
    sub: Subscription,
    eventId: string,
    signal: AbortSignal | undefined,
    plan: Extract<DeliveryPlan<KindEvent>, { inChannel: true }>,
    event: KindEvent,
  ): Promise<DeliveryOutcome> {
    const ws = sub.workspace;
    let lock: ChannelLock | null = null;
    try {
      lock = await this.lock(ws, sub.channelId, signal);
      if (!lock) return "retry";
      const poster = await this.d.posterFor(ws);
      const ctx: DeliveryCtx = { sub, ws, channel: sub.channelId, poster, lock, eventId };
      if (signal) ctx.signal = signal;
      const outcome = await plan.deliver(ctx, event);
      if (outcome !== "retry") await this.observed(ctx, plan, event);
      return outcome;
    } catch (error) {
      if (error instanceof SlackPermanentError) {
        await this.d.pauses.pause(sub, error.code);
        return "paused";
      }
      // Stopping: the wait in progress ended; the entry is handed to another replica as it is.
      if (signal?.aborted) return "retry";
      this.logger.warn({ err: error, subscription: sub.id, channel: sub.channelId, eventId }, plan.failure);
      return "retry";
    } finally {
      await lock?.release().catch(() => {});
    }
  }
}
