import { type AlertsOptions, createAlerts } from "../alerts";
import type { Config } from "../config/config";
import { type Clock, systemClock } from "../lib/clock";
import { registerLogSecret } from "../lib/log-secrets";
import { createLogger, type Logger } from "../lib/logger";
import { StepConfirmationSweep } from "../listeners/functions/step-confirmation-sweep";
import type { ListenerDeps } from "../listeners/listener-deps";
import { refreshUnfurls } from "../listeners/refresh-unfurls";
import { ApiHealth } from "../observability/api-health";
import { createBotMetrics } from "../observability/bot-metrics";
import { type MetricsServer, type Readiness, startMetricsServer } from "../observability/metrics-server";
import { createServices, type ServiceDeps } from "../services";
import { boltLogger } from "../slack/bolt-logger";
import { type BotIdentity, botIdentity } from "../slack/bot-identity";
import { scrubSlackSdkLines } from "../slack/scrub-slack-sdk-lines";
import { stepRunClients } from "../slack/step-run-client";
import { workspacePosters } from "../slack/workspace-posters";
import { type ApiBudgetLimits, ApiBudgetStore } from "../store/api-budget-store";
import { TokenCipher } from "../store/crypto/token-cipher";
import { refuseEvictingRedis } from "../store/eviction-policy";
import { type FairShareLimits, FairShareStore } from "../store/fair-share-store";
import { RedisInstallationStore } from "../store/installation-store";
import { keyspace } from "../store/keys";
import { LinkStore } from "../store/link-store";
import { MembershipCache } from "../store/membership-cache";
import { PendingActionStore } from "../store/pending-action-store";
import { connectRedis } from "../store/redis-connection";
import { StepConfirmationStore } from "../store/step-confirmation-store";
import { TokenBuckets } from "../store/token-buckets";
import { hashReadsFor } from "../store/tracked-hash-reads";
import { UnfurlConsentStore } from "../store/unfurl-consent-store";
import { UnfurlStore } from "../store/unfurl-store";
import { storeCleanupParticipants, WorkspaceCleanup } from "../store/workspace-cleanup";
import { createChartRenderer } from "../ui/charts/chart-renderer";
import { ApiError, UptimeClient } from "../uptime";
import { createApp } from "./slack-app";

export interface BotOptions {
  logger?: Logger;
  clock?: Clock;
  /** Namespace of every Redis key (tests give each bot its own). */
  keyPrefix?: string;
  /** How long stop() waits for listener runs in flight before closing Redis anyway (default 10 s). */
  drainMs?: number;
  /** Token-rejection windows (3 polls over 2 minutes, 5-minute re-check): tests shorten them. */
  rejections?: AlertsOptions["rejections"];
  /** How long a poller keeps a subscriber's token in memory (default 60 s): tests shorten it. */
  pollTokenCacheMs?: AlertsOptions["pollTokenCacheMs"];
  /** Per Web API call of the listeners' Slack client (default 10 s, app.ts): tests shorten it. */
  slackTimeoutMs?: number;
  /** Each person's fair share, over the FAIR_SHARE_* settings: tests make it small. */
  fairShare?: Partial<FairShareLimits>;
  /**
   * The API's assumed limit per token and the polls' reserve (A12), over UPTIME_API_RATE_PER_TOKEN and
   * UPTIME_API_POLL_RESERVE, and how long one call of a command waits for its share (`waitMs`).
   */
  apiBudget?: Partial<ApiBudgetLimits> & { waitMs?: number };
  /** How often the expired workflow step confirmations are looked for (default 15 s): tests shorten it. */
  stepSweepMs?: number;
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
  // The bot's own secrets never reach a log line, in whatever words a library logs them (log-secrets.ts).
  for (const secret of [
    config.slack.botToken,
    config.slack.appToken,
    config.slack.signingSecret,
    config.slack.oauth?.clientSecret,
    config.slack.oauth?.stateSecret,
    config.tokenEncryptionKey,
    ...config.tokenEncryptionKey.split(","),
  ]) {
    registerLogSecret(secret);
  }
  const clock = options.clock ?? systemClock;
  const cipher = TokenCipher.fromSetting(config.tokenEncryptionKey);
  // A cluster that is not ready stops start-up here with one line (main.ts); a single Redis may come later.
  const redis = await connectRedis(config.redis, undefined, {
    commandTimeoutMs: config.redisCommandTimeoutMs,
  });
  redis.on("error", (err) => logger.warn({ err }, "redis connection error"));
  try {
    // An evicting maxmemory-policy would drop links, subscriptions or outbox entries silently: refused.
    await refuseEvictingRedis(redis, logger);
  } catch (error) {
    redis.disconnect();
    throw error;
  }
  const keys = keyspace(options.keyPrefix ?? "uc:");
  // Every /uptime query reads its caller's link: kept in this process until Redis says it changed.
  const linkReads = hashReadsFor(redis, logger);
  const links = new LinkStore({ redis, keys, cipher, clock, reads: linkReads });
  const pendingActions = new PendingActionStore({ redis, keys, clock });
  const installations = new RedisInstallationStore({ redis, keys, cipher });
  const cleanup = new WorkspaceCleanup(storeCleanupParticipants({ links, pendingActions, installations }));
  // Redis' gauge asks the readiness probe (below) on each scrape.
  const calls = createBotMetrics({ redisUp: async () => (await readiness()).ready });
  const uptime = new UptimeClient({ baseUrl: config.uptimeApiUrl, logger, onCall: calls.uptimeCall });
  // Charts are drawn off the event loop; no worker starts before the first chart.
  const charts = createChartRenderer({ logger: logger.child({ component: "charts" }) });

  let refreshUnfurlsOf: ((incidentId: string) => Promise<void>) | undefined;
  const alerts = createAlerts(
    {
      uptimeApiUrl: config.uptimeApiUrl,
      alertWorkers: config.alertWorkers,
      pollIntervalSeconds: config.pollIntervalSeconds,
      webLinks: config.webLinks,
      slack: {
        apiUrl: config.slack.apiUrl,
        botToken: config.slack.botToken,
        oauth: Boolean(config.slack.oauth),
        fetch: calls.slackFetch,
        callTimeoutMs: config.slackAlertCallTimeoutMs,
        // The same scrubbing as the listeners' client: no raw payload reaches the log at any level.
        logger: scrubSlackSdkLines(boltLogger(logger, "alert-slack-client"), () =>
          logger.isLevelEnabled("debug"),
        ),
      },
      postSettleMs: config.alertPostSettleMs,
      onUptimeCall: calls.uptimeCall,
      ...(options.rejections ? { rejections: options.rejections } : {}),
      ...(options.pollTokenCacheMs ? { pollTokenCacheMs: options.pollTokenCacheMs } : {}),
      // Link unfurls of an incident are drawn again when it changes; bound once services exist.
      onIncidentChange: (change) => refreshUnfurlsOf?.(change.incidentId) ?? Promise.resolve(),
    },
    { redis, keys, clock, logger, links, installations, charts },
  );
  cleanup.add(alerts.cleanupParticipant).add(alerts.offboardingParticipant);
  const memberships = new MembershipCache({ redis, keys });
  const buckets = new TokenBuckets({ redis });
  const fairShare = new FairShareStore({
    buckets,
    keys,
    limits: { ...config.fairShare, ...options.fairShare },
  });
  const apiBudget = new ApiBudgetStore({
    buckets,
    keys,
    limits: { ...config.apiBudget, ...options.apiBudget },
  });
  const serviceDeps: ServiceDeps = {
    uptime,
    links,
    pendingActions,
    cleanup,
    clock,
    logger,
    alerts,
    memberships,
    unfurls: new UnfurlStore({ redis, keys }),
    unfurlConsent: new UnfurlConsentStore({ redis, keys }),
    fairShare,
    apiBudget,
    stepConfirmations: new StepConfirmationStore({ redis, keys, cipher }),
    ...(options.apiBudget?.waitMs === undefined ? {} : { apiBudgetWaitMs: options.apiBudget.waitMs }),
  };
  const services = createServices(serviceDeps);
  const unfurlPosters = workspacePosters(
    {
      apiUrl: config.slack.apiUrl,
      botToken: config.slack.botToken,
      oauth: Boolean(config.slack.oauth),
      fetch: calls.slackFetch,
    },
    installations,
    logger,
  );
  refreshUnfurlsOf = (incidentId) =>
    refreshUnfurls({ services, posterFor: unfurlPosters, webLinks: config.webLinks, logger }, incidentId);

  // Ready means Redis answers (docs/architecture.md section 9); the API's reachability is the uptime_chatops_uptime_api_up gauge and a log line.
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

  let identity: BotIdentity | undefined;
  if (!config.slack.oauth) {
    try {
      identity = await botIdentity(config.slack);
    } catch (error) {
      await alerts.stop().catch(() => {});
      await charts.close();
      await uptime.close();
      await linkReads.close();
      redis.disconnect();
      throw error;
    }
  }
  const listenerDeps: ListenerDeps = {
    services,
    logger,
    clock,
    charts,
    webLinks: config.webLinks,
    // A workflow step run's own token answers its confirmation when no click brings a fresher one.
    stepRunClientFor: stepRunClients({
      apiUrl: config.slack.apiUrl,
      fetch: calls.slackFetch,
      timeoutMs: config.slackAlertCallTimeoutMs,
      logger: scrubSlackSdkLines(boltLogger(logger, "step-run-client"), () => logger.isLevelEnabled("debug")),
    }),
  };
  const stepSweep = new StepConfirmationSweep(listenerDeps, options.stepSweepMs);
  const app = createApp(listenerDeps, {
    slack: config.slack,
    port: config.port,
    installationStore: installations,
    identity,
    ...(options.slackTimeoutMs === undefined ? {} : { slackTimeoutMs: options.slackTimeoutMs }),
    slackFetch: calls.slackFetch,
  });
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
          body: pipeline.body + (await apiHealth.registry.metrics()) + (await calls.registry.metrics()),
        };
      },
    });
    port = await app.start();
    // ALERT_WORKERS=0: this replica serves Slack only; the others poll and deliver.
    await alerts.start();
    apiHealth.start();
    stepSweep.start();
  } catch (error) {
    await metricsServer?.close();
    await app.app.stop().catch(() => {});
    await alerts.stop().catch(() => {});
    await charts.close();
    await uptime.close();
    await linkReads.close();
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
        await stepSweep.stop();
        // Polls in flight are committed and the delivery in flight finishes; the rest stays in Redis.
        await alerts.stop().catch((err) => logger.warn({ err }, "error while stopping the alert workers"));
        apiHealth.stop();
        await metricsServer?.close();
        // After the listeners and the digests: no chart is asked for any more.
        await charts.close();
        await uptime.close();
        await linkReads.close();
        await redis.quit().catch(() => redis.disconnect());
      })();
      return stopping;
    },
  };
}
