import type { FetchFunction, Logger as SlackLogger } from "@slack/web-api";
import type { SlowRule } from "../domain/slow-rule";
import type { UserRef, WorkspaceRef } from "../domain/workspace-ref";
import type { Clock } from "../lib/clock";
import type { Logger } from "../lib/logger";
import { workspacePosters } from "../slack/workspace-posters";
import { AlertMessageStore } from "../store/alert-message-store";
import { ChannelRateLimiter } from "../store/channel-rate-limiter";
import { DigestPostStore } from "../store/digest-post-store";
import { IncidentChannelStore } from "../store/incident-channel-store";
import type { RedisInstallationStore } from "../store/installation-store";
import type { Keyspace } from "../store/keys";
import type { LinkStore } from "../store/link-store";
import { MaintenanceStore } from "../store/maintenance-store";
import { MuteStore } from "../store/mute-store";
import { OutboxStore } from "../store/outbox-store";
import { PollTargetStore } from "../store/poll-target-store";
import type { RedisClient } from "../store/redis-connection";
import { subscriptionCleanupParticipant } from "../store/subscription-cleanup";
import { type Subscription, SubscriptionStore } from "../store/subscription-store";
import type { CleanupParticipant } from "../store/workspace-cleanup";
import type { ChartRenderer } from "../ui/charts/chart-renderer";
import type { WebLinks } from "../ui/web-links";
import { type UptimeCall, UptimeClient } from "../uptime";
import { AlertDelivery } from "./engine/alert-delivery";
import { DeliveryWorker, outboxKeysOf } from "./engine/delivery-worker";
import { type IncidentChange, tapIncidentEvents } from "./engine/incident-event-tap";
import { PollWorker } from "./engine/poll/poll-worker";
import { addPollTarget, pollTargetName, removePollTarget } from "./engine/poll/poller";
import { type RejectionPolicy, rejectionPolicy } from "./engine/poll/token-rejection";
import { DigestSchedules } from "./engine/schedules/digest-schedules";
import { escalationSchedules } from "./engine/schedules/escalation-schedules";
import { type MaintenanceSchedules, maintenanceSchedules } from "./engine/schedules/maintenance-schedules";
import { ScheduleStore } from "./engine/schedules/schedule-store";
import { ScheduleWorker } from "./engine/schedules/schedule-worker";
import { pollDetectors } from "./kinds/detectors";
import { DigestDelivery, type DigestNowRequest } from "./kinds/digest/digest-delivery";
import type {
  OpenIncidentChannel,
  OpenIncidentChannelOutcome,
} from "./kinds/incident-channel/incident-channels";
import { stillOnIt } from "./kinds/reminder/reminder-schedule";
import { createPrometheusMetrics, outboxSampler, type PrometheusMetrics } from "./prometheus-metrics";
import { offboardingParticipant } from "./subscriptions/offboarding";
import { pollHooks } from "./subscriptions/poll-hooks";
import { SubscriptionPauses } from "./subscriptions/subscription-pauses";

export type { IncidentChange } from "./engine/incident-event-tap";
export type { RejectionPolicy } from "./engine/poll/token-rejection";
export type { DigestNowRequest } from "./kinds/digest/digest-delivery";
export type {
  OpenIncidentChannel,
  OpenIncidentChannelOutcome,
} from "./kinds/incident-channel/incident-channels";

/**
 * The alert pipeline of docs/architecture.md section 5 as one module. This file is its only entry: the rest of the bot
 * (services, the composition root) imports nothing else from src/alerts (.dependency-cruiser.cjs).
 */

export interface AlertsOptions {
  uptimeApiUrl: string;
  /** Delivery loops on this replica; 0 leaves polling and delivery to other replicas. */
  alertWorkers: number;
  pollIntervalSeconds: number;
  /** UPTIME_WEB_URL and its paths: alert messages link monitors and incidents to the web app. */
  webLinks?: WebLinks | undefined;
  slack: {
    apiUrl?: string | undefined;
    /** The single workspace's bot token; with OAuth, each workspace's comes from its installation. */
    botToken?: string | undefined;
    oauth: boolean;
    /** The alert clients' `fetch` (the composition root's: it times every Slack call). */
    fetch?: FetchFunction | undefined;
    /** The alert clients' logger (the bot's JSON log, through bolt-logger.ts). */
    logger?: SlackLogger | undefined;
    /** How long one alert Slack call may take (SLACK_ALERT_CALL_TIMEOUT_MS); default SLACK_CALL_TIMEOUT_MS. */
    callTimeoutMs?: number | undefined;
  };
  /**
   * How long after an unanswered post a retry waits before posting again (ALERT_POST_SETTLE_MS); default
   * POST_SETTLE_MS. Longer than the call timeout: a post Slack carries out after the client gave up must land
   * within it.
   */
  postSettleMs?: number | undefined;
  /** Told of every Uptime API attempt of the poll and digest clients (latency metrics). */
  onUptimeCall?: ((call: UptimeCall) => void) | undefined;
  /**
   * When token rejections pause a target (3 polls over 2 minutes, confirmed) and how often a paused one
   * is re-checked (5 minutes). Not an environment setting: tests shorten the windows here.
   */
  rejections?: Partial<RejectionPolicy>;
  /**
   * How long a poller keeps a subscriber's token in memory (PollApiCache, default 60 s): a logout or a new
   * login reaches the polls within it. Not an environment setting: tests shorten it.
   */
  pollTokenCacheMs?: number;
  /**
   * Told of each incident event once its channels have it (link unfurls' refresh); never awaited
   * by the delivery, its failures only logged (engine/incident-event-tap.ts).
   */
  onIncidentChange?: ((change: IncidentChange) => Promise<void>) | undefined;
}

export interface AlertsDeps {
  redis: RedisClient;
  /** The bot's chart worker pool (digest charts); bot/start-bot.ts starts and closes it. */
  charts: Pick<ChartRenderer, "render">;
  keys: Keyspace;
  clock: Clock;
  logger: Logger;
  links: LinkStore;
  installations: RedisInstallationStore;
}

/** An acknowledge made in Slack, from any surface: who did it, and the alert message clicked, if one was. */
export interface AcknowledgedInSlack {
  workspace: WorkspaceRef;
  /** The channel of the clicked alert message; absent for `/uptime ack`, App Home and the incident lists. */
  channelId?: string | undefined;
  incidentId: string;
  /** The Slack user who acknowledged. */
  ackedBy: string;
}

/** A mute of a monitor in a channel, set or lifted from Slack (the Mute overflow, Unmute, `/uptime unmute`). */
export interface MuteChangedInSlack {
  workspace: WorkspaceRef;
  channelId: string;
  monitorId: string;
  /** Set or lifted now, by this Slack user: the incident's thread says so. Absent: only redraw. */
  change?: { kind: "muted" | "unmuted"; by: string } | undefined;
}

/** The poll target side of a subscription: a subscription registers itself as one of its subscribers. */
export interface PollTargets {
  /**
   * Registers `subscriber` (the subscription id) on the poll target of (API team, token), creating it due at
   * `now` on the first subscriber. The token only names the target (a hash); it is never stored there.
   * Returns the target name.
   */
  add(
    input: {
      apiTeamId: string;
      token: string;
      tokenRef: UserRef;
      subscriber: string;
      /** What the subscribe reply read (time, incident ids of page 1): the first poll's baseline. */
      baseline?: { at: number; seen: readonly string[] };
      /** The subscriber's `--slow` rule: the target's meta gets it with the rules of its other subscriptions. */
      slow?: SlowRule | undefined;
    },
    now: number,
  ): Promise<string>;
  /** Removes a subscriber; the last one removes the target. Returns the subscribers left. */
  remove(target: string, subscriber: string): Promise<number>;
}

export interface StillOnItInSlack {
  subscriptionId: string;
  incidentId: string;
  /** Where the button was clicked: it counts only in its subscription's channel (a copy does nothing). */
  channelId: string | undefined;
  by: string;
}

export interface Alerts {
  subscriptions: SubscriptionStore;
  mutes: MuteStore;
  /** Planned quiet windows: stored per channel, their notes fired by the schedules. */
  maintenance: { windows: MaintenanceStore; schedules: MaintenanceSchedules };
  /** The one schedule API: a kind's button (a reminder's Still on it) books or moves its own schedules. */
  schedules: Pick<ScheduleStore, "book" | "bookOnce" | "cancel" | "inspect">;
  /** A reminder's Still on it (`--remind`): who, and the next reminder a whole period from now. */
  stillOnIt(input: StillOnItInSlack): Promise<"restarted" | "ended">;
  /** Read by the Mute overflow: the name of a muted monitor, from its last alert message in the channel. */
  messages: AlertMessageStore;
  pollTargets: PollTargets;
  /**
   * The API accepted the acknowledge (and only then): records who for every channel's message of
   * the incident, redraws the clicked message at once ("Acknowledged by @user"), and every other channel's
   * through the outbox, delivered within moments.
   */
  acknowledged(ack: AcknowledgedInSlack): Promise<void>;
  /**
   * Redraws the monitor's open alert message in the channel at once, from the mute store: "Muted here by
   * @user until ..." with Unmute while muted, the Mute menu again once unmuted.
   */
  redrawAfterMuteChange(change: MuteChangedInSlack): Promise<void>;
  /** Incident channels; the caller has checked who may open or archive one. */
  incidentChannels: {
    open(input: OpenIncidentChannel): Promise<OpenIncidentChannelOutcome>;
    archive(input: { workspace: WorkspaceRef; channelId: string; by: string }): Promise<void>;
  };
  /** Channel digests: scheduled with the subscription, or posted now. */
  digests: {
    /**
     * After a subscribe: schedules the subscription's digest at its next 09:00, or removes the schedule when
     * it has none (a re-subscribe without --digest). Returns the next digest time (ms), or null.
     */
    schedule(subscription: Subscription): Promise<number | null>;
    unschedule(subscriptionId: string): Promise<void>;
    /** `/uptime digest`: the last day or week up to now, read with the asker's token. Slack errors are thrown. */
    postNow(request: DigestNowRequest): Promise<void>;
  };
  /** What `GET /metrics` answers. */
  metrics: Pick<PrometheusMetrics, "renderMetrics">;
  /** Drops a workspace's (or a revoked bot's) subscriptions and their poll targets. */
  cleanupParticipant: CleanupParticipant;
  /** A person deactivated or revoked: their personal alerts end, their channels move or pause. */
  offboardingParticipant: CleanupParticipant;
  /** Starts the poll and delivery workers when ALERT_WORKERS > 0. */
  start(): Promise<void>;
  /** Drains both workers (polls in flight commit, the delivery in flight finishes) and closes the poll client. */
  stop(): Promise<void>;
}

export function createAlerts(options: AlertsOptions, deps: AlertsDeps): Alerts {
  const { redis, keys, clock, logger } = deps;
  const scheduler = new PollTargetStore({ redis, keys });
  const subscriptions = new SubscriptionStore({ redis, keys, clock });
  const messages = new AlertMessageStore({ redis, keys });
  const mutes = new MuteStore({ redis, keys, clock });
  const outbox = new OutboxStore({ redis });
  const windows = new MaintenanceStore({ redis, keys, clock });
  const outboxKeys = outboxKeysOf(scheduler);
  const metrics = createPrometheusMetrics({
    sampleOutbox: outboxSampler(redis, outboxKeys),
    samplePaused: () => subscriptions.pausedByReason(),
    sampleEarliestDue: () => scheduler.earliestDue(),
    logger,
  });
  const posterFor = workspacePosters(options.slack, deps.installations, logger);
  const rejections = rejectionPolicy(options.rejections);
  const pauses = new SubscriptionPauses({ subscriptions, links: deps.links, posterFor, logger });
  const schedules = new ScheduleStore({ redis, keys, scheduler });
  let digestClient: UptimeClient | null = null;
  const apiClient = () => {
    digestClient ??= new UptimeClient({
      baseUrl: options.uptimeApiUrl,
      logger,
      ...(options.onUptimeCall ? { onCall: options.onUptimeCall } : {}),
    });
    return digestClient;
  };
  const digestSchedules = new DigestSchedules({ store: schedules, clock });
  const digests = new DigestDelivery({
    links: deps.links,
    posts: new DigestPostStore({ redis, keys }),
    messages,
    posterFor,
    pauses,
    client: apiClient,
    charts: deps.charts,
    clock,
    logger: logger.child({ component: "digests" }),
    postSettleMs: options.postSettleMs,
    gate: { mutes, windows },
  });
  const delivery = new AlertDelivery({
    subscriptions,
    messages,
    mutes,
    windows,
    rateLimiter: new ChannelRateLimiter({ redis, keys }),
    posterFor,
    pauses,
    escalations: escalationSchedules(schedules),
    schedules,
    clock,
    logger: logger.child({ component: "alert-delivery" }),
    metrics: metrics.alert,
    webLinks: options.webLinks,
    charts: deps.charts,
    postSettleMs: options.postSettleMs,
    digests,
    fanOut: { outbox, outboxKeyOf: (target) => scheduler.outboxKey(scheduler.shardOf(target)) },
    incidentChannels: {
      store: new IncidentChannelStore({ redis, keys }),
      subscriptions,
      posterFor,
      availability: incidentAvailability(deps.links, apiClient),
    },
  });
  const pollTargets: PollTargets = {
    add: async (input, now) => {
      const { slow: _own, ...rest } = input;
      const slowRules = await slowRulesOfTarget(
        subscriptions,
        pollTargetName(input.apiTeamId, input.token),
        input,
      );
      return addPollTarget(scheduler, { ...rest, slowRules }, now);
    },
    remove: (target, subscriber) => removePollTarget(scheduler, target, subscriber),
  };

  let pollClient: UptimeClient | null = null;
  let pollWorker: PollWorker | null = null;
  let deliveryWorker: DeliveryWorker | null = null;
  let scheduleWorker: ScheduleWorker | null = null;
  return {
    subscriptions,
    mutes,
    maintenance: { windows, schedules: maintenanceSchedules(schedules) },
    schedules,
    async stillOnIt(input) {
      const sub = await subscriptions.get(input.subscriptionId);
      if (!sub || sub.channelId !== input.channelId) return "ended";
      const restarted = await stillOnIt(schedules, { ...input, now: clock.now() });
      return restarted ? "restarted" : "ended";
    },
    messages,
    pollTargets,
    acknowledged: (ack) => delivery.acknowledged(ack),
    incidentChannels: {
      open: (input) => delivery.openIncidentChannel(input),
      archive: (input) => delivery.archiveIncidentChannel(input),
    },
    async redrawAfterMuteChange(change) {
      await delivery.redrawAfterMuteChange({
        workspace: change.workspace,
        channel: change.channelId,
        monitorId: change.monitorId,
        change: change.change,
      });
    },
    digests: {
      schedule: (subscription) => digestSchedules.schedule(subscription),
      unschedule: (subscriptionId) => digestSchedules.unschedule(subscriptionId),
      postNow: (request) => digests.postNow(request),
    },
    metrics,
    cleanupParticipant: subscriptionCleanupParticipant({
      subscriptions,
      scheduler,
      forget: (sub) => digestSchedules.unschedule(sub.id),
    }),
    offboardingParticipant: offboardingParticipant({
      redis,
      keys,
      scheduler,
      links: deps.links,
      subscriptions,
      pauses,
      pollTargets,
      forget: (sub) => digestSchedules.unschedule(sub.id),
      posterFor,
      // A take-over checks the candidate's token on the team with the on-demand client.
      client: { as: (token) => apiClient().as(token) },
      clock,
      logger,
    }),
    async start() {
      if (options.alertWorkers <= 0) return;
      // The scheduler's backoff is the poller's retry: the client's own retries would only delay a commit.
      pollClient = new UptimeClient({
        baseUrl: options.uptimeApiUrl,
        logger,
        retry: { retries: 0 },
        ...(options.onUptimeCall ? { onCall: options.onUptimeCall } : {}),
      });
      const hooks = pollHooks({
        links: deps.links,
        subscriptions,
        pauses,
        pollTargets,
        forget: (sub) => digestSchedules.unschedule(sub.id),
        posterFor,
        client: pollClient,
        clock,
        logger,
      });
      pollWorker = new PollWorker({
        scheduler,
        client: pollClient,
        resolveToken: hooks.resolveToken,
        hooks,
        detectors: pollDetectors,
        clock,
        logger,
        metrics: metrics.poll,
        pollIntervalMs: options.pollIntervalSeconds * 1000,
        rejections,
        ...(options.pollTokenCacheMs ? { apiCacheTtlMs: options.pollTokenCacheMs } : {}),
      });
      deliveryWorker = new DeliveryWorker({
        redis,
        outboxKeys,
        // Tapped for incident events when someone listens (link unfurls' refresh).
        delivery: options.onIncidentChange
          ? tapIncidentEvents(delivery, options.onIncidentChange, { clock, logger })
          : delivery,
        workers: options.alertWorkers,
        clock,
        logger: logger.child({ component: "delivery-worker" }),
        metrics: metrics.alert,
      });
      scheduleWorker = new ScheduleWorker({
        store: schedules,
        clock,
        logger: logger.child({ component: "schedules" }),
      });
      await deliveryWorker.start();
      pollWorker.start();
      scheduleWorker.start();
      logger.info(
        { alertWorkers: options.alertWorkers, pollIntervalSeconds: options.pollIntervalSeconds },
        "alert workers started",
      );
    },
    async stop() {
      await Promise.all([pollWorker?.stop(), deliveryWorker?.stop(), scheduleWorker?.stop()]);
      await Promise.all([pollClient?.close(), digestClient?.close()]);
      pollWorker = null;
      deliveryWorker = null;
      scheduleWorker = null;
      pollClient = null;
      digestClient = null;
    },
  };
}

/**
 * The slow rules a target's meta carries after `input.subscriber` (re)registers: its own, and those of the
 * target's other subscriptions. A rule of a subscription removed since stays until the next
 * subscribe rewrites the meta: the poller then counts for nobody, and delivery finds no channel for it.
 */
async function slowRulesOfTarget(
  subscriptions: Pick<SubscriptionStore, "listByTargetSettled">,
  target: string,
  input: { subscriber: string; slow?: SlowRule | undefined },
): Promise<SlowRule[]> {
  const { subscriptions: others } = await subscriptions.listByTargetSettled(target);
  const rules = others.flatMap((sub) => (sub.id !== input.subscriber && sub.slow ? [sub.slow] : []));
  return input.slow ? [...rules, input.slow] : rules;
}

/**
 * The availability around an incident for its channel's summary: each monitor's last 24 h
 * (A10 hourly, A11 include on GET /monitors/{id}), read with the subscriber's token; null where it cannot be.
 */
function incidentAvailability(links: LinkStore, client: () => UptimeClient) {
  return async (sub: Subscription | null, monitorIds: readonly string[]) => {
    const out: Record<string, number | null> = {};
    const token = sub
      ? await links.getToken({ ...sub.workspace, userId: sub.subscriber.userId }).catch(() => null)
      : null;
    for (const id of monitorIds) {
      out[id] = null;
      if (!token) continue;
      try {
        const monitor = await client()
          .as(token)
          .monitors.get(id, { include: ["availability-hourly"] });
        out[id] = monitor.availabilityHourly?.totals.availability ?? null;
      } catch {
        // The summary says "unknown": an API failure must not hold the recovery's feed.
      }
    }
    return out;
  };
}
