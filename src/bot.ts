import { Redis } from "ioredis";
import { AlertDelivery } from "./alerts/deliver/alert-delivery";
import { DeliveryWorker, outboxKeysOf } from "./alerts/deliver/delivery-worker";
import type { PosterFor, SlackPoster } from "./alerts/deliver/slack-poster";
import { WebApiPoster } from "./alerts/deliver/web-api-poster";
import {
  addPollTarget,
  createPrometheusMetrics,
  outboxSampler,
  PollWorker,
  type PrometheusMetrics,
  removePollTarget,
} from "./alerts/poll/poller";
import { ApiHealth } from "./api-health";
import { createApp } from "./app";
import type { Config } from "./config";
import { type Clock, systemClock } from "./lib/clock";
import { createLogger, type Logger } from "./lib/logger";
import { type MetricsServer, type Readiness, startMetricsServer } from "./metrics-server";
import { createServices, type ServiceDeps } from "./services";
import { pollHooks } from "./services/subscription-services";
import { AlertMessageStore } from "./store/alert-message-store";
import { ChannelRateLimiter } from "./store/channel-rate-limiter";
import { TokenCipher } from "./store/crypto/token-cipher";
import { RedisInstallationStore } from "./store/installation-store";
import { keyspace } from "./store/keys";
import { LinkStore } from "./store/link-store";
import { MuteStore } from "./store/mute-store";
import { PendingActionStore } from "./store/pending-action-store";
import { SchedulerStore } from "./store/scheduler";
import { SubscriptionStore, subscriptionCleanupParticipant } from "./store/subscription-store";
import { type WorkspaceRef, workspaceKey } from "./store/workspace";
import { storeCleanupParticipants, WorkspaceCleanup } from "./store/workspace-cleanup";
import { renderSubscriptionPausedNotice } from "./ui/render-subscriptions";
import { ApiError, UptimeClient } from "./uptime";

export interface BotOptions {
  logger?: Logger;
  clock?: Clock;
  /** Namespace of every Redis key (tests give each bot its own). */
  keyPrefix?: string;
  /** How long stop() waits for listener runs in flight before closing Redis anyway (default 10 s). */
  drainMs?: number;
}

export interface RunningBot {
  /** The port the HTTP endpoint (or, in Socket Mode, the health routes) listens on. */
  port: number;
  /** The port of `/metrics` and `/readyz` (METRICS_PORT; bound port when 0). */
  metricsPort: number;
  /** Listener runs still working (a command keeps working after its ack). */
  inFlight(): number;
  stop(): Promise<void>;
}

/**
 * Builds and starts the whole bot from a Config: Redis, stores, API client, use cases, the Bolt app.
 * `stop()` drains in-flight requests, then closes the API pool and Redis.
 */
export async function startBot(config: Config, options: BotOptions = {}): Promise<RunningBot> {
  const logger = options.logger ?? createLogger({ level: config.logLevel, name: "uptime-chatops" });
  const clock = options.clock ?? systemClock;
  const cipher = TokenCipher.fromSetting(config.tokenEncryptionKey);
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 3, enableReadyCheck: true });
  redis.on("error", (err) => logger.warn({ err }, "redis connection error"));
  const keys = keyspace(options.keyPrefix ?? "uc:");
  const links = new LinkStore({ redis, keys, cipher, clock });
  const pendingActions = new PendingActionStore({ redis, keys, clock });
  const installations = new RedisInstallationStore({ redis, keys, cipher });
  const cleanup = new WorkspaceCleanup(storeCleanupParticipants({ links, pendingActions, installations }));
  const uptime = new UptimeClient({ baseUrl: config.uptimeApiUrl, logger });

  const alerts = composeAlerts(config, { redis, keys, clock, logger, links, installations });
  cleanup.add(
    subscriptionCleanupParticipant({ subscriptions: alerts.subscriptions, scheduler: alerts.scheduler }),
  );
  const serviceDeps: ServiceDeps = {
    uptime,
    links,
    pendingActions,
    cleanup,
    clock,
    logger,
    alerts: alerts.serviceDeps,
    // An Acknowledge click redraws the alert at once ("Acknowledged by @user"), through the same render path
    // as the poller's events.
    onIncidentAcknowledged: async (info) => {
      await alerts.delivery.updateAlertMessageAfterAcknowledge({
        workspace: info.workspace,
        channel: info.channelId,
        incidentId: info.incidentId,
        ackedBy: info.ackedBy.slackUserId,
      });
    },
  };
  const services = createServices(serviceDeps);

  // Ready means Redis answers (DESIGN.md 9); the API's reachability is the uptime_api_up gauge and a log line.
  const readiness = async (): Promise<Readiness> => {
    try {
      // ioredis queues commands while it reconnects: without a deadline a probe would hang with Redis.
      const pong = await Promise.race([
        redis.ping(),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error("no answer within 2 s")), 2000).unref(),
        ),
      ]);
      const redisCheck = pong === "PONG" ? "ok" : "unexpected answer";
      return { ready: redisCheck === "ok", checks: { redis: redisCheck } };
    } catch (error) {
      return { ready: false, checks: { redis: (error as Error).message } };
    }
  };
  const apiHealth = new ApiHealth({
    logger,
    probe: async (signal) => {
      try {
        await uptime.as("readiness-probe").status.get({ signal });
      } catch (error) {
        // Any HTTP answer (even 401) means the API is reachable; only network failures count as down.
        if (!(error instanceof ApiError)) throw error;
      }
    },
  });

  const app = createApp(
    { services, logger, clock },
    { slack: config.slack, port: config.port, installationStore: installations },
  );
  let metricsServer: MetricsServer | undefined;
  let port: number;
  try {
    metricsServer = await startMetricsServer({
      ...config.metrics,
      readiness,
      metrics: async () => {
        const pipeline = await alerts.metrics.renderMetrics();
        return {
          contentType: pipeline.contentType,
          body: pipeline.body + (await apiHealth.registry.metrics()),
        };
      },
    });
    port = await app.start();
    // ALERT_WORKERS=0: this replica serves Slack only; the others poll and deliver.
    await alerts.start();
    apiHealth.start();
  } catch (error) {
    await metricsServer?.close();
    await app.app.stop().catch(() => {});
    await alerts.stop().catch(() => {});
    await uptime.close();
    redis.disconnect();
    throw error;
  }
  const metricsPort = metricsServer.port;
  logger.info(
    { port, metricsPort, socketMode: config.slack.socketMode, oauth: Boolean(config.slack.oauth) },
    "bot started",
  );

  let stopping: Promise<void> | undefined;
  return {
    port,
    metricsPort,
    inFlight: () => app.inFlight.count,
    stop: () => {
      stopping ??= (async () => {
        // Stop taking requests first, let the runs in flight finish (they still need the API and Redis),
        // then close the pools.
        logger.info({ inFlight: app.inFlight.count }, "draining");
        const abandoned = await app.stop(options.drainMs ?? 10_000).catch((err) => {
          logger.warn({ err }, "error while stopping the Slack receiver");
          return app.inFlight.count;
        });
        if (abandoned > 0) logger.warn({ abandoned }, "stopped with listener runs still in flight");
        // Polls in flight are committed and the delivery in flight finishes; the rest stays in Redis.
        await alerts.stop().catch((err) => logger.warn({ err }, "error while stopping the alert workers"));
        apiHealth.stop();
        await metricsServer?.close();
        await uptime.close();
        await redis.quit().catch(() => redis.disconnect());
      })();
      return stopping;
    },
  };
}

interface AlertParts {
  subscriptions: SubscriptionStore;
  scheduler: SchedulerStore;
  delivery: AlertDelivery;
  metrics: PrometheusMetrics;
  serviceDeps: NonNullable<ServiceDeps["alerts"]>;
  /** Starts the poll and delivery workers when ALERT_WORKERS > 0. */
  start(): Promise<void>;
  /** Drains both workers and closes the poll client. */
  stop(): Promise<void>;
}

/** How long a workspace's poster (its bot token from the installation store) is reused. */
const POSTER_TTL_MS = 5 * 60_000;

/**
 * The alert pipeline of DESIGN.md section 5 on this replica: stores, the delivery (also used by the
 * Acknowledge button on every replica), the metrics, and, when ALERT_WORKERS > 0, the poll worker and
 * ALERT_WORKERS delivery loops.
 */
function composeAlerts(
  config: Config,
  deps: {
    redis: Redis;
    keys: ReturnType<typeof keyspace>;
    clock: Clock;
    logger: Logger;
    links: LinkStore;
    installations: RedisInstallationStore;
  },
): AlertParts {
  const { redis, keys, clock, logger } = deps;
  const scheduler = new SchedulerStore({ redis, keys });
  const subscriptions = new SubscriptionStore({ redis, keys, clock });
  const messages = new AlertMessageStore({ redis, keys });
  const mutes = new MuteStore({ redis, keys, clock });
  const outboxKeys = outboxKeysOf(scheduler);
  const metrics = createPrometheusMetrics({ sampleOutbox: outboxSampler(redis, outboxKeys), logger });
  const posterFor = workspacePosters(config, deps.installations, deps.logger);
  const delivery = new AlertDelivery({
    subscriptions,
    messages,
    mutes,
    rateLimiter: new ChannelRateLimiter({ redis, keys }),
    posterFor,
    clock,
    logger: logger.child({ component: "alert-delivery" }),
    metrics: metrics.alert,
  });
  const serviceDeps: AlertParts["serviceDeps"] = {
    subscriptions,
    mutes,
    messages,
    pollTargets: {
      add: (input, now) => addPollTarget(scheduler, input, now),
      remove: (target, subscriber) => removePollTarget(scheduler, target, subscriber),
    },
    notifySubscriptionPaused: async (notice) => {
      const poster = await posterFor(notice.workspace);
      await poster.postDirectMessage(notice.userId, renderSubscriptionPausedNotice(notice));
    },
  };

  let pollClient: UptimeClient | null = null;
  let pollWorker: PollWorker | null = null;
  let deliveryWorker: DeliveryWorker | null = null;
  return {
    subscriptions,
    scheduler,
    delivery,
    metrics,
    serviceDeps,
    async start() {
      if (config.alertWorkers <= 0) return;
      // The scheduler's backoff is the poller's retry: the client's own retries would only delay a commit.
      pollClient = new UptimeClient({ baseUrl: config.uptimeApiUrl, logger, retry: { retries: 0 } });
      // Token look-up, and pause + one DM when a token is rejected (src/services/poll-hooks.ts).
      const hooks = pollHooks({ links: deps.links, logger, alerts: serviceDeps });
      pollWorker = new PollWorker({
        scheduler,
        client: pollClient,
        resolveToken: hooks.resolveToken,
        hooks,
        clock,
        logger,
        metrics: metrics.poll,
        pollIntervalMs: config.pollIntervalSeconds * 1000,
      });
      deliveryWorker = new DeliveryWorker({
        redis,
        outboxKeys,
        delivery,
        workers: config.alertWorkers,
        clock,
        logger: logger.child({ component: "delivery-worker" }),
        metrics: metrics.alert,
      });
      await deliveryWorker.start();
      pollWorker.start();
      logger.info(
        { alertWorkers: config.alertWorkers, pollIntervalSeconds: config.pollIntervalSeconds },
        "alert workers started",
      );
    },
    async stop() {
      await Promise.all([pollWorker?.stop(), deliveryWorker?.stop()]);
      await pollClient?.close();
      pollWorker = null;
      deliveryWorker = null;
      pollClient = null;
    },
  };
}

/**
 * Each workspace's alert poster: the single bot token, or (OAuth) the workspace's bot token from the
 * installation store, cached a few minutes. WebClient retries are off (web-api-poster.ts).
 */
function workspacePosters(config: Config, installations: RedisInstallationStore, logger: Logger): PosterFor {
  const slackApiUrl = config.slack.apiUrl;
  const options = { ...(slackApiUrl ? { slackApiUrl } : {}) };
  const botToken = config.slack.botToken;
  if (!config.slack.oauth && botToken) {
    const poster = WebApiPoster.fromToken(botToken, options);
    return () => poster;
  }
  const cache = new Map<string, { poster: SlackPoster; until: number }>();
  return async (ws: WorkspaceRef) => {
    const key = workspaceKey(ws);
    const cached = cache.get(key);
    if (cached && cached.until > Date.now()) return cached.poster;
    const installation = await installations.fetchInstallation({
      teamId: ws.teamId,
      enterpriseId: ws.enterpriseId,
      isEnterpriseInstall: ws.isEnterpriseInstall ?? false,
    } as Parameters<RedisInstallationStore["fetchInstallation"]>[0]);
    const token = installation.bot?.token;
    if (!token) {
      logger.warn({ workspace: key }, "installation has no bot token: alerts cannot be posted");
      throw new Error(`no bot token for workspace ${key}`);
    }
    const poster = WebApiPoster.fromToken(token, options);
    cache.set(key, { poster, until: Date.now() + POSTER_TTL_MS });
    return poster;
  };
}
