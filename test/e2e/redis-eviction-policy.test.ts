// A Redis that may evict keys (maxmemory-policy allkeys-lru...) would drop links, subscriptions or outbox
// entries silently: the bot refuses to start on one, with one line that says what to set.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type LocalRedis, startPrivateRedis } from "../../dev/local-redis";
import { generateKey } from "../../src/store/crypto/encryption-keys";
import { sourceCommand } from "../support/bot-command";

describe("a Redis with an evicting maxmemory-policy", () => {
  let redis: LocalRedis;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    const client = new Redis(redis.url);
    await client.config("SET", "maxmemory-policy", "allkeys-lru");
    await client.quit();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it("stops start-up with exit code 1 and one line naming the server, the policy and the fix", async () => {
    const bot = sourceCommand("src/main.ts");
    const child = spawn(bot.command, bot.args, {
      cwd: bot.cwd,
      env: {
        PATH: process.env.PATH ?? "",
        SLACK_BOT_TOKEN: "xoxb-eviction",
        SLACK_SIGNING_SECRET: "eviction-secret",
        // Nothing answers there: the refusal comes before anything asks Slack or the API.
        SLACK_API_URL: "http://127.0.0.1:9/api",
        UPTIME_API_URL: "http://127.0.0.1:9",
        REDIS_URL: redis.url,
        TOKEN_ENCRYPTION_KEY: generateKey(),
        PORT: String(await freePort()),
        METRICS_PORT: "0",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = once(child, "exit");
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    const [code] = await exited;
    clearTimeout(timer);
    const port = new URL(redis.url).port;
    expect(stderr).toBe(
      `uptime-chatops: could not start: Redis at 127.0.0.1:${port} has maxmemory-policy allkeys-lru, which evicts keys (links, subscriptions, outbox entries) silently; set maxmemory-policy noeviction\n`,
    );
    expect(code).toBe(1);
  }, 60_000);
});
