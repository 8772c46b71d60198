// The platform around the listeners, through the real bot (startBot) with the fake Slack, the simulator and
// Redis: health and readiness, signature checks, Socket Mode, OAuth install mode, redacted JSON logs.
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_TOKENS } from "../../dev/simulator";
import { BOT_SCOPES } from "../../src/bot/slack-app";
import { type RunningBot, startBot } from "../../src/bot/start-bot";
import { loadConfig } from "../../src/config/config";
import { createLogger, silentLogger } from "../../src/lib/logger";
import { generateKey } from "../../src/store/crypto/encryption-keys";
import { BOT_TOKEN, linkUser, SIGNING_SECRET, type Stack, startStack, textOf } from "../support/e2e-stack";

const get = async (port: number, path: string) => {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { redirect: "manual" });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text };
};

/** A slash command body as Slack signs it; only the signature and timestamp vary in these tests. */
const commandBody = () =>
  new URLSearchParams({
    token: "unused",
    team_id: "T0DEMO",
    user_id: "U0ALICE",
    channel_id: "C0GENERAL",
    command: "/uptime",
    text: "help",
    response_url: "http://127.0.0.1:9/response/none",
    trigger_id: "1.2.3",
  }).toString();

describe("platform: health, signatures, Socket Mode, OAuth, logs", () => {
  let stack: Stack;
  const extraBots: RunningBot[] = [];

  /** Another bot on the same simulator and fake Slack, configured by `env` on top of the stack's. */
  async function startExtraBot(env: Record<string, string | undefined>, logger = silentLogger) {
    const config = loadConfig({
      SLACK_BOT_TOKEN: BOT_TOKEN,
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      SLACK_API_URL: stack.slack.apiUrl,
      PORT: "0",
      METRICS_PORT: "0",
      UPTIME_API_URL: stack.simulator.url,
      REDIS_URL: inject("redisUrl"),
      TOKEN_ENCRYPTION_KEY: generateKey(),
      ALERT_WORKERS: "0",
      ...env,
    });
    const bot = await startBot(config, { logger, keyPrefix: stack.keyPrefix });
    extraBots.push(bot);
    return bot;
  }

  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    for (const bot of extraBots) await bot.stop();
    await stack?.close();
  });

  describe("health and readiness on the bot's port", () => {
    it("GET /healthz answers 200 while the process runs", async () => {
      const answer = await get(stack.bot.port, "/healthz");
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text)).toEqual({ ok: true });
    });

    // /readyz and /metrics are on METRICS_PORT: test/e2e/hardened-edge.test.ts.
  });

  describe("Slack signatures (docs/architecture.md section 7)", () => {
    it("accepts a correctly signed request (the control for the two below)", async () => {
      const answer = await stack.slack.sender.signedRequest(commandBody());
      expect(answer.status).toBe(200);
    });

    it("answers 401 to a request signed with another secret", async () => {
      const answer = await stack.slack.sender.signedRequest(commandBody(), { secret: "not-the-secret" });
      expect(answer.status).toBe(401);
    });

    it("answers 401 to a correctly signed request older than 5 minutes (replay)", async () => {
      const sixMinutesAgo = Math.floor(Date.now() / 1000) - 6 * 60;
      const answer = await stack.slack.sender.signedRequest(commandBody(), { timestamp: sixMinutesAgo });
      expect(answer.status).toBe(401);
    });
  });

  describe("Socket Mode (SLACK_APP_TOKEN set)", () => {
    it("connects through apps.connections.open, answers /uptime help and serves /healthz", async () => {
      const bot = await startExtraBot({
        SLACK_SIGNING_SECRET: undefined,
        SLACK_APP_TOKEN: stack.slack.config.appToken,
      });
      await stack.slack.socket.waitForConnection();
      expect(stack.slack.state.callsOf("apps.connections.open").length).toBeGreaterThan(0);

      const before = stack.slack.state.ephemeralFor("U0BOB", "C0GENERAL").length;
      const result = await stack.slack.sender.slashCommand({
        userId: "U0BOB",
        channelId: "C0GENERAL",
        text: "help",
        via: "socket",
      });
      expect(result.via).toBe("socket");
      const reply = await stack.nextEphemeral("U0BOB", "C0GENERAL", before);
      expect(textOf(reply)).toContain("/uptime status");

      expect(bot.port).toBeGreaterThan(0);
      expect((await get(bot.port, "/healthz")).status).toBe(200);
      expect((await get(bot.metricsPort, "/readyz")).status).toBe(200);
    });
  });

  describe("OAuth install mode (SLACK_CLIENT_ID/SECRET/STATE_SECRET)", () => {
    it("starts with the Redis installation store and sends /slack/install to Slack's authorize page", async () => {
      const bot = await startExtraBot({
        SLACK_BOT_TOKEN: undefined,
        SLACK_CLIENT_ID: "1234.5678",
        SLACK_CLIENT_SECRET: "client-secret",
        SLACK_STATE_SECRET: "state-secret-for-the-test-32-characters",
      });
      const answer = await get(bot.port, "/slack/install");
      expect(answer.status).toBe(302);
      const location = new URL(answer.headers.get("location") ?? "");
      expect(location.origin + location.pathname).toBe("https://slack.com/oauth/v2/authorize");
      expect(location.searchParams.get("client_id")).toBe("1234.5678");
      // The scopes of manifest.yml (test/integration/manifest.test.ts checks BOT_SCOPES against it).
      expect(location.searchParams.get("scope")?.split(",")).toEqual([...BOT_SCOPES]);
      expect(BOT_SCOPES).toContain("commands");
      expect(location.searchParams.get("state")).toBeTruthy();
      expect((await get(bot.port, "/healthz")).status).toBe(200);
    });
  });

  describe("logs (docs/architecture.md section 7)", () => {
    it("are JSON lines, even at debug level, and never hold the bot token or a user's API token", async () => {
      const lines: string[] = [];
      const destination = new Writable({
        write(chunk, _encoding, done) {
          lines.push(...String(chunk).split("\n").filter(Boolean));
          done();
        },
      });
      const key = generateKey();
      const bot = await startExtraBot(
        { TOKEN_ENCRYPTION_KEY: key, LOG_LEVEL: "debug" },
        createLogger({ level: "debug", destination }),
      );
      // Alice is linked with the demo owner's token, so that the commands below run with it.
      await linkUser(stack, "U0ALICE", DEMO_TOKENS.owner, key);
      stack.slack.setAppUrl(`http://127.0.0.1:${bot.port}/slack/events`);
      try {
        for (const text of ["help", "status", "monitors", "whoami"]) {
          const before = stack.slack.state.ephemeralFor("U0ALICE", "C0ALERTS").length;
          await stack.slack.sender.slashCommand({ userId: "U0ALICE", channelId: "C0ALERTS", text });
          const reply = await stack.nextEphemeral("U0ALICE", "C0ALERTS", before);
          // status answers with the linked team: the demo owner's token was really used.
          if (text === "status") expect(textOf(reply)).toContain("Acme Production");
        }
        // A forged request is logged by Bolt too.
        await stack.slack.sender.signedRequest(commandBody(), { secret: "forged" });
      } finally {
        stack.slack.setAppUrl(`http://127.0.0.1:${stack.bot.port}/slack/events`);
      }

      if (process.env.SHOW_LOGS) console.log(lines.join("\n"));
      expect(lines.length).toBeGreaterThan(3);
      expect(lines.some((line) => JSON.parse(line).level === 20)).toBe(true);
      for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
      const all = lines.join("\n");
      for (const secret of [BOT_TOKEN, SIGNING_SECRET, key, ...Object.values(DEMO_TOKENS)]) {
        expect(all).not.toContain(secret);
      }
    });
  });
});
