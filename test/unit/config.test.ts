import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config";
import { ConfigError } from "../../src/config/config-error";
import { loadRedisConfig } from "../../src/config/redis-config";

// A valid 32-byte key (base64); a fixed one so that a failing message is reproducible.
const KEY = `k1:${Buffer.alloc(32, 7).toString("base64")}`;

const base = {
  SLACK_BOT_TOKEN: "xoxb-1",
  SLACK_SIGNING_SECRET: "secret",
  UPTIME_API_URL: "http://127.0.0.1:4010/",
  REDIS_URL: "redis://127.0.0.1:6379",
  TOKEN_ENCRYPTION_KEY: KEY,
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

  it("reads the fair shares and the API's limit per token, with defaults, and refuses a reserve as large as the limit", () => {
    expect(loadConfig(base).fairShare).toEqual({
      commandsPerMinute: 30,
      commandBurst: 30,
      chartsPerMinute: 10,
      chartBurst: 10,
    });
    expect(loadConfig(base).apiBudget).toEqual({ perSecond: 20, pollReserve: 5 });
    const set = loadConfig({
      ...base,
      FAIR_SHARE_COMMANDS_PER_MINUTE: "60",
      FAIR_SHARE_CHART_BURST: "3",
      UPTIME_API_RATE_PER_TOKEN: "2.5",
      UPTIME_API_POLL_RESERVE: "0.5",
    });
    expect(set.fairShare).toMatchObject({ commandsPerMinute: 60, chartBurst: 3 });
    expect(set.apiBudget).toEqual({ perSecond: 2.5, pollReserve: 0.5 });
    expect(errorOf({ ...base, UPTIME_API_RATE_PER_TOKEN: "3", UPTIME_API_POLL_RESERVE: "3" })).toBe(
      "UPTIME_API_POLL_RESERVE must be less than UPTIME_API_RATE_PER_TOKEN (3): commands need a share too",
    );
    expect(errorOf({ ...base, FAIR_SHARE_CHARTS_PER_MINUTE: "0" })).toBe(
      "FAIR_SHARE_CHARTS_PER_MINUTE must be at least 1",
    );
    expect(errorOf({ ...base, FAIR_SHARE_COMMAND_BURST: "lots" })).toMatch(
      /^FAIR_SHARE_COMMAND_BURST must be/,
    );
  });

  it("turns on Socket Mode with an app token, and needs no signing secret then", () => {
    const config = loadConfig({ ...base, SLACK_SIGNING_SECRET: undefined, SLACK_APP_TOKEN: "xapp-1" });
    expect(config.slack.socketMode).toBe(true);
  });

  it("refuses a SLACK_STATE_SECRET under 32 characters in one line without echoing it, and takes one of 32", () => {
    const oauth = { SLACK_BOT_TOKEN: undefined, SLACK_CLIENT_ID: "id", SLACK_CLIENT_SECRET: "client-secret" };
    const short = "short-state-secret-0123456789ab";
    const message = errorOf({ ...base, ...oauth, SLACK_STATE_SECRET: short });
    expect(message).toMatch(/^SLACK_STATE_SECRET must be at least 32 characters/);
    expect(message).not.toContain(short);
    expect(message).not.toContain("\n");
    const secret = "s".repeat(32);
    expect(loadConfig({ ...base, ...oauth, SLACK_STATE_SECRET: secret }).slack.oauth?.stateSecret).toBe(
      secret,
    );
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
    [
      { SLACK_CLIENT_ID: "id", SLACK_CLIENT_SECRET: "s", SLACK_STATE_SECRET: "x".repeat(31) },
      "SLACK_STATE_SECRET must be at least 32 characters",
    ],
    [{ SLACK_SIGNING_SECRET: undefined }, "SLACK_SIGNING_SECRET is required in HTTP mode"],
    [{ SLACK_APP_TOKEN: "xoxb-wrong" }, "SLACK_APP_TOKEN must be an app-level token"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL must be one of"],
    [{ REDIS_URL: "localhost" }, "REDIS_URL must start with redis://"],
    [{ REDIS_URL: undefined }, "REDIS_URL is required (or set REDIS_CLUSTER_NODES"],
    [{ REDIS_CLUSTER_NODES: "10.0.0.1" }, "REDIS_CLUSTER_NODES must be host:port seeds separated by commas"],
    [{ REDIS_CLUSTER_NODES: "10.0.0.1:7000,10.0.0.2:99999" }, '"10.0.0.2:99999" is not'],
    [{ REDIS_CLUSTER_NODES: " , " }, "REDIS_CLUSTER_NODES must list at least one host:port"],
    [{ REDIS_COMMAND_TIMEOUT_MS: "5s" }, 'REDIS_COMMAND_TIMEOUT_MS must be a number, got "5s"'],
    [{ REDIS_COMMAND_TIMEOUT_MS: "10" }, "REDIS_COMMAND_TIMEOUT_MS must be at least 100 (ms)"],
    [{ SLACK_ALERT_CALL_TIMEOUT_MS: "2s" }, 'SLACK_ALERT_CALL_TIMEOUT_MS must be a number, got "2s"'],
    [{ SLACK_ALERT_CALL_TIMEOUT_MS: "0" }, "SLACK_ALERT_CALL_TIMEOUT_MS must be at least 100 (ms)"],
    [{ ALERT_POST_SETTLE_MS: "10m" }, 'ALERT_POST_SETTLE_MS must be a number, got "10m"'],
    [{ ALERT_POST_SETTLE_MS: "600001" }, "ALERT_POST_SETTLE_MS must be at most 600000 (ms)"],
    [
      { ALERT_POST_SETTLE_MS: "10000" },
      "ALERT_POST_SETTLE_MS must be more than SLACK_ALERT_CALL_TIMEOUT_MS (10000)",
    ],
    [
      { SLACK_ALERT_CALL_TIMEOUT_MS: "40000" },
      "ALERT_POST_SETTLE_MS must be more than SLACK_ALERT_CALL_TIMEOUT_MS (40000)",
    ],
    [{ TOKEN_ENCRYPTION_KEY: undefined }, "TOKEN_ENCRYPTION_KEY is required"],
    [{ TOKEN_ENCRYPTION_KEY: "k1:AAAA" }, "TOKEN_ENCRYPTION_KEY entry 1 is not a 32-byte key"],
    [{ TOKEN_ENCRYPTION_KEY: `${KEY},k1:${KEY.slice(3)}` }, "TOKEN_ENCRYPTION_KEY entry 2 repeats"],
    [{ UPTIME_WEB_URL: "uptime.example.com" }, "UPTIME_WEB_URL must be an absolute URL such as https://"],
    [{ UPTIME_WEB_URL: "ftp://uptime.example.com" }, "UPTIME_WEB_URL must be an http(s) URL"],
    [
      { UPTIME_WEB_URL: "https://uptime.example.com/?team=1" },
      "UPTIME_WEB_URL must be an http(s) URL without ?",
    ],
    [{ UPTIME_WEB_MONITOR_PATH: "/monitors/:id" }, "UPTIME_WEB_MONITOR_PATH must contain {id}"],
    [
      { UPTIME_WEB_URL: "https://uptime.example.com", UPTIME_WEB_INCIDENT_PATH: "/incidents" },
      "UPTIME_WEB_INCIDENT_PATH must contain {id}",
    ],
  ])("stops with one line naming the variable: %o", (change, expected) => {
    const message = errorOf({ ...base, ...change });
    expect(message).toContain(expected);
    expect(message).not.toContain("\n");
  });

  it("links nothing without UPTIME_WEB_URL, and reads the web app's URL and path templates with it", () => {
    expect(loadConfig(base).webLinks).toBeUndefined();
    expect(loadConfig({ ...base, UPTIME_WEB_URL: "  " }).webLinks).toBeUndefined();
    const defaults = loadConfig({ ...base, UPTIME_WEB_URL: "https://uptime.example.com/app/" });
    expect(defaults.webLinks).toEqual({
      baseUrl: "https://uptime.example.com/app",
      monitorPath: "/monitors/{id}",
      incidentPath: "/incidents/{id}",
    });
    expect(Object.isFrozen(defaults.webLinks)).toBe(true);
    const custom = loadConfig({
      ...base,
      UPTIME_WEB_URL: "http://10.0.0.5:8080",
      UPTIME_WEB_MONITOR_PATH: " /m/{id}/overview ",
      UPTIME_WEB_INCIDENT_PATH: "",
    });
    expect(custom.webLinks).toEqual({
      baseUrl: "http://10.0.0.5:8080",
      monitorPath: "/m/{id}/overview",
      incidentPath: "/incidents/{id}",
    });
  });

  it("never echoes a secret value in its message", () => {
    const message = errorOf({ ...base, SLACK_APP_TOKEN: "xoxb-super-secret-value" });
    expect(message).not.toContain("super-secret");
    const keyMessage = errorOf({ ...base, TOKEN_ENCRYPTION_KEY: "k1:super-secret-but-short" });
    expect(keyMessage).toMatch(/^TOKEN_ENCRYPTION_KEY /);
    expect(keyMessage).not.toContain("super-secret");
  });

  it("reads REDIS_COMMAND_TIMEOUT_MS, 5000 ms when unset", () => {
    expect(loadConfig(base).redisCommandTimeoutMs).toBe(5000);
    expect(loadConfig({ ...base, REDIS_COMMAND_TIMEOUT_MS: "750" }).redisCommandTimeoutMs).toBe(750);
  });

  it("reads the alert clients' Slack call timeout and post settle, 10 s and 30 s when unset", () => {
    expect(loadConfig(base)).toMatchObject({ slackAlertCallTimeoutMs: 10_000, alertPostSettleMs: 30_000 });
    expect(
      loadConfig({ ...base, SLACK_ALERT_CALL_TIMEOUT_MS: " 2000 ", ALERT_POST_SETTLE_MS: "5000" }),
    ).toMatchObject({ slackAlertCallTimeoutMs: 2000, alertPostSettleMs: 5000 });
  });

  it("reads REDIS_URL, or REDIS_CLUSTER_NODES (seeds, IPv6 in brackets) which then wins", () => {
    expect(loadConfig(base).redis).toEqual({ url: "redis://127.0.0.1:6379" });
    const cluster = loadConfig({
      ...base,
      REDIS_URL: undefined,
      REDIS_CLUSTER_NODES: "a.example:7000, [::1]:7001,",
    });
    expect(cluster.redis).toEqual({
      clusterNodes: [
        { host: "a.example", port: 7000 },
        { host: "::1", port: 7001 },
      ],
    });
    expect(loadConfig({ ...base, REDIS_CLUSTER_NODES: "127.0.0.1:7000" }).redis).not.toHaveProperty("url");
  });

  it("gives `npm run alerts` only its Redis: REDIS_URL, or REDIS_CLUSTER_NODES which wins", () => {
    expect(loadRedisConfig({ REDIS_URL: "redis://127.0.0.1:6379" }).redis).toEqual({
      url: "redis://127.0.0.1:6379",
    });
    expect(
      loadRedisConfig({ REDIS_URL: "redis://127.0.0.1:6379", REDIS_CLUSTER_NODES: "10.0.0.1:7000" }).redis,
    ).toEqual({ clusterNodes: [{ host: "10.0.0.1", port: 7000 }] });
    expect(() => loadRedisConfig({ REDIS_CLUSTER_NODES: "10.0.0.1" })).toThrow(
      /^REDIS_CLUSTER_NODES must be host:port seeds separated by commas/,
    );
    expect(() => loadRedisConfig({})).toThrow("REDIS_URL is required");
  });

  it("accepts key rotation (several keys, the first encrypts)", () => {
    const other = `k0:${Buffer.alloc(32, 9).toString("base64")}`;
    expect(loadConfig({ ...base, TOKEN_ENCRYPTION_KEY: `${KEY},${other}` }).tokenEncryptionKey).toBe(
      `${KEY},${other}`,
    );
  });
});
