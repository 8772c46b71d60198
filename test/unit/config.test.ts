import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config";

const base = {
  SLACK_BOT_TOKEN: "xoxb-1",
  SLACK_SIGNING_SECRET: "secret",
  UPTIME_API_URL: "http://127.0.0.1:4010/",
  REDIS_URL: "redis://127.0.0.1:6379",
  TOKEN_ENCRYPTION_KEY: "k1:AAAA",
};

function errorOf(env: Record<string, string | undefined>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a ConfigError");
}

describe("loadConfig", () => {
  it("parses a single-workspace HTTP setup with defaults, frozen", () => {
    const config = loadConfig(base);
    expect(config.port).toBe(3000);
    expect(config.uptimeApiUrl).toBe("http://127.0.0.1:4010");
    expect(config.slack.socketMode).toBe(false);
    expect(config.pollIntervalSeconds).toBe(5);
    expect(config.alertWorkers).toBe(1);
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.slack)).toBe(true);
  });

  it("turns on Socket Mode with an app token, and needs no signing secret then", () => {
    const config = loadConfig({ ...base, SLACK_SIGNING_SECRET: undefined, SLACK_APP_TOKEN: "xapp-1" });
    expect(config.slack.socketMode).toBe(true);
  });

  it("ends SLACK_API_URL with one slash, as WebClient expects", () => {
    expect(loadConfig({ ...base, SLACK_API_URL: "http://127.0.0.1:9/api" }).slack.apiUrl).toBe(
      "http://127.0.0.1:9/api/",
    );
  });

  it.each([
    [{ UPTIME_API_URL: undefined }, "UPTIME_API_URL is required"],
    [{ UPTIME_API_URL: "not a url" }, "UPTIME_API_URL must be an absolute URL"],
    [{ SLACK_BOT_TOKEN: "" }, "SLACK_BOT_TOKEN is required"],
    [{ PORT: "abc" }, 'PORT must be a number, got "abc"'],
    [{ SLACK_CLIENT_ID: "id" }, "SLACK_CLIENT_SECRET is required when"],
    [{ SLACK_SIGNING_SECRET: undefined }, "SLACK_SIGNING_SECRET is required in HTTP mode"],
    [{ SLACK_APP_TOKEN: "xoxb-wrong" }, "SLACK_APP_TOKEN must be an app-level token"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL must be one of"],
    [{ REDIS_URL: "localhost" }, "REDIS_URL must start with redis://"],
  ])("stops with one line naming the variable: %o", (change, expected) => {
    const message = errorOf({ ...base, ...change });
    expect(message).toContain(expected);
    expect(message).not.toContain("\n");
  });

  it("never echoes a secret value in its message", () => {
    const message = errorOf({ ...base, SLACK_APP_TOKEN: "xoxb-super-secret-value" });
    expect(message).not.toContain("super-secret");
  });
});
