import { sameSlowRule } from "../../domain/slow-rule";
import { sleep } from "../../lib/backoff";
import { type Clock, systemClock } from "../../lib/clock";
import { type Logger, silentLogger } from "../../lib/logger";
import { type PosterFor, SlackPermanentError } from "../../slack/slack-poster";
import type { AlertMessageStore, ChannelLock } from "../../store/alert-message-store";
import type { ChannelRateLimiter } from "../../store/channel-rate-limiter";
import type { MaintenanceStore } from "../../store/maintenance-store";
import type { MuteStore } from "../../store/mute-store";
import {
  escalationStepsOf,
  matchesFilters,
  type Subscription,
  type SubscriptionStore,
} from "../../store/subscription-store";
import type { WorkspaceRef } from "../../store/workspace";
import type { ChartRenderer } from "../../ui/charts/chart-renderer";
import { renderChartPng } from "../../ui/charts/render-chart-png";
import type { WebLinks } from "../../ui/web-links";
import { EscalationDelivery, type EscalationSchedules } from "../kinds/escalation/escalation-delivery";
import type { EscalationEvent } from "../kinds/escalation/escalation-event";
import { IncidentDrawing } from "../kinds/incident/incident-drawing";
import { IncidentMessages } from "../kinds/incident/incident-messages";
import { IncidentReplies } from "../kinds/incident/incident-replies";
import {
  IncidentChannels,
  type IncidentChannelsDeps,
  type OpenIncidentChannel,
  type OpenIncidentChannelOutcome,
} from "../kinds/incident-channel/incident-channels";
import { MaintenanceDelivery } from "../kinds/maintenance/maintenance-delivery";
import type { MaintenanceEvent } from "../kinds/maintenance/maintenance-event";
import type { RedrawEvent } from "../kinds/redraw/redraw-event";
import type { SlowEvent } from "../kinds/slow/slow-event";
import { SlowMessages } from "../kinds/slow/slow-messages";
import { DEFAULT_FLAP_RULES, DEFAULT_STORM_RULES, type WindowRules } from "../kinds/storm/alert-rules";
import { StormRollup } from "../kinds/storm/storm-rollup";
import { type AlertMetrics, type DeliveryOutcome, noopAlertMetrics } from "../metrics";
import type { OutboxEvent } from "../model";
import type { SubscriptionPauses } from "../subscriptions/subscription-pauses";
import { type AlertGateDeps, gateAlert } from "./alert-gate";
import { ChannelPosting, type DeliveryCtx } from "./channel-posting";
import { type AcknowledgeInSlack, type MuteChangeInSlack, Redraw } from "./redraw";

export interface AlertDeliveryDeps {
  subscriptions: Pick<SubscriptionStore, "listByTargetSettled" | "pause" | "markPauseNotified" | "get">;
  messages: AlertMessageStore;
  mutes: Pick<MuteStore, "mutedUntil" | "get" | "endByRecovery">;
  /** Planned quiet windows (issue 37): held outages, and the notes at each window's start and end. */
  windows?: Pick<MaintenanceStore, "covering" | "hold" | "get" | "put" | "held">;
  rateLimiter: Pick<ChannelRateLimiter, "reserve">;
  posterFor: PosterFor;
  /** The one pause path (subscriptions/subscription-pauses.ts): a permanent Slack error pauses there. */
  pauses: Pick<SubscriptionPauses, "pause">;
  /** `--escalate <N>m`: the reminder of an incident posted as a root is scheduled here, and cancelled. */
  escalations?: EscalationSchedules;
  clock?: Clock;
  logger?: Logger;
  metrics?: AlertMetrics;
  /** UPTIME_WEB_URL and its paths: every message rendered here links monitors (and the root, its incident). */
  webLinks?: WebLinks | undefined;
  /**
   * The bot's chart worker pool (slow alerts' charts, issue 36); without it (tests that build the delivery
   * alone) charts are drawn on this thread.
   */
  charts?: Pick<ChartRenderer, "render">;
  /** Incident channels (issue 38): absent, none is opened and the delivery feeds none. */
  incidentChannels?: Pick<
    IncidentChannelsDeps,
    "store" | "subscriptions" | "posterFor" | "availability" | "waitForOtherMs"
  >;
  /** Waits (ms), ending early (rejecting) when the signal aborts; tests may pass their own. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  storm?: WindowRules;
  flap?: WindowRules;
  /** How long a channel lock lives without being extended (ms). */
  lockTtlMs?: number;
  /** How long to wait for a channel another worker holds before leaving the event for later (ms). */
  lockWaitMs?: number;
  /** 429 answers waited out (Retry-After) within one delivery before leaving the event for later. */
  maxRateLimitWaits?: number;
  /** How long an unanswered post may still land (ALERT_POST_SETTLE_MS); default POST_SETTLE_MS. */
  postSettleMs?: number | undefined;
}

/**
 * Reconciles alert messages with outbox events, per (channel, incident) (docs/architecture.md section 5): post the
 * root once, update it as the incident moves on, reply once in its thread on recovery, never move a
 * message backwards. The Acknowledge button goes through the same render path
 * (updateAlertMessageAfterAcknowledge), Grafana OnCall style.
 *
 * Nothing is posted twice: the attempt is recorded before posting, posts carry metadata, and a retry that
 * finds an attempt without a ts looks the message up before posting again. Each channel is reconciled
 * under a Redis lock, so concurrent workers never race on one incident or on a storm's roll-up.
 *
 * This class is the delivery's one face to the worker and the clicks; each job is a module of its own
 * (docs/architecture.md section 5): channel-posting (lock, posting slot, 429s, post once), incident-messages
 * (open, advance), incident-drawing and incident-replies (the root and its thread), storm-rollup,
 * escalation-delivery and redraw (after a click).
 */
export class AlertDelivery {
  private readonly d: AlertDeliveryDeps;
  private readonly logger: Logger;
  private readonly metrics: AlertMetrics;
  private readonly posting: ChannelPosting;
  private readonly incidents: IncidentMessages;
  private readonly escalation: EscalationDelivery;
  private readonly maintenance: MaintenanceDelivery | null;
  private readonly redraw: Redraw;
  private readonly slow: SlowMessages;
  private readonly channels: IncidentChannels | null;
  private readonly gateDeps: AlertGateDeps;

  constructor(deps: AlertDeliveryDeps) {
    this.d = deps;
    const clock = deps.clock ?? systemClock;
    this.logger = deps.logger ?? silentLogger;
    this.metrics = deps.metrics ?? noopAlertMetrics;
    const { messages, mutes, webLinks } = deps;
    this.gateDeps = { mutes, windows: deps.windows, clock };
    const posting = new ChannelPosting({
      messages,
      rateLimiter: deps.rateLimiter,
      clock,
      logger: this.logger,
      sleep: deps.sleep ?? ((ms, signal) => sleep(ms, signal)),
      lockTtlMs: deps.lockTtlMs ?? 60_000,
      lockWaitMs: deps.lockWaitMs ?? 10_000,
      maxRateLimitWaits: deps.maxRateLimitWaits ?? 3,
      postSettleMs: deps.postSettleMs,
    });
    const drawing = new IncidentDrawing({ messages, mutes, posting, clock, metrics: this.metrics, webLinks });
    const replies = new IncidentReplies({ messages, posting, clock, webLinks });
    const rollup = new StormRollup({ messages, posting, clock, webLinks });
    this.posting = posting;
    this.incidents = new IncidentMessages({
      messages,
      mutes,
      windows: deps.windows,
      escalations: deps.escalations,
      drawing,
      replies,
      rollup,
      clock,
      storm: deps.storm ?? DEFAULT_STORM_RULES,
      flap: deps.flap ?? DEFAULT_FLAP_RULES,
    });
    this.escalation = new EscalationDelivery({
      messages,
      mutes,
      windows: deps.windows,
      posting,
      clock,
      metrics: this.metrics,
      webLinks,
    });
    this.slow = new SlowMessages({
      messages,
      posting,
      clock,
      logger: this.logger,
      webLinks,
      charts: deps.charts ?? { render: renderChartPng },
      sleep: deps.sleep ?? ((ms, signal) => sleep(ms, signal)),
    });
    this.maintenance = deps.windows
      ? new MaintenanceDelivery({
          windows: deps.windows,
          messages,
          mutes,
          subscriptions: deps.subscriptions,
          escalations: deps.escalations,
          posting,
          drawing,
          clock,
        })
      : null;
    const channels = deps.incidentChannels
      ? new IncidentChannels({
          ...deps.incidentChannels,
          messages,
          posting,
          clock,
          logger: this.logger,
          webLinks,
          gate: this.gateDeps,
        })
      : null;
    this.channels = channels;
    this.redraw = new Redraw({
      messages,
      mutes,
      posterFor: deps.posterFor,
      posting,
      drawing,
      replies,
      rollup,
      clock,
      follow: channels ? (ctx, incidentId) => channels.follow(ctx, incidentId) : undefined,
    });
  }

  /**
   * The subscriptions an event of `target` goes to (the delivery worker queues them by channel), and the
   * ids of unreadable subscription records with why: they must not keep the event from the others.
   */
  async subscriptionsOf(
    target: string,
  ): Promise<{ subscriptions: Subscription[]; unreadable: { id: string; reason: string }[] }> {
    const { subscriptions, unreadable } = await this.d.subscriptions.listByTargetSettled(target);
    return {
      subscriptions,
      unreadable: unreadable.map(({ id, error }) => ({ id, reason: error.message })),
    };
  }

  /**
   * Delivers one event to one subscription's channel, under the channel's lock. Never throws: a failure
   * is the outcome "retry" (the entry stays pending), a permanent Slack error pauses the subscription.
   * `signal` ends every wait at stop().
   */
  async deliverTo(
    sub: Subscription,
    eventId: string,
    event: OutboxEvent,
    signal?: AbortSignal,
  ): Promise<DeliveryOutcome> {
    const outcome = await this.deliverToChannel(sub, eventId, event, signal);
    this.metrics.delivery(outcome);
    return outcome;
  }

  /**
   * `--escalate <N>m` fell due: one broadcast thread reply under the incident's root (escalation-delivery.ts),
   * under the channel's lock. Never throws, like deliverTo.
   */
  async deliverEscalation(
    sub: Subscription,
    eventId: string,
    event: EscalationEvent,
    signal?: AbortSignal,
  ): Promise<DeliveryOutcome> {
    // Re-subscribed without --escalate (the same subscription id): its pending reminders are void.
    if (sub.paused || escalationStepsOf(sub).length === 0) return "skipped";
    return this.inChannel(sub, eventId, signal, "escalation failed; it is retried", async (ctx) => {
      const outcome = await this.escalation.deliver(ctx, event);
      await this.channels?.follow(ctx, event.incidentId);
      return outcome;
    });
  }

  /** "Open incident channel" (issue 38): opens it once across replicas, or answers the one opened. */
  openIncidentChannel(input: OpenIncidentChannel): Promise<OpenIncidentChannelOutcome> {
    if (!this.channels) return Promise.resolve({ kind: "no-alert" });
    return this.channels.open(input);
  }

  /** The Archive button of an incident channel's recovery summary. */
  async archiveIncidentChannel(input: {
    workspace: WorkspaceRef;
    channelId: string;
    by: string;
  }): Promise<void> {
    await this.channels?.archive(input.workspace, input.channelId, input.by);
  }

  /**
   * A planned quiet window started or ended (maintenance-delivery.ts): its note, and at its end the outages
   * it held back that are still going on, under the channel's lock. Never throws, like deliverTo.
   */
  async deliverMaintenance(
    sub: Subscription,
    eventId: string,
    event: MaintenanceEvent,
    signal?: AbortSignal,
  ): Promise<DeliveryOutcome> {
    const maintenance = this.maintenance;
    if (!maintenance) return "skipped";
    // A paused subscription cannot post here (its token or the channel is refused): the window waits.
    if (sub.paused) return "skipped";
    const outcome = await this.inChannel(
      sub,
      eventId,
      signal,
      "maintenance note failed; it is retried",
      (ctx) => maintenance.deliver(ctx, event),
    );
    this.metrics.delivery(outcome);
    return outcome;
  }

  /**
   * An acknowledge made in Slack, drawn in one more channel's message of the incident (redraw-event.ts,
   * issue 37), under the channel's lock. Never throws, like deliverTo.
   */
  async deliverRedraw(
    sub: Subscription,
    eventId: string,
    event: RedrawEvent,
    signal?: AbortSignal,
  ): Promise<DeliveryOutcome> {
    if (sub.paused) return "skipped";
    const outcome = await this.inChannel(
      sub,
      eventId,
      signal,
      "redraw after acknowledge failed; it is retried",
      (ctx) => this.redraw.acknowledgedIn(ctx, event.incidentId, event.ackedBy),
    );
    this.metrics.delivery(outcome);
    return outcome;
  }

  /**
   * A slow-response event (issue 37) for a subscription with the same `--slow` rule: the channel's slow
   * message is posted, updated or turned green (slow-messages.ts). A new one passes the alert gate first
   * (alert-gate.ts: muted here or in a window of its team, none; quiet hours, in the quiet thread).
   * Never throws, like deliverTo.
   */
  async deliverSlow(
    sub: Subscription,
    eventId: string,
    event: SlowEvent,
    signal?: AbortSignal,
  ): Promise<DeliveryOutcome> {
    if (sub.paused || !sameSlowRule(sub.slow, event.rule)) return "skipped";
    const opening = event.phase === "slow";
    if (opening && !matchesFilters(sub.filters, { monitorId: event.monitorId, monitor: event.monitor }))
      return "skipped";
    const outcome = await this.inChannel(
      sub,
      eventId,
      signal,
      "slow alert failed; it is retried",
      async (ctx) => {
        if (!opening) return this.slow.deliver(ctx, event, undefined);
        const gate = await gateAlert(this.gateDeps, {
          kind: "slow",
          sub,
          ws: ctx.ws,
          channel: ctx.channel,
          monitor: { monitorId: event.monitorId, group: event.monitor?.group, apiTeamId: event.apiTeamId },
        });
        if (gate.kind !== "deliver") return "muted";
        return this.slow.deliver(ctx, event, gate.quietThreadTs);
      },
    );
    this.metrics.delivery(outcome);
    return outcome;
  }

  /**
   * The Acknowledge button's half: redraw the stored message as acknowledged by `ackedBy`, so that the
   * poller's later "acknowledged" event changes nothing (it keeps ackedBy). False when this channel has
   * no message of the incident, or it already recovered. Slack errors are thrown as typed errors.
   */
  updateAlertMessageAfterAcknowledge(input: AcknowledgeInSlack): Promise<boolean> {
    return this.redraw.afterAcknowledge(input);
  }

  /**
   * The Mute and Unmute half: redraw the monitor's last root message in the channel from state, so that it
   * shows (or stops showing) "Muted here by @user until ..." with Unmute. False when the channel has no
   * open message of the monitor. Slack errors are thrown as typed errors.
   */
  redrawAfterMuteChange(input: MuteChangeInSlack): Promise<boolean> {
    return this.redraw.afterMuteChange(input);
  }

  private async deliverToChannel(
    sub: Subscription,
    eventId: string,
    event: OutboxEvent,
    signal: AbortSignal | undefined,
  ): Promise<DeliveryOutcome> {
    if (sub.paused || !matchesFilters(sub.filters, event)) return "skipped";
    if (event.type === "opened" && event.incident.maintenance) return "skipped";
    return this.inChannel(
      sub,
      eventId,
      signal,
      "alert delivery failed; the event stays pending and is retried",
      async (ctx) => {
        const outcome = await this.incidents.reconcile(ctx, event);
        // What reached the alert's thread reaches its incident channel too, in the same step (once).
        await this.channels?.follow(ctx, event.incidentId);
        return outcome;
      },
    );
  }

  /**
   * Runs one delivery step for a subscription under its channel's lock. Never throws: a permanent Slack
   * error pauses the subscription, anything else is "retry" (the entry stays pending), logged as `failure`.
   */
  private async inChannel(
    sub: Subscription,
    eventId: string,
    signal: AbortSignal | undefined,
    failure: string,
    run: (ctx: DeliveryCtx) => Promise<DeliveryOutcome>,
  ): Promise<DeliveryOutcome> {
    const ws = sub.workspace;
    let lock: ChannelLock | null = null;
    try {
      lock = await this.posting.lock(ws, sub.channelId, signal);
      if (!lock) return "retry";
      const poster = await this.d.posterFor(ws);
      const ctx: DeliveryCtx = { sub, ws, channel: sub.channelId, poster, lock, eventId };
      if (signal) ctx.signal = signal;
      return await run(ctx);
    } catch (error) {
      if (error instanceof SlackPermanentError) {
        await this.d.pauses.pause(sub, error.code);
        return "paused";
      }
      // Stopping: the wait in progress ended; the entry is handed to another replica as it is.
      if (signal?.aborted) return "retry";
      this.logger.warn({ err: error, subscription: sub.id, channel: sub.channelId, eventId }, failure);
      return "retry";
    } finally {
      await lock?.release().catch(() => {});
    }
  }
}
