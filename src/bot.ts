import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";
import { createApp, type Readiness } from "./app";
import type { Config } from "./config";
import { type Clock, systemClock } from "./lib/clock";
import { createLogger, type Logger } from "./lib/logger";
import { createServices } from "./services";
import { TokenCipher } from "./store/crypto/token-cipher";
import { RedisInstallationStore } from "./store/installation-store";
import { keyspace } from "./store/keys";
import { LinkStore } from "./store/link-store";
import { PendingActionStore } from "./store/pending-action-store";
import { storeCleanupParticipants, WorkspaceCleanup } from "./store/workspace-cleanup";
import { ApiError, UptimeClient } from "./uptime";

export interface BotOptions {
  logger?: Logger;
  clock?: Clock;
  /** Namespace of every Redis key (tests give each bot its own). */
  keyPrefix?: string;
}

export interface RunningBot {
  /** The port the HTTP endpoint (or, in Socket Mode, the health routes) listens on. */
  port: number;
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

  const services = createServices({ uptime, links, pendingActions, cleanup, clock, logger });

  const readiness = async (): Promise<Readiness> => {
    const checks: Record<string, string> = {};
    try {
      checks.redis = (await redis.ping()) === "PONG" ? "ok" : "unexpected answer";
    } catch (error) {
      checks.redis = (error as Error).message;
    }
    try {
      await uptime.as("readiness-probe").status.get({ signal: AbortSignal.timeout(2000) });
      checks.uptimeApi = "ok";
    } catch (error) {
      // Any HTTP answer (even 401) means the API is reachable; only network failures make us unready.
      checks.uptimeApi = error instanceof ApiError ? "ok" : (error as Error).name;
    }
    return { ready: Object.values(checks).every((v) => v === "ok"), checks };
  };

  const app = createApp(
    { services, logger, clock },
    { slack: config.slack, port: config.port, readiness, installationStore: installations },
  );
  const started = (await app.start(config.port)) as unknown;
  const server =
    started instanceof Object && "address" in (started as object) ? (started as Server) : undefined;
  const port = server ? (server.address() as AddressInfo).port : config.port;
  logger.info({ port, socketMode: config.slack.socketMode }, "bot started");

  let stopping: Promise<void> | undefined;
  return {
    port,
    stop: () => {
      stopping ??= (async () => {
        await app.stop().catch((err) => logger.warn({ err }, "error while stopping the Slack receiver"));
        await uptime.close();
        await redis.quit().catch(() => redis.disconnect());
      })();
      return stopping;
    },
  };
}
