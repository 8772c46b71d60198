import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { type RunningBot, startBot } from "../../src/bot";
import { loadConfig } from "../../src/config";
import { silentLogger } from "../../src/lib/logger";
import { type FakeSlack, startFakeSlack } from "../../src/playground/fake-slack";
import type { EphemeralMessage } from "../../src/playground/fake-slack/types";
import { type RunningSimulator, type SimulatorOptions, startSimulator } from "../../src/simulator";
import { generateKey } from "../../src/store/crypto/encryption-keys";
import { waitFor } from "./wait-for";

export const SIGNING_SECRET = "e2e-signing-secret";
export const BOT_TOKEN = "xoxb-e2e-bot";

export interface Stack {
  simulator: RunningSimulator;
  slack: FakeSlack;
  bot: RunningBot;
  keyPrefix: string;
  /** Sends `/uptime <text>` as that user and resolves with the ephemeral answer it produced. */
  command(userId: string, text: string, channelId?: string): Promise<EphemeralMessage>;
  /** Resolves with the next ephemeral message for a user in a channel after `before` of them. */
  nextEphemeral(userId: string, channelId: string, before: number): Promise<EphemeralMessage>;
  close(): Promise<void>;
}

/**
 * The real product end to end: the simulator (demo seed) over HTTP, the fake Slack, Redis, and the real
 * Bolt app started by `startBot` from a Config, exactly as `npm start` does, in HTTP mode.
 */
export async function startStack(
  options: { simulator?: SimulatorOptions; env?: Record<string, string> } = {},
): Promise<Stack> {
  const simulator = await startSimulator({ seed: "demo", autoChecks: false, ...options.simulator });
  const slack = await startFakeSlack({ signingSecret: SIGNING_SECRET, botToken: BOT_TOKEN });
  const keyPrefix = `e2e:${randomBytes(5).toString("hex")}:`;
  const config = loadConfig({
    SLACK_BOT_TOKEN: BOT_TOKEN,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_API_URL: slack.apiUrl,
    PORT: "0",
    UPTIME_API_URL: simulator.url,
    REDIS_URL: inject("redisUrl"),
    TOKEN_ENCRYPTION_KEY: generateKey(),
    ALERT_WORKERS: "0",
    ...options.env,
  });
  const bot = await startBot(config, { keyPrefix, logger: silentLogger });
  slack.setAppUrl(`http://127.0.0.1:${bot.port}/slack/events`);

  const nextEphemeral = (userId: string, channelId: string, before: number) =>
    waitFor(slack.events, () => slack.state.ephemeralFor(userId, channelId)[before], 10_000);

  return {
    simulator,
    slack,
    bot,
    keyPrefix,
    nextEphemeral,
    async command(userId, text, channelId = "C0GENERAL") {
      const before = slack.state.ephemeralFor(userId, channelId).length;
      const result = await slack.sender.slashCommand({ userId, channelId, text });
      if (result.status !== 200) throw new Error(`the bot answered ${result.status} to /uptime ${text}`);
      return nextEphemeral(userId, channelId, before);
    },
    async close() {
      await bot.stop();
      await slack.close();
      await simulator.close();
    },
  };
}

/** Every text of a Block Kit message, flattened, for assertions that should not depend on layout. */
export function textOf(message: { text?: string; blocks?: unknown[]; attachments?: unknown[] }): string {
  const out: string[] = [message.text ?? ""];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) {
        if (key === "text" && typeof value === "string") out.push(value);
        else walk(value);
      }
    }
  };
  walk(message.blocks ?? []);
  walk(message.attachments ?? []);
  return out.join("\n");
}
