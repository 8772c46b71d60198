/**
 * The whole demo in one process: Redis (given, or a private redis-server), the simulator with the demo
 * seed, the fake Slack, the real bot (startBot in HTTP mode pointed at the fake), the demo workspace set up
 * through the real flows, and the playground page. `npm run demo` and the integration tests both use it.
 */
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { type RunningBot, startBot } from "../../../src/bot/start-bot";
import { loadConfig } from "../../../src/config/config";
import { createLogger, type Logger } from "../../../src/lib/logger";
import { generateKey } from "../../../src/store/crypto/encryption-keys";
import { deleteKeysWithPrefix } from "../../../src/store/redis-helpers";
import { UptimeClient } from "../../../src/uptime";
import { type LocalRedis, resolveRedis } from "../../local-redis";
import { DEMO_TOKENS, type RunningSimulator, startSimulator } from "../../simulator";
import {
  DEMO_API_TEAM,
  DEMO_CHANNELS,
  DEMO_ROLES,
  DEMO_WEB_URL,
  type DemoSetupReport,
  demoSlackSeed,
  setupDemoWorkspace,
} from "../demo-workspace";
import { type FakeSlack, startFakeSlack } from "../fake-slack";
import type { PlaygroundMonitor } from "./api-types";
import { buildPageAssets } from "./bundle";
import { startPlaygroundServer } from "./server";

export interface PlaygroundOptions {
  /** The page's port; 0 = a free one. Default 3100, or the next free one after it. */
  port?: number;
  host?: string;
  /** Tried first (resolveRedis): used when it answers, else a private redis-server is started. */
  redisUrl?: string;
  /** Namespace of the bot's Redis keys (default `demo:<random>:`); its keys are deleted on stop. */
  keyPrefix?: string;
  /** Simulator speed-up (default 4: a 60 s monitor is checked every 15 s). */
  timeScale?: number;
  /** How often the alert poller reads the API (default 2 s). */
  pollIntervalSeconds?: number;
  /** Real-time schedule of the Payments API outages (default every 3 min for 40 s); false = none. */
  schedule?: { everyMs: number; durationMs: number } | false;
  /** The playground's own logger (default: warnings and errors on stdout). */
  logger?: Logger;
  /** The bot's log level (default "warn"). */
  botLogLevel?: string;
}

export interface RunningPlayground {
  url: string;
  port: number;
  redisUrl: string;
  keyPrefix: string;
  slack: FakeSlack;
  simulator: RunningSimulator;
  bot: RunningBot;
  setup: DemoSetupReport;
  stop(): Promise<void>;
}

const DEFAULT_PORT = 3100;
const PORT_SEARCH = 20;

async function deleteNamespace(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await redis.connect();
    await deleteKeysWithPrefix(redis, prefix);
  } finally {
    redis.disconnect();
  }
}

/** Starts everything; on any failure stops what was started and rethrows. */
export async function startPlayground(options: PlaygroundOptions = {}): Promise<RunningPlayground> {
  const logger = options.logger ?? createLogger({ level: "warn", name: "playground" });
  const timeScale = options.timeScale ?? 4;
  const keyPrefix = options.keyPrefix ?? `demo:${randomBytes(4).toString("hex")}:`;
  const cleanups: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup().catch((err: unknown) => logger.warn({ err }, "playground: error while stopping"));
    }
  };

  try {
    const assetsPromise = buildPageAssets();
    const redis: LocalRedis = await resolveRedis(options.redisUrl);
    cleanups.push(() => redis.stop());
    // A shared Redis keeps nothing of the demo; a private one goes away entirely.
    if (!redis.owned) cleanups.push(() => deleteNamespace(redis.url, keyPrefix));

    const simulator = await startSimulator({ seed: "demo", timeScale, autoChecks: true });
    cleanups.push(() => simulator.close());

    const signingSecret = randomBytes(16).toString("hex");
    const botToken = "xoxb-playground-bot";
    const seed = demoSlackSeed("U0BOT");
    const slack = await startFakeSlack({ signingSecret, botToken, botUserId: "U0BOT", ...seed });
    cleanups.push(() => slack.close());

    const config = loadConfig({
      SLACK_BOT_TOKEN: botToken,
      SLACK_SIGNING_SECRET: signingSecret,
      SLACK_API_URL: slack.apiUrl,
      PORT: "0",
      // A free port: a real bot may hold the default 9464 on this machine.
      METRICS_PORT: "0",
      UPTIME_API_URL: simulator.url,
      REDIS_URL: redis.url,
      TOKEN_ENCRYPTION_KEY: generateKey(),
      LOG_LEVEL: options.botLogLevel ?? "warn",
      ALERT_WORKERS: "1",
      POLL_INTERVAL_SECONDS: String(options.pollIntervalSeconds ?? 2),
      // manifest.yml's unfurl domain: names link to it, and a pasted link of it unfurls.
      UPTIME_WEB_URL: DEMO_WEB_URL,
    });
    const bot = await startBot(config, {
      keyPrefix,
      logger: createLogger({ level: config.logLevel, name: "uptime-chatops" }),
    });
    cleanups.push(() => bot.stop());
    slack.setAppUrl(`http://127.0.0.1:${bot.port}/slack/events`);

    const setup = await setupDemoWorkspace({
      slack,
      simulator: simulator.control,
      timeScale,
      ...(options.schedule !== undefined ? { schedule: options.schedule } : {}),
      logger,
    });

    const uptime = new UptimeClient({ baseUrl: simulator.url });
    cleanups.push(() => uptime.close());
    const monitors = async (): Promise<PlaygroundMonitor[]> => {
      const out: PlaygroundMonitor[] = [];
      for await (const m of uptime.as(DEMO_TOKENS.owner).teams.monitorsAll(DEMO_API_TEAM)) {
        out.push({ id: Number(m.id), name: m.name, group: m.group, state: m.state, paused: m.paused });
      }
      return out;
    };

    const server = await startPlaygroundServer({
      slack,
      simulator: simulator.control,
      monitors,
      channels: [DEMO_CHANNELS.opsAlerts, DEMO_CHANNELS.general],
      roles: DEMO_ROLES,
      assets: await assetsPromise,
      logger,
      ...(options.host ? { host: options.host } : {}),
      port: options.port ?? DEFAULT_PORT,
      portSearch: options.port === 0 ? 0 : PORT_SEARCH,
    });
    cleanups.push(() => server.close());

    let stopping: Promise<void> | undefined;
    return {
      url: server.url,
      port: server.port,
      redisUrl: redis.url,
      keyPrefix,
      slack,
      simulator,
      bot,
      setup,
      stop: () => {
        stopping ??= stopAll();
        return stopping;
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
