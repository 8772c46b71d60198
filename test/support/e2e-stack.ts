import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { inject } from "vitest";
import { type FakeSlack, type FakeSlackOptions, startFakeSlack } from "../../dev/playground/fake-slack";
import { contractViolations } from "../../dev/playground/fake-slack/contracts";
import type { EphemeralMessage, FakeChannelSeed } from "../../dev/playground/fake-slack/types";
import { type RunningSimulator, type SimulatorOptions, startSimulator } from "../../dev/simulator";
import { type BotOptions, type RunningBot, startBot } from "../../src/bot/start-bot";
import { loadConfig } from "../../src/config/config";
import { type Logger, silentLogger } from "../../src/lib/logger";
import { teamsOf } from "../../src/services/link-account";
import { generateKey } from "../../src/store/crypto/encryption-keys";
import { TokenCipher } from "../../src/store/crypto/token-cipher";
import { keyspace } from "../../src/store/keys";
import { LinkStore } from "../../src/store/link-store";
import { UptimeClient } from "../../src/uptime";
import { auditSlackPayloads } from "./slack-payload-audit";
import { waitFor } from "./wait-for";

export { textOf } from "./text-of";

export const SIGNING_SECRET = "e2e-signing-secret";
export const BOT_TOKEN = "xoxb-e2e-bot";

export interface Stack {
  simulator: RunningSimulator;
  slack: FakeSlack;
  bot: RunningBot;
  keyPrefix: string;
  /** The bot's TOKEN_ENCRYPTION_KEY, so that tests can link users through the real LinkStore. */
  tokenEncryptionKey: string;
  /** Sends `/uptime <text>` as that user and resolves with the ephemeral answer it produced. */
  command(userId: string, text: string, channelId?: string): Promise<EphemeralMessage>;
  /** Resolves with the next ephemeral message for a user in a channel after `before` of them. */
  nextEphemeral(userId: string, channelId: string, before: number): Promise<EphemeralMessage>;
  /** What the bot sent Slack so far that Slack or the Slack SDK's types refuse (slack-payload-audit.ts). */
  payloadProblems(): string[];
  /** Stops everything, then fails if payloadProblems() is not empty: every e2e file checks the bot's payloads. */
  close(): Promise<void>;
}

/**
 * The real product end to end: the simulator (demo seed) over HTTP, the fake Slack, Redis, and the real
 * Bolt app started by `startBot` from a Config, exactly as `npm start` does, in HTTP mode.
 */
export async function startStack(
  options: {
    simulator?: SimulatorOptions;
    /** Settings on top of the stack's; `undefined` unsets one (e.g. SLACK_BOT_TOKEN for OAuth mode). */
    env?: Record<string, string | undefined>;
    /** An Enterprise Grid workspace, or an org-wide install of the app; people and user groups (FakeSlackOptions). */
    slack?: Pick<FakeSlackOptions, "enterpriseId" | "enterpriseInstall" | "users" | "usergroups">;
    logger?: Logger;
    /**
     * Options of the bot that are not environment settings (e.g. short token-rejection windows, or a clock
     * that a test moves forward past a cache's age limit).
     */
    bot?: Pick<
      BotOptions,
      | "rejections"
      | "pollTokenCacheMs"
      | "slackTimeoutMs"
      | "clock"
      | "fairShare"
      | "apiBudget"
      | "stepSweepMs"
    >;
    /** Channels besides the fake Slack's default ones. */
    extraChannels?: FakeChannelSeed[];
    /** The manifest the fake Slack enforces (default: the repository's manifest.yml). */
    slackManifest?: Record<string, unknown>;
  } = {},
): Promise<Stack> {
  const simulator = await startSimulator({ seed: "demo", autoChecks: false, ...options.simulator });
  const slack = await startFakeSlack({
    signingSecret: SIGNING_SECRET,
    botToken: BOT_TOKEN,
    extraChannels: options.extraChannels,
    ...(options.slackManifest ? { manifest: options.slackManifest } : {}),
    ...options.slack,
  });
  const keyPrefix = `e2e:${randomBytes(5).toString("hex")}:`;
  const config = loadConfig({
    SLACK_BOT_TOKEN: BOT_TOKEN,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_API_URL: slack.apiUrl,
    PORT: "0",
    METRICS_PORT: "0",
    UPTIME_API_URL: simulator.url,
    REDIS_URL: inject("redisUrl"),
    TOKEN_ENCRYPTION_KEY: generateKey(),
    ALERT_WORKERS: "0",
    ...options.env,
  });
  const tokenEncryptionKey = config.tokenEncryptionKey;
  const bot = await startBot(config, {
    ...options.bot,
    keyPrefix,
    logger: options.logger ?? silentLogger,
  });
  slack.setAppUrl(`http://127.0.0.1:${bot.port}/slack/events`);

  const payloadProblems = () =>
    auditSlackPayloads({
      calls: slack.state.calls,
      responseUrlPosts: slack.state.responseUrlPosts,
      violations: contractViolations(slack.state),
    });
  const nextEphemeral = (userId: string, channelId: string, before: number) =>
    waitFor(slack.events, () => slack.state.ephemeralFor(userId, channelId)[before], 10_000);

  return {
    simulator,
    slack,
    bot,
    keyPrefix,
    tokenEncryptionKey,
    nextEphemeral,
    async command(userId, text, channelId = "C0GENERAL") {
      const before = slack.state.ephemeralFor(userId, channelId).length;
      const result = await slack.sender.slashCommand({ userId, channelId, text });
      if (result.status !== 200) throw new Error(`the bot answered ${result.status} to /uptime ${text}`);
      return nextEphemeral(userId, channelId, before);
    },
    payloadProblems,
    async close() {
      await bot.stop();
      const problems = payloadProblems();
      await slack.close();
      await simulator.close();
      if (problems.length > 0) {
        throw new Error(
          `the bot sent Slack ${problems.length} payload(s) that Slack or the Slack SDK's types refuse:\n${problems.join("\n")}`,
        );
      }
    },
  };
}

/**
 * Links a fake Slack user to an Uptime token as `/uptime login` would: the profile and the teams with roles
 * come from the simulator's GET /users/me?include=teams (teamsOf, as linkAccount builds them), and the link
 * is saved through the real LinkStore with the bot's key prefix and encryption key (`key` when the test
 * runs a bot of its own with another one). It writes the store directly rather than driving the login
 * modal, so that query tests do not depend on the login flow.
 */
export async function linkUser(
  stack: Stack,
  userId: string,
  token: string,
  key: string = stack.tokenEncryptionKey,
): Promise<void> {
  const redis = new Redis(inject("redisUrl"));
  const client = new UptimeClient({ baseUrl: stack.simulator.url, logger: silentLogger });
  try {
    const me = await client.as(token).users.me({ include: ["teams"] });
    const links = new LinkStore({
      redis,
      keys: keyspace(stack.keyPrefix),
      cipher: TokenCipher.fromSetting(key),
    });
    await links.save({ teamId: stack.slack.config.teamId, userId }, token, {
      apiUserId: me.id,
      apiUserName: `${me.firstName} ${me.lastName}`.trim(),
      ...(me.email ? { email: me.email } : {}),
      teams: teamsOf(me),
    });
  } finally {
    await client.close();
    await redis.quit();
  }
}
