import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { loadConfig } from "../../src/config/config";

interface Service {
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test?: string[] };
}

const compose = parse(readFileSync(new URL("../../compose.yaml", import.meta.url), "utf8")) as {
  services: Record<string, Service>;
};

/**
 * Compose's interpolation of `${VAR}` and `${VAR:?message}` from `.env` (the forms compose.yaml uses):
 * `:?` stops `docker compose up` with the message when the variable is unset or empty.
 */
function interpolate(text: string, env: Record<string, string>): string {
  return text.replace(/\$\{(\w+)(?::\?([^}]*))?\}/g, (_all, name: string, message?: string) => {
    const value = env[name] ?? "";
    if (value === "" && message !== undefined) throw new Error(`${name}: ${message}`);
    return value;
  });
}

describe("compose.yaml's Redis", () => {
  const redis = compose.services.redis!;
  const bot = compose.services.bot!;
  const env = { REDIS_PASSWORD: "0123456789abcdef0123456789abcdef" };

  it("requires the password of .env's REDIS_PASSWORD, and compose refuses to start without one", () => {
    const command = redis.command ?? [];
    const at = command.indexOf("--requirepass");
    expect(at).toBeGreaterThan(0);
    expect(interpolate(command[at + 1]!, env)).toBe(env.REDIS_PASSWORD);
    expect(() => interpolate(command[at + 1]!, { REDIS_PASSWORD: "" })).toThrow("REDIS_PASSWORD");
    // The health check's redis-cli authenticates (REDISCLI_AUTH), or the bot would wait on an unhealthy Redis.
    expect(redis.healthcheck?.test).toContain("redis-cli");
    expect(interpolate(redis.environment?.REDISCLI_AUTH ?? "", env)).toBe(env.REDIS_PASSWORD);
  });

  it("gives the bot a REDIS_URL that carries that password", () => {
    const url = interpolate(bot.environment?.REDIS_URL ?? "", env);
    expect(new URL(url).password).toBe(env.REDIS_PASSWORD);
    expect(new URL(url).host).toBe("redis:6379");
    // The bot's own settings take it as its Redis.
    const config = loadConfig({
      SLACK_BOT_TOKEN: "xoxb-1",
      SLACK_SIGNING_SECRET: "secret",
      UPTIME_API_URL: "http://127.0.0.1:4010",
      TOKEN_ENCRYPTION_KEY: `k1:${Buffer.alloc(32, 7).toString("base64")}`,
      REDIS_URL: url,
    });
    expect(config.redis).toMatchObject({ url });
  });
});
