import { inQuietHours } from "../../domain/quiet-hours";
import { sleep } from "../../lib/backoff";
import { type Clock, systemClock } from "../../lib/clock";
import { type Logger, silentLogger } from "../../lib/logger";
import {
  type MessageMetadata,
  type PosterFor,
  type PostMessageInput,
  SlackMessageGoneError,
  SlackPermanentError,
  type SlackPoster,
  SlackRateLimitedError,
} from "../../slack/slack-poster";
import type {
  AlertMessageRecord,
  AlertMessageStore,
  ChannelLock,
  MessageStage,
  PostAttempt,
  StoredAlertView,
  StormState,
} from "../../store/alert-message-store";
import type { ChannelRateLimiter } from "../../store/channel-rate-limiter";
import type { MuteStore } from "../../store/mute-store";
import { matchesFilters, type Subscription, type SubscriptionStore } from "../../store/subscription-store";
import type { WorkspaceRef } from "../../store/workspace";
import type { WebLinks } from "../../ui/web-links";
import { type AlertMetrics, type DeliveryOutcome, noopAlertMetrics } from "../metrics";
import { isLaterStage, type OutboxEvent } from "../model";
import { stageOfEvent } from "../outbox/alert-event";
import {
  ACK_REPLY_EVENT_TYPE,
  ALERT_EVENT_TYPE,
  alertMetadata,
  ESCALATION_EVENT_TYPE,
  incidentMatcher,
  incidentMetadata,
  lookupOldestTs,
  RECOVERY_EVENT_TYPE,
  ROLLUP_EVENT_TYPE,
  recoveryMetadata,
  rollupMatcher,
  rollupMetadata,
} from "../outbox/alert-metadata";
import type { EscalationEvent } from "../outbox/escalation-event";
import { settleWaitMs } from "../outbox/post-settle";
import { renderAcknowledgedReply } from "../render/render-acknowledged-reply";
import { type AlertRootInput, renderAlertRoot } from "../render/render-alert-root";
import { renderEscalationReply } from "../render/render-escalation-reply";
import { renderMuteReply } from "../render/render-mute-reply";
import { renderRecoveryReply } from "../render/render-recovery-reply";
import { renderStormRollup } from "../render/render-storm-rollup";
import type { SubscriptionPauses } from "../subscriptions/subscription-pauses";
import {
  DEFAULT_FLAP_RULES,
  DEFAULT_STORM_RULES,
  decideFlap,
  decideStorm,
  STORM_WINDOW_MS,
  type WindowRules,
} from "./alert-rules";

export interface AlertDeliveryDeps {
  subscriptions: Pick<SubscriptionStore, "listByTargetSettled" | "pause" | "markPauseNotified">;
  messages: AlertMessageStore;
  mutes: Pick<MuteStore, "mutedUntil" | "get">;
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
}

/** Escalation schedules (docs/architecture.md section 5 "Schedules"), one per subscription and incident. */
export interface EscalationSchedules {
  schedule(sub: Subscription, incidentId: string, dueAt: number): Promise<void>;
  cancel(sub: Subscription, incidentId: string): Promise<void>;
}

export interface AcknowledgeInSlack {
  workspace: WorkspaceRef;
  channel: string;
  incidentId: string;
  /** The Slack user who clicked Acknowledge. */
  ackedBy: string;
}

/** A mute of `monitorId` in `channel` was set or lifted from Slack. */
export interface MuteChangeInSlack {
  workspace: WorkspaceRef;
  channel: string;
  monitorId: string;
  /** A mute set or lifted now (the timeline says so, naming `by`); absent: only redraw. */
  change?: { kind: "muted" | "unmuted"; by: string } | undefined;
}

/** The channel lock could not be taken or was lost: the event is retried later. */
export class ChannelBusyError extends Error {
  override name = "ChannelBusyError";
}

interface Ctx {
  sub: Subscription;
  ws: WorkspaceRef;
  channel: string;
  poster: SlackPoster;
  lock: ChannelLock;
  eventId: string;
  /** Aborted at stop(): every wait (Retry-After, lock, posting slot) ends, and the event is retried later. */
  signal?: AbortSignal;
}

const LOCK_POLL_MS = 25;

/**
 * Reconciles alert messages with outbox events, per (channel, incident) (docs/architecture.md section 5): post the
 * root once, update it as the incident moves on, reply once in its thread on recovery, never move a
 * message backwards. The Acknowledge button goes through the same render path
 * (updateAlertMessageAfterAcknowledge), Grafana OnCall style.
 *
 * Nothing is posted twice: the attempt is recorded before posting, posts carry metadata, and a retry that
 * finds an attempt without a ts looks the message up before posting again. Each channel is reconciled
 * under a Redis lock, so concurrent workers never race on one incident or on a storm's roll-up.
 */
export class AlertDelivery {
  private readonly d: AlertDeliveryDeps;
  private readonly clock: Clock;
  private readonly logger: Logger;
  private readonly metrics: AlertMetrics;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly storm: WindowRules;
  private readonly flap: WindowRules;
  private readonly lockTtlMs: number;
  private readonly lockWaitMs: number;
  private readonly maxRateLimitWaits: number;

  constructor(deps: AlertDeliveryDeps) {
    this.d = deps;
    this.clock = deps.clock ?? systemClock;
    this.logger = deps.logger ?? silentLogger;
    this.metrics = deps.metrics ?? noopAlertMetrics;
    this.sleep = deps.sleep ?? ((ms, signal) => sleep(ms, signal));
    this.storm = deps.storm ?? DEFAULT_STORM_RULES;
    this.flap = deps.flap ?? DEFAULT_FLAP_RULES;
    this.lockTtlMs = deps.lockTtlMs ?? 60_000;
    this.lockWaitMs = deps.lockWaitMs ?? 10_000;
    this.maxRateLimitWaits = deps.maxRateLimitWaits ?? 3;
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
   * `--escalate <N>m` fell due: one broadcast thread reply under the incident's root (not broadcast in a
   * personal subscription's quiet hours), with the subscription's mention, unless it was acknowledged or
   * recovered meanwhile, or the monitor is muted here. Posted once (attempt recorded, metadata looked up after a crash), under the channel's lock.
   */
  async deliverEscalation(
    sub: Subscription,
    eventId: string,
    event: EscalationEvent,
    signal?: AbortSignal,
  ): Promise<DeliveryOutcome> {
    // Re-subscribed without --escalate (the same subscription id): its pending reminders are void.
    if (sub.paused || sub.escalateMinutes === undefined) return "skipped";
    return this.inChannel(sub, eventId, signal, "escalation failed; it is retried", async (ctx) => {
      const { ws, channel } = ctx;
      const record = await this.d.messages.get(ws, channel, event.incidentId);
      if (record?.mode !== "root" || !record.ts || record.stage !== "open" || record.escalationTs)
        return "skipped";
      if ((await this.d.mutes.mutedUntil(ws, channel, record.view.incident.monitorId)) !== null)
        return "skipped";
      const rendered = renderEscalationReply({
        incident: record.view.incident,
        monitor: record.view.monitor,
        mention: sub.mention,
        afterMinutes: event.afterMinutes,
        links: this.d.webLinks,
        now: this.clock.now(),
      });
      const rootTs = record.ts;
      const { ts } = await this.postOnce(ctx, {
        attempt: record.escalationAttempt,
        eventType: ESCALATION_EVENT_TYPE,
        matcher: incidentMatcher(event.incidentId, channel),
        threadTs: rootTs,
        saveAttempt: (escalationAttempt) =>
          this.d.messages.put(ws, channel, event.incidentId, { ...record, escalationAttempt }),
        message: {
          channel,
          ...rendered,
          thread_ts: rootTs,
          // Personal alerts in their quiet hours: the reminder stays in the thread, where nothing pushes.
          ...(this.quietThreadOf(sub) ? {} : { reply_broadcast: true }),
          metadata: incidentMetadata(ESCALATION_EVENT_TYPE, event.incidentId, eventId, channel),
        },
      });
      const latest = (await this.d.messages.get(ws, channel, event.incidentId)) ?? record;
      await this.d.messages.put(ws, channel, event.incidentId, { ...latest, escalationTs: ts });
      await this.d.messages.addTimeline(ws, event.incidentId, {
        at: this.clock.now(),
        kind: "escalated",
        channel,
      });
      this.metrics.delivery("posted");
      return "posted";
    });
  }

  /**
   * The Acknowledge button's half: redraw the stored message as acknowledged by `ackedBy`, so that the
   * poller's later "acknowledged" event changes nothing (it keeps ackedBy). False when this channel has
   * no message of the incident, or it already recovered. Slack errors are thrown as typed errors.
   */
  async updateAlertMessageAfterAcknowledge(input: AcknowledgeInSlack): Promise<boolean> {
    const { workspace: ws, channel, incidentId, ackedBy } = input;
    const lock = await this.lock(ws, channel);
    if (!lock) throw new ChannelBusyError(`channel ${channel} is busy`);
    try {
      const record = await this.d.messages.get(ws, channel, incidentId);
      if (!record || record.stage === "resolved") return false;
      const poster = await this.d.posterFor(ws);
      const ctx = { ws, channel, poster, lock, eventId: `ack:${ackedBy}` } as Ctx;
      let next: AlertMessageRecord = { ...record, stage: "acknowledged", ackedBy };
      if ((next.mode === "root" || next.mode === "thread") && next.ts)
        await this.updateRoot(ctx, next, next.ts);
      await this.d.messages.put(ws, channel, incidentId, next);
      next = await this.replyAcknowledged(ctx, next);
      await this.refreshRollupMember(ctx, next);
      return true;
    } finally {
      await lock.release();
    }
  }

  /**
   * The Mute and Unmute half: redraw the monitor's last root message in the channel from state, so that it
   * shows (or stops showing) "Muted here by @user until ..." with Unmute. False when the channel has no
   * open message of the monitor. Slack errors are thrown as typed errors.
   */
  async redrawAfterMuteChange(input: MuteChangeInSlack): Promise<boolean> {
    const { workspace: ws, channel, monitorId } = input;
    const lock = await this.lock(ws, channel);
    if (!lock) throw new ChannelBusyError(`channel ${channel} is busy`);
    try {
      const last = (await this.d.messages.getMonitor(ws, channel, monitorId)).lastRoot;
      const record = last ? await this.d.messages.get(ws, channel, last.incidentId) : null;
      if (!record?.ts || record.mode !== "root" || record.stage === "resolved") return false;
      const poster = await this.d.posterFor(ws);
      const ctx = { ws, channel, poster, lock, eventId: `mute:${monitorId}` } as Ctx;
      await this.updateRoot(ctx, record, record.ts);
      if (input.change) {
        // The incident's timeline: a direct answer to a click, not an outbox event, so nothing to dedupe.
        const until =
          input.change.kind === "muted" ? await this.d.mutes.mutedUntil(ws, channel, monitorId) : null;
        const rendered = renderMuteReply({
          change: input.change.kind,
          name: await poster.userName(input.change.by),
          ...(until !== null ? { until } : {}),
        });
        await this.waitForSlot(ctx);
        await this.withRateLimit(ctx, () =>
          poster.postMessage({ channel, ...rendered, thread_ts: record.ts! }),
        );
        await this.d.messages.addTimeline(ws, record.view.incident.id, {
          at: this.clock.now(),
          kind: input.change.kind,
          channel,
          by: input.change.by,
          ...(until !== null ? { until } : {}),
        });
      }
      return true;
    } finally {
      await lock.release();
    }
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
      (ctx) => this.reconcile(ctx, event),
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
    run: (ctx: Ctx) => Promise<DeliveryOutcome>,
  ): Promise<DeliveryOutcome> {
    const ws = sub.workspace;
    let lock: ChannelLock | null = null;
    try {
      lock = await this.lock(ws, sub.channelId, signal);
      if (!lock) return "retry";
      const poster = await this.d.posterFor(ws);
      const ctx: Ctx = { sub, ws, channel: sub.channelId, poster, lock, eventId };
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

  private async reconcile(ctx: Ctx, event: OutboxEvent): Promise<DeliveryOutcome> {
    const { ws, channel } = ctx;
    const stage = stageOfEvent(event.type);
    const record = await this.d.messages.get(ws, channel, event.incidentId);
    if (record) return this.advance(ctx, record, stage, event);

    const view = viewOf(event, null);
    if ((await this.d.mutes.mutedUntil(ws, channel, event.monitorId)) !== null) {
      await this.d.messages.put(ws, channel, event.incidentId, { mode: "muted", stage, view });
      return "muted";
    }
    if (event.type === "opened") return this.open(ctx, view);
    // Acknowledged or resolved before any message was posted: post the root as it is now.
    // A recovered one still gets its thread reply: every recovered root has exactly one.
    const quietThread = this.quietThreadOf(ctx.sub);
    const first: AlertMessageRecord = quietThread
      ? { mode: "thread", stage, view, rootOf: quietThread }
      : { mode: "root", stage, view };
    await this.attribute(ctx, first);
    const posted = await this.postRecord(ctx, first, null);
    if (this.needsRecoveryReply(posted)) await this.replyRecovered(ctx, posted);
    return "posted";
  }

  private async open(ctx: Ctx, view: StoredAlertView): Promise<DeliveryOutcome> {
    const { ws, channel } = ctx;
    const { incident, apiTeamId } = view;
    const quietThread = this.quietThreadOf(ctx.sub);
    if (quietThread) {
      // Each alert on its own in the quiet thread: no roll-up or flap thread to post at the top.
      await this.postRecord(ctx, { mode: "thread", stage: "open", view, rootOf: quietThread }, null);
      return "posted";
    }
    const started = startedMs(view, this.clock.now());
    const storm = await this.d.messages.getStorm(ws, channel, apiTeamId);
    const rules = this.rulesOf(ctx);
    const stormDecision = decideStorm(storm, incident.id, started, rules.storm);
    const monitor = await this.d.messages.getMonitor(ws, channel, incident.monitorId);
    const flapDecision = decideFlap(monitor, incident.id, started, rules.flap);
    // The windows are written first: they are keyed by incident, so a redelivery rewrites the same.
    await this.d.messages.putMonitor(ws, channel, incident.monitorId, {
      ...monitor,
      starts: flapDecision.starts,
    });

    if (stormDecision.rollup) {
      await this.d.messages.put(ws, channel, incident.id, { mode: "rollup", stage: "open", view });
      await this.joinRollup(ctx, { ...storm, opens: stormDecision.opens }, view, started);
      return "posted";
    }
    await this.d.messages.putStorm(ws, channel, apiTeamId, { ...storm, opens: stormDecision.opens });

    const flapping = flapDecision.flapping
      ? { incidents: flapDecision.count, windowMinutes: Math.round(rules.flap.windowMs / 60_000) }
      : undefined;
    const lastRoot = monitor.lastRoot;
    if (flapDecision.intoThread && lastRoot) {
      const record: AlertMessageRecord = { mode: "thread", stage: "open", view, rootOf: lastRoot.ts };
      await this.postRecord(ctx, record, null);
      await this.markRootFlapping(ctx, lastRoot.incidentId, flapping);
      return "posted";
    }
    const record: AlertMessageRecord = {
      mode: "root",
      stage: "open",
      view,
      ...(flapping ? { flapping } : {}),
    };
    await this.postRecord(ctx, record, ctx.sub.mention);
    // Only a root escalates: a roll-up line or a flapping monitor's thread reply is already summarised.
    const after = ctx.sub.escalateMinutes;
    if (after !== undefined && this.d.escalations && !incident.acknowledged) {
      await this.d.escalations.schedule(ctx.sub, incident.id, started + after * 60_000);
    }
    return "posted";
  }

  /** Moves an existing record to `stage` (never backwards), finishing an interrupted post first. */
  private async advance(
    ctx: Ctx,
    found: AlertMessageRecord,
    stage: MessageStage,
    event: OutboxEvent,
  ): Promise<DeliveryOutcome> {
    let record = found;
    let outcome: DeliveryOutcome = "unchanged";
    if ((record.mode === "root" || record.mode === "thread") && !record.ts) {
      record = await this.postRecord(ctx, record, record.stage === "open" ? ctx.sub.mention : null);
      outcome = "posted";
    }
    if (!isLaterStage(stage, record.stage)) {
      // An acknowledge seen only after the recovery (events handled out of order): still on the timeline.
      if (event.incident.acknowledged && record.stage !== "open" && !record.ackReplyTs) {
        const ackedBy = record.ackedBy ?? (await this.d.messages.ackedBy(ctx.ws, record.view.incident.id));
        record = await this.replyAcknowledged(ctx, ackedBy ? { ...record, ackedBy } : record);
      }
      if (stage === "resolved" && this.needsRecoveryReply(record)) {
        await this.replyRecovered(ctx, record);
        return "posted";
      }
      if (record.mode === "muted") return "muted";
      return outcome;
    }
    let next: AlertMessageRecord = { ...record, stage, view: viewOf(event, record.view) };
    // Acknowledged or recovered: nobody needs reminding (the delivery checks the stage again anyway).
    if (ctx.sub.escalateMinutes !== undefined)
      await this.d.escalations?.cancel(ctx.sub, next.view.incident.id);
    await this.attribute(ctx, next);
    if (next.mode === "muted") {
      await this.d.messages.put(ctx.ws, ctx.channel, next.view.incident.id, next);
      return "muted";
    }
    if (next.ts) await this.updateRoot(ctx, next, next.ts);
    await this.d.messages.put(ctx.ws, ctx.channel, next.view.incident.id, next);
    // Acknowledged, or recovered after an acknowledge the poller saw only then: the timeline says so first.
    if (next.view.incident.acknowledged) next = await this.replyAcknowledged(ctx, next);
    await this.refreshRollupMember(ctx, next);
    if (stage === "resolved" && this.needsRecoveryReply(next)) await this.replyRecovered(ctx, next);
    return outcome === "posted" ? "posted" : "updated";
  }

  /** The subscription's own storm and flap rules (`--storm`, `--flap`), else this delivery's. */
  private rulesOf(ctx: Ctx): { storm: WindowRules; flap: WindowRules } {
    const own = ctx.sub.rules;
    return {
      storm: own?.storm !== undefined ? { threshold: own.storm, windowMs: STORM_WINDOW_MS } : this.storm,
      flap: own?.flap ? { threshold: own.flap.count, windowMs: own.flap.windowMinutes * 60_000 } : this.flap,
    };
  }

  /**
   * An acknowledged incident's message names who acknowledged it from Slack, whichever surface and channel
   * that was (the workspace's attribution record); none: it was acknowledged in the Uptime app.
   */
  private async attribute(ctx: Ctx, record: AlertMessageRecord): Promise<void> {
    if (record.ackedBy || record.stage === "open" || !record.view.incident.acknowledged) return;
    const ackedBy = await this.d.messages.ackedBy(ctx.ws, record.view.incident.id);
    if (ackedBy) record.ackedBy = ackedBy;
  }

  /**
   * Personal alerts in the person's quiet hours (issue 15): the thread of their subscribe message, where a
   * reply without broadcast or mention notifies nobody (Slack has no silent post).
   */
  private quietThreadOf(sub: Subscription): string | undefined {
    const personal = sub.personal;
    if (!personal?.quiet || !personal.threadTs) return undefined;
    return inQuietHours(personal.quiet, this.clock.now()) ? personal.threadTs : undefined;
  }

  private needsRecoveryReply(record: AlertMessageRecord): boolean {
    // A thread message of a flapping monitor turns green in place: the thread needs no second reply.
    return record.mode === "root" && record.stage === "resolved" && !!record.ts && !record.replyTs;
  }

  /**
   * Posts a record's message once (root, or reply in a flapping monitor's or a quiet DM's thread) and stores
   * its ts. A recorded attempt without a ts means an earlier try may have posted: look it up by metadata first.
   */
  private async postRecord(
    ctx: Ctx,
    record: AlertMessageRecord,
    mention: Subscription["mention"],
  ): Promise<AlertMessageRecord & { ts: string }> {
    const incidentId = record.view.incident.id;
    const muted = await this.muteShown(ctx, record);
    const rendered = this.render(ctx, record, record.stage === "open" ? mention : null, muted);
    const { ts, posted } = await this.postOnce(ctx, {
      attempt: record.attempt,
      eventType: ALERT_EVENT_TYPE,
      matcher: incidentMatcher(incidentId, ctx.channel),
      ...(record.rootOf ? { threadTs: record.rootOf } : {}),
      saveAttempt: (attempt) => this.d.messages.put(ctx.ws, ctx.channel, incidentId, { ...record, attempt }),
      message: {
        channel: ctx.channel,
        ...rendered,
        ...(record.rootOf ? { thread_ts: record.rootOf } : {}),
        metadata: alertMetadata(incidentId, ctx.eventId, ctx.channel),
      },
    });
    const stored = { ...record, ts };
    await this.d.messages.put(ctx.ws, ctx.channel, incidentId, stored);
    if (record.mode === "root") {
      const monitor = await this.d.messages.getMonitor(ctx.ws, ctx.channel, record.view.incident.monitorId);
      await this.d.messages.putMonitor(ctx.ws, ctx.channel, record.view.incident.monitorId, {
        ...monitor,
        lastRoot: { ts, incidentId },
      });
    }
    if (posted && record.stage === "open") {
      this.metrics.deliveryLatency((this.clock.now() - startedMs(record.view, this.clock.now())) / 1000);
    }
    return stored;
  }

  private async replyRecovered(ctx: Ctx, record: AlertMessageRecord): Promise<void> {
    const incidentId = record.view.incident.id;
    const rendered = renderRecoveryReply({
      incident: record.view.incident,
      monitor: record.view.monitor,
      links: this.d.webLinks,
      now: this.clock.now(),
    });
    const { ts } = await this.postOnce(ctx, {
      attempt: record.replyAttempt,
      eventType: RECOVERY_EVENT_TYPE,
      matcher: incidentMatcher(incidentId, ctx.channel),
      threadTs: record.ts!,
      saveAttempt: (replyAttempt) =>
        this.d.messages.put(ctx.ws, ctx.channel, incidentId, { ...record, replyAttempt }),
      // No reply_broadcast and no mention: a recovery informs, it never pings (docs/architecture.md section 1).
      message: {
        channel: ctx.channel,
        ...rendered,
        thread_ts: record.ts!,
        metadata: recoveryMetadata(incidentId, ctx.eventId, ctx.channel),
      },
    });
    await this.d.messages.put(ctx.ws, ctx.channel, incidentId, { ...record, replyTs: ts });
  }

  /**
   * The incident's timeline in its root's thread (issue 15): one quiet "Acknowledged by ..." reply, whoever
   * acknowledged and from wherever, once (attempt recorded, metadata looked up after a crash). Only a root
   * has a thread of its own; the record is returned as stored.
   */
  private async replyAcknowledged(ctx: Ctx, record: AlertMessageRecord): Promise<AlertMessageRecord> {
    if (record.mode !== "root" || !record.ts || record.ackReplyTs || record.stage === "open") return record;
    const incidentId = record.view.incident.id;
    const rootTs = record.ts;
    const name = record.ackedBy ? await ctx.poster.userName(record.ackedBy) : null;
    const rendered = renderAcknowledgedReply({ name, inSlack: record.ackedBy !== undefined });
    const { ts } = await this.postOnce(ctx, {
      attempt: record.ackReplyAttempt,
      eventType: ACK_REPLY_EVENT_TYPE,
      matcher: incidentMatcher(incidentId, ctx.channel),
      threadTs: rootTs,
      saveAttempt: (ackReplyAttempt) =>
        this.d.messages.put(ctx.ws, ctx.channel, incidentId, { ...record, ackReplyAttempt }),
      // No reply_broadcast and no mention: the timeline informs, it never pings.
      message: {
        channel: ctx.channel,
        ...rendered,
        thread_ts: rootTs,
        metadata: incidentMetadata(ACK_REPLY_EVENT_TYPE, incidentId, ctx.eventId, ctx.channel),
      },
    });
    const next = { ...record, ackReplyTs: ts };
    await this.d.messages.put(ctx.ws, ctx.channel, incidentId, next);
    return next;
  }

  private async markRootFlapping(
    ctx: Ctx,
    rootIncidentId: string,
    flapping: AlertMessageRecord["flapping"],
  ): Promise<void> {
    const root = await this.d.messages.get(ctx.ws, ctx.channel, rootIncidentId);
    if (!root?.ts || !flapping) return;
    const next = { ...root, flapping };
    await this.updateRoot(ctx, next, root.ts);
    await this.d.messages.put(ctx.ws, ctx.channel, rootIncidentId, next);
  }

  /** Adds an incident to the team's roll-up in this channel (posting it once), or starts one. */
  private async joinRollup(
    ctx: Ctx,
    storm: StormState,
    view: StoredAlertView,
    started: number,
  ): Promise<void> {
    const { ws, channel } = ctx;
    const current = storm.rollup;
    const live = current && Object.values(current.members).some((member) => member.stage !== "resolved");
    let rollup = live ? current : undefined;
    if (!rollup) {
      // A new storm: the incidents of the window that already have roots are listed too.
      const members: NonNullable<StormState["rollup"]>["members"] = {};
      for (const incidentId of Object.keys(storm.opens)) {
        if (incidentId === view.incident.id) continue;
        const other = await this.d.messages.get(ws, channel, incidentId);
        if (other && other.mode !== "muted" && other.stage !== "resolved") {
          members[incidentId] = { view: other.view, stage: other.stage };
        }
      }
      rollup = { id: `${ctx.eventId}:${view.apiTeamId}`, lastOpenAt: started, members };
    }
    rollup = {
      ...rollup,
      lastOpenAt: Math.max(rollup.lastOpenAt, started),
      members: { ...rollup.members, [view.incident.id]: { view, stage: "open" } },
    };
    const next = { ...storm, rollup };
    await this.d.messages.putStorm(ws, channel, view.apiTeamId, next);
    await this.drawRollup(ctx, view.apiTeamId, next);
  }

  /** Keeps a roll-up line in step with its incident's record (acknowledged, recovered). */
  private async refreshRollupMember(ctx: Ctx, record: AlertMessageRecord): Promise<void> {
    const { ws, channel } = ctx;
    const apiTeamId = record.view.apiTeamId;
    const storm = await this.d.messages.getStorm(ws, channel, apiTeamId);
    const member = storm.rollup?.members[record.view.incident.id];
    if (!storm.rollup || !member) return;
    const next: StormState = {
      ...storm,
      rollup: {
        ...storm.rollup,
        members: {
          ...storm.rollup.members,
          [record.view.incident.id]: { view: record.view, stage: record.stage },
        },
      },
    };
    await this.d.messages.putStorm(ws, channel, apiTeamId, next);
    await this.drawRollup(ctx, apiTeamId, next);
  }

  private async drawRollup(ctx: Ctx, apiTeamId: string, storm: StormState): Promise<void> {
    const rollup = storm.rollup;
    if (!rollup) return;
    const members = Object.values(rollup.members);
    const down = members
      .filter((member) => member.stage !== "resolved")
      .sort((a, b) => startedMs(a.view, 0) - startedMs(b.view, 0))
      .map((member) => ({
        monitor: member.view.monitor,
        incident: member.view.incident,
        acknowledged: member.stage === "acknowledged",
      }));
    const counts = members.map((member) => member.view.teamMonitorCount ?? 0);
    const rendered = renderStormRollup({
      apiTeamId,
      channelId: ctx.channel,
      teamName: members.find((member) => member.view.teamName)?.view.teamName ?? null,
      down,
      teamMonitorCount: counts.length > 0 && Math.max(...counts) > 0 ? Math.max(...counts) : null,
      resolvedCount: members.length - down.length,
      links: this.d.webLinks,
      now: this.clock.now(),
    });
    if (rollup.ts) {
      await this.update(ctx, { channel: ctx.channel, ts: rollup.ts, ...rendered });
      return;
    }
    const { ws, channel } = ctx;
    const { ts } = await this.postOnce(ctx, {
      attempt: rollup.attempt,
      eventType: ROLLUP_EVENT_TYPE,
      matcher: rollupMatcher(rollup.id, channel),
      saveAttempt: (attempt) =>
        this.d.messages.putStorm(ws, channel, apiTeamId, { ...storm, rollup: { ...rollup, attempt } }),
      message: { channel, ...rendered, metadata: rollupMetadata(rollup.id, channel) },
    });
    await this.d.messages.putStorm(ws, channel, apiTeamId, { ...storm, rollup: { ...rollup, ts } });
  }

  private async updateRoot(ctx: Ctx, record: AlertMessageRecord, ts: string): Promise<void> {
    const rendered = this.render(ctx, record, null, await this.muteShown(ctx, record));
    await this.update(ctx, { channel: ctx.channel, ts, ...rendered });
  }

  /** The mute a root message shows: the monitor's live mute in the channel, until it recovers. */
  private async muteShown(ctx: Ctx, record: AlertMessageRecord): Promise<AlertRootInput["muted"]> {
    if (record.mode !== "root" || record.stage === "resolved") return null;
    const mute = await this.d.mutes.get(ctx.ws, ctx.channel, record.view.incident.monitorId);
    return mute ? { until: mute.until, by: mute.by } : null;
  }

  /** The one render path of an incident's message, from its stored record. */
  private render(
    ctx: Ctx,
    record: AlertMessageRecord,
    mention: Subscription["mention"],
    muted: AlertRootInput["muted"],
  ) {
    return renderAlertRoot({
      channelId: ctx.channel,
      apiTeamId: record.view.apiTeamId,
      incident: record.view.incident,
      monitor: record.view.monitor,
      stage: record.stage,
      ackedBy: record.ackedBy ?? null,
      failingLocations: record.view.failingLocations,
      mention: record.mode === "root" ? mention : null,
      flapping: record.flapping ?? null,
      muted,
      links: this.d.webLinks,
      now: this.clock.now(),
    });
  }

  private async update(ctx: Ctx, message: Parameters<SlackPoster["updateMessage"]>[0]): Promise<void> {
    try {
      await this.withRateLimit(ctx, () => ctx.poster.updateMessage(message));
    } catch (error) {
      // Someone deleted the message: there is nothing left to update, and reposting would surprise.
      if (!(error instanceof SlackMessageGoneError)) throw error;
      this.logger.info({ channel: ctx.channel, ts: message.ts, code: error.code }, "alert message is gone");
    }
  }

  private async postOnce(
    ctx: Ctx,
    step: {
      attempt: PostAttempt | undefined;
      eventType: string;
      matcher: (payload: Record<string, unknown>) => boolean;
      threadTs?: string;
      saveAttempt: (attempt: PostAttempt) => Promise<void>;
      message: PostMessageInput & { metadata: MessageMetadata };
    },
  ): Promise<{ ts: string; posted: boolean }> {
    if (step.attempt) {
      const oldest = lookupOldestTs(step.attempt.at);
      const lookUp = () =>
        this.withRateLimit(ctx, () =>
          ctx.poster.findMessageByMetadata(ctx.channel, step.eventType, step.matcher, oldest, step.threadTs),
        );
      let found = await lookUp();
      // Slack can carry out a call after the client gave up on it (a timeout, a lost connection): an earlier
      // attempt not found yet may still land. Post again only once it no longer can, or it lands twice.
      const settleMs = settleWaitMs(step.attempt, this.clock.now());
      if (!found && settleMs > 0) {
        await this.keepLock(ctx, settleMs);
        await this.sleep(settleMs, ctx.signal);
        found = await lookUp();
      }
      if (found) return { ts: found.ts, posted: false };
    }
    await this.waitForSlot(ctx);
    // Recorded right before the call, after any wait: an attempt on record is one that may have posted.
    const attempt: PostAttempt = { eventId: ctx.eventId, at: this.clock.now() };
    await step.saveAttempt(attempt);
    try {
      const { ts } = await this.withRateLimit(ctx, () => ctx.poster.postMessage(step.message));
      return { ts, posted: true };
    } catch (error) {
      // Slack refused the post: nothing was posted, and the next try need not wait for it to land.
      if (error instanceof SlackRateLimitedError || error instanceof SlackPermanentError) {
        await step.saveAttempt({ ...attempt, answered: true });
      }
      throw error;
    }
  }

  private async waitForSlot(ctx: Ctx): Promise<void> {
    const delay = await this.d.rateLimiter.reserve(ctx.ws, ctx.channel);
    if (delay <= 0) return;
    await this.keepLock(ctx, delay);
    await this.sleep(delay, ctx.signal);
  }

  /** Waits out 429s (Retry-After) a few times; a 429 means nothing was posted, so retrying cannot duplicate. */
  private async withRateLimit<T>(ctx: Ctx, call: () => Promise<T>): Promise<T> {
    for (let waited = 0; ; waited++) {
      try {
        return await call();
      } catch (error) {
        if (!(error instanceof SlackRateLimitedError) || waited >= this.maxRateLimitWaits) throw error;
        const delay = Math.max(0, error.retryAfterSeconds) * 1000;
        await this.keepLock(ctx, delay);
        await this.sleep(delay, ctx.signal);
      }
    }
  }

  private async keepLock(ctx: Ctx, extraMs: number): Promise<void> {
    if (!(await ctx.lock.extend(this.lockTtlMs + extraMs))) {
      throw new ChannelBusyError(`lost the lock of channel ${ctx.channel}`);
    }
  }

  private async lock(ws: WorkspaceRef, channel: string, signal?: AbortSignal): Promise<ChannelLock | null> {
    // Real time, not the injected clock: this is an operational timeout, not a domain time.
    const deadline = Date.now() + this.lockWaitMs;
    for (;;) {
      const lock = await this.d.messages.lockChannel(ws, channel, this.lockTtlMs);
      if (lock || Date.now() >= deadline) return lock;
      await sleep(LOCK_POLL_MS, signal);
    }
  }
}

/** The view a message is drawn from: the event's, keeping what an older view knew that this one lacks. */
function viewOf(event: OutboxEvent, previous: StoredAlertView | null): StoredAlertView {
  const incident = { ...event.incident };
  if (previous) {
    incident.ended ??= previous.incident.ended;
    incident.acknowledged ??= previous.incident.acknowledged;
  }
  const teamMonitorCount = event.teamMonitorCount ?? previous?.teamMonitorCount;
  const teamName = event.teamName ?? previous?.teamName;
  return {
    apiTeamId: event.apiTeamId,
    incident,
    monitor: event.monitor ?? previous?.monitor ?? null,
    failingLocations:
      event.failingLocations.length > 0 || !previous ? event.failingLocations : previous.failingLocations,
    ...(teamMonitorCount !== undefined ? { teamMonitorCount } : {}),
    ...(teamName !== undefined ? { teamName } : {}),
  };
}

function startedMs(view: StoredAlertView, fallback: number): number {
  const started = Date.parse(view.incident.started);
  return Number.isFinite(started) ? started : fallback;
}
