// The hardened edge (issue 11 section 4, DESIGN.md 7 and 9), through the real bot (startBot) over HTTP with
// signed requests, the fake Slack, the simulator and Redis.
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { MAX_REQUEST_BODY_BYTES } from "../../src/app";
import { type RunningBot, startBot } from "../../src/bot";
import { loadConfig } from "../../src/config";
import { freePort } from "../../src/lib/local-redis";
import { silentLogger } from "../../src/lib/logger";
import { signedHeaders } from "../../src/playground/fake-slack/signature";
import { generateKey } from "../../src/store/crypto/encryption-keys";
import { metricTotal } from "../support/bot-process";
import { BOT_TOKEN, SIGNING_SECRET, type Stack, startStack, textOf } from "../support/e2e-stack";

const get = async (port: number, path: string) => {
  const response = await fetch(`http://127.0.0.1:${port}${path}`);
  return { status: response.status, text: await response.text() };
};

/**
 * Sends a POST to /slack/events, writing `total` bytes in 64 KB chunks (chunked encoding unless
 * `contentLength` is given) and NEVER ending the body: the status resolves only if the bot answers
 * before it has read the whole body. Also reports how many bytes had been written when the answer came.
 */
function oversizedPost(
  port: number,
  options: { total: number; contentLength?: number },
): Promise<{ status: number; written: number }> {
  return new Promise((resolve, reject) => {
    const body = "x".repeat(64 * 1024);
    const headers: Record<string, string> = {
      ...signedHeaders(
        SIGNING_SECRET,
        Math.floor(Date.now() / 1000),
        "",
        "application/x-www-form-urlencoded",
      ),
    };
    if (options.contentLength !== undefined) headers["content-length"] = String(options.contentLength);
    const req = httpRequest({ host: "127.0.0.1", port, path: "/slack/events", method: "POST", headers });
    let written = 0;
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      res.resume();
      resolve({ status: res.statusCode ?? 0, written });
      req.destroy();
    });
    // The bot may close the connection once it has answered: a write error after that is expected.
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && written < options.total) {
        written += body.length;
        if (!req.write(body)) return void req.once("drain", pump);
      }
    };
    req.flushHeaders();
    pump();
    setTimeout(() => {
      if (!answered) reject(new Error(`no answer after writing ${written} bytes (body never ended)`));
      req.destroy();
    }, 10_000).unref();
  });
}

describe("a hardened edge (issue 11 section 4)", () => {
  let stack: Stack;
  const extraBots: RunningBot[] = [];

  async function startExtraBot(env: Record<string, string | undefined>) {
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
    const bot = await startBot(config, { logger: silentLogger, keyPrefix: stack.keyPrefix });
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

  const helpStillAnswers = async () => {
    const reply = await stack.command("U0ALICE", "help");
    expect(textOf(reply)).toContain("/uptime status");
  };

  describe("request bodies over 1 MB get 413 before they are read whole", () => {
    it("refuses a Content-Length over 1 MB without waiting for the body", async () => {
      // Only 64 KB of the announced 2 MB are ever sent: the answer can only come from the header.
      const answer = await oversizedPost(stack.bot.port, {
        total: 64 * 1024,
        contentLength: 2 * MAX_REQUEST_BODY_BYTES,
      });
      expect(answer.status).toBe(413);
      await helpStillAnswers();
    });

    it("stops reading a chunked body (no Content-Length) once it passes 1 MB", async () => {
      const answer = await oversizedPost(stack.bot.port, { total: 8 * MAX_REQUEST_BODY_BYTES });
      expect(answer.status).toBe(413);
      // The answer came while the body was still being sent, long before its 8 MB.
      expect(answer.written).toBeLessThan(4 * MAX_REQUEST_BODY_BYTES);
      await helpStillAnswers();
    });

    it("refuses a correctly signed command of 1.2 MB and answers the next one", async () => {
      const text = "a".repeat(1.2 * MAX_REQUEST_BODY_BYTES);
      const body = new URLSearchParams({ command: "/uptime", text, user_id: "U0ALICE" }).toString();
      const answer = await stack.slack.sender.signedRequest(body).catch((error: Error) => error);
      // The bot answers 413 as soon as the limit is passed; the client may still be sending then.
      if (answer instanceof Error) expect(answer.message).toMatch(/ECONNRESET|EPIPE|other side closed/i);
      else expect(answer.status).toBe(413);
      await helpStillAnswers();
    });

    it("still takes a body just under the limit (the control)", async () => {
      const reply = await stack.command("U0ALICE", `help ${"a".repeat(1000)}`);
      expect(textOf(reply).length).toBeGreaterThan(0);
    });
  });

  describe("/metrics and /readyz on METRICS_PORT; the public port serves /healthz only", () => {
    it("answers 404 for /metrics and /readyz on the public port and 200 for /healthz", async () => {
      expect((await get(stack.bot.port, "/metrics")).status).toBe(404);
      expect((await get(stack.bot.port, "/readyz")).status).toBe(404);
      expect((await get(stack.bot.port, "/healthz")).status).toBe(200);
    });

    it("serves /readyz (Redis only) and /metrics on the metrics port, and 404 for anything else", async () => {
      expect(stack.bot.metricsPort).not.toBe(stack.bot.port);
      const ready = await get(stack.bot.metricsPort, "/readyz");
      expect(ready.status).toBe(200);
      expect(JSON.parse(ready.text)).toEqual({ ready: true, checks: { redis: "ok" } });
      const metrics = await get(stack.bot.metricsPort, "/metrics");
      expect(metrics.status).toBe(200);
      expect(metricTotal(metrics.text, "uptime_api_up")).toBe(1);
      expect((await get(stack.bot.metricsPort, "/healthz")).status).toBe(404);
      expect((await get(stack.bot.metricsPort, "/slack/events")).status).toBe(404);
    });

    it("listens on METRICS_HOST: 127.0.0.1 by default", () => {
      const config = loadConfig({
        SLACK_BOT_TOKEN: BOT_TOKEN,
        SLACK_SIGNING_SECRET: SIGNING_SECRET,
        UPTIME_API_URL: "http://127.0.0.1:1",
        REDIS_URL: "redis://127.0.0.1:6379",
        TOKEN_ENCRYPTION_KEY: generateKey(),
      });
      expect(config.metrics).toEqual({ host: "127.0.0.1", port: 9464 });
    });
  });

  describe("ready means Redis answers; an API outage is a metric and a log line", () => {
    it("stays ready with the API unreachable, and says so in uptime_api_up", async () => {
      const closed = await freePort();
      const bot = await startExtraBot({ UPTIME_API_URL: `http://127.0.0.1:${closed}` });
      const ready = await get(bot.metricsPort, "/readyz");
      expect(ready.status).toBe(200);
      expect(JSON.parse(ready.text)).toEqual({ ready: true, checks: { redis: "ok" } });
      const metrics = await get(bot.metricsPort, "/metrics");
      expect(metricTotal(metrics.text, "uptime_api_up")).toBe(0);
      expect(metrics.text).toMatch(/^uptime_api_up 0$/m);
    });

    it("is not ready when Redis does not answer", async () => {
      const closed = await freePort();
      const bot = await startExtraBot({ REDIS_URL: `redis://127.0.0.1:${closed}` });
      const ready = await get(bot.metricsPort, "/readyz");
      expect(ready.status).toBe(503);
      const body = JSON.parse(ready.text) as { ready: boolean; checks: Record<string, string> };
      expect(body.ready).toBe(false);
      expect(body.checks.redis).not.toBe("ok");
    });
  });
});
