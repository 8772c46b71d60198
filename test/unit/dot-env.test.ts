import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config";
import { withDotEnv } from "../../src/config/dot-env";

const KEY = `k1:${Buffer.alloc(32, 7).toString("base64")}`;

describe("withDotEnv (.env under the real environment)", () => {
  it("takes what only the file sets, and keeps the real value of a variable set in both", () => {
    const env = withDotEnv(
      { REDIS_URL: "redis://real:6379", PATH: "/bin" },
      "REDIS_URL=redis://from-file:6379\nUPTIME_API_URL=http://file.example\n",
    );
    expect(env).toEqual({
      REDIS_URL: "redis://real:6379",
      UPTIME_API_URL: "http://file.example",
      PATH: "/bin",
    });
  });

  it("keeps a real variable set to the empty string: it is set", () => {
    expect(withDotEnv({ SLACK_APP_TOKEN: "" }, "SLACK_APP_TOKEN=xapp-1").SLACK_APP_TOKEN).toBe("");
  });

  it("reads .env.example's syntax: comments, blank lines, quotes, export, = inside values", () => {
    const text = [
      "# --- Slack ---",
      "",
      "SLACK_BOT_TOKEN=xoxb-1 # trailing comment",
      "# SLACK_APP_TOKEN=xapp-commented-out",
      'SLACK_SIGNING_SECRET="a # b"',
      "export LOG_LEVEL=debug",
      `TOKEN_ENCRYPTION_KEY='${KEY}'`,
      "UPTIME_API_URL = http://127.0.0.1:4010/ ",
      "REDIS_URL=redis://:p=w@127.0.0.1:6379",
    ].join("\n");
    const env = withDotEnv({}, text);
    expect(env).toEqual({
      SLACK_BOT_TOKEN: "xoxb-1",
      SLACK_SIGNING_SECRET: "a # b",
      LOG_LEVEL: "debug",
      TOKEN_ENCRYPTION_KEY: KEY,
      UPTIME_API_URL: "http://127.0.0.1:4010/",
      REDIS_URL: "redis://:p=w@127.0.0.1:6379",
    });
    // What the file gives is a complete configuration: loadConfig sees no difference from real variables.
    const config = loadConfig(env);
    expect(config.slack.socketMode).toBe(false);
    expect(config.logLevel).toBe("debug");
    expect(config.uptimeApiUrl).toBe("http://127.0.0.1:4010");
  });

  it("a real variable overrides one setting of the file for one run", () => {
    const file = `SLACK_BOT_TOKEN=x\nSLACK_SIGNING_SECRET=s\nUPTIME_API_URL=http://a\nREDIS_URL=redis://a\nTOKEN_ENCRYPTION_KEY=${KEY}\nALERT_WORKERS=4\n`;
    expect(loadConfig(withDotEnv({}, file)).alertWorkers).toBe(4);
    expect(loadConfig(withDotEnv({ ALERT_WORKERS: "0" }, file)).alertWorkers).toBe(0);
  });
});
