// The hardened edge (issue 11 section 4, docs/architecture.md section 7 and 9), through the real bot (startBot) over HTTP with
// signed requests, the fake Slack, the simulator and Redis.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freePort } from "../../dev/local-redis";
import { signedHeaders } from "../../dev/playground/fake-slack/signature";
import type { EphemeralMessage } from "../../dev/playground/fake-slack/types";
import { DEMO_TOKENS } from "../../dev/simulator";
import { MAX_REQUEST_BODY_BYTES } from "../../src/bot/slack-app";
import { type RunningBot, startBot } from "../../src/bot/start-bot";
import { loadConfig } from "../../src/config/config";
import { createLogger, type Logger, silentLogger } from "../../src/lib/logger";
import { MAX_NAME_PAGES } from "../../src/services/find-monitor";
import { generateKey } from "../../src/store/crypto/encryption-keys";
import { actions, blocks } from "../../src/ui/ids";
import { DEFAULT_MAX_RESPONSE_BYTES, UptimeClient } from "../../src/uptime";
import { sourceCommand } from "../support/bot-command";
import { metricTotal } from "../support/bot-process";
import { BOT_TOKEN, linkUser, SIGNING_SECRET, type Stack, startStack, textOf } from "../support/e2e-stack";
import { waitFor } from "../support/wait-for";

/** A monitor name and an incident reason as an attacker with a team role would write them. */
const HOSTILE_NAME = "<https://evil.example|api>";
const HOSTILE_GROUP = "<!channel> & <@U0ALICE>";
const HOSTILE_REASON = "<https://evil.example/login|Click to re-authenticate> <!here>";

/**
 * Every string Slack renders as mrkdwn in a message or view: the top-level `text` and every mrkdwn text
 * object. plain_text is left out: Slack shows it verbatim, so a raw name there makes no link.
 */
function mrkdwnTexts(node: unknown, top = true): string[] {
  if (Array.isArray(node)) return node.flatMap((n) => mrkdwnTexts(n, false));
  if (!node || typeof node !== "object") return [];
  const obj = node as Record<string, unknown>;
  const out: string[] = [];
  if (typeof obj.text === "string" && (top || obj.type === "mrkdwn")) out.push(obj.text);
  for (const [key, value] of Object.entries(obj)) {
    if (key !== "text" || typeof value !== "string") out.push(...mrkdwnTexts(value, false));
  }
  return out;
}

/** Links (`<http...>`), special mentions (`<!...>`) and user mentions (`<@...>`) the hostile text could make. */
const INJECTED = /<https:\/\/evil\.example|<!channel>|<!here>|<@U0ALICE>/;

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

  async function startExtraBot(
    env: Record<string, string | undefined>,
    keyPrefix = stack.keyPrefix,
    logger: Logger = silentLogger,
  ) {
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
    const bot = await startBot(config, { logger, keyPrefix });
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
      const answer = await oversizedPost(stack.bot.port, { total: 64 * MAX_REQUEST_BODY_BYTES });
      expect(answer.status).toBe(413);
      // The body never ends, so any answer came before it did; and the bot stopped reading: what the client
      // could write is the 1 MB read plus the two sockets' buffers (Linux autotunes them to several MB, so a
      // busy machine wrote 8 MB before the answer was read), far below the 64 MB a reader to the end takes.
      expect(answer.written).toBeLessThan(24 * MAX_REQUEST_BODY_BYTES);
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
      expect(metricTotal(metrics.text, "uptime_chatops_uptime_api_up")).toBe(1);
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
      expect(() =>
        loadConfig({
          SLACK_BOT_TOKEN: BOT_TOKEN,
          SLACK_SIGNING_SECRET: SIGNING_SECRET,
          UPTIME_API_URL: "http://127.0.0.1:1",
          REDIS_URL: "redis://127.0.0.1:6379",
          TOKEN_ENCRYPTION_KEY: generateKey(),
          METRICS_PORT: "metrics",
        }),
      ).toThrow(/^METRICS_PORT must be a number/);
    });
  });

  describe("ready means Redis answers; an API outage is a metric and a log line", () => {
    it("stays ready with the API unreachable, and says so in uptime_chatops_uptime_api_up", async () => {
      const lines: string[] = [];
      const destination = new Writable({
        write(chunk, _encoding, done) {
          lines.push(...String(chunk).split("\n").filter(Boolean));
          done();
        },
      });
      const closed = await freePort();
      const bot = await startExtraBot(
        { UPTIME_API_URL: `http://127.0.0.1:${closed}` },
        stack.keyPrefix,
        createLogger({ level: "info", destination }),
      );
      const ready = await get(bot.metricsPort, "/readyz");
      expect(ready.status).toBe(200);
      expect(JSON.parse(ready.text)).toEqual({ ready: true, checks: { redis: "ok" } });
      const metrics = await get(bot.metricsPort, "/metrics");
      expect(metricTotal(metrics.text, "uptime_chatops_uptime_api_up")).toBe(0);
      expect(metrics.text).toMatch(/^uptime_chatops_uptime_api_up 0$/m);
      // One warning line says so (once per change, not per probe).
      const outages = lines
        .map((l) => JSON.parse(l) as { msg: string })
        .filter((l) => l.msg === "uptime api unreachable");
      expect(outages).toHaveLength(1);
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

  describe("text from the API is escaped in every sentence", () => {
    let client: UptimeClient;
    let monitorId: string;

    beforeAll(async () => {
      client = new UptimeClient({ baseUrl: stack.simulator.url, logger: silentLogger });
      await linkUser(stack, "U0BOB", DEMO_TOKENS.owner);
      const created = await client.as(DEMO_TOKENS.owner).monitors.create(1, {
        kind: "http",
        name: HOSTILE_NAME,
        group: HOSTILE_GROUP,
        url: "https://evil.example/health",
      });
      monitorId = created.id;
      stack.simulator.control.fail(Number(monitorId), HOSTILE_REASON);
    });
    afterAll(async () => {
      await client?.close();
    });

    /** The answer replaced by itself with its chart, or with the sentence saying why it has none. */
    const chartSettled = (answer: EphemeralMessage) =>
      waitFor(
        stack.slack.events,
        () =>
          (answer.blocks as { block_id?: string }[] | undefined)?.some(
            (b) => b.block_id === blocks.chart || b.block_id === blocks.chartSkipped,
          ),
        // The renderer's own limits: 30 s for a worker to start, then 5 s for the chart (chart-renderer.ts).
        60_000,
      );

    const expectNoInjection = (label: string, message: unknown) => {
      const texts = mrkdwnTexts(message);
      expect(texts.length, label).toBeGreaterThan(0);
      for (const text of texts) expect(text, label).not.toMatch(INJECTED);
    };

    it("in lists, details, incidents and status", async () => {
      for (const text of [
        "monitors evil",
        `monitor ${monitorId}`,
        "incidents",
        "status",
        "monitors --state down",
      ]) {
        const reply = await stack.command("U0BOB", text);
        expectNoInjection(text, reply);
        if (!JSON.stringify(reply).includes("evil.example")) throw new Error(`${text}: ${textOf(reply)}`);
        // The hostile text is there, escaped (the command found the monitor): the control for the check.
        expect(JSON.stringify(reply), text).toMatch(/&lt;https:\/\/evil\.example/);
      }
    });

    it('in "did you mean" suggestions', async () => {
      const reply = await stack.command("U0BOB", "monitor https://evil.exmaple|api");
      expect(textOf(reply)).toMatch(/Did you mean/);
      expect(textOf(reply)).toContain("&lt;https://evil.example|api&gt;");
      expectNoInjection("did you mean", reply);
    });

    it("in stats, pause and resume answers", async () => {
      for (const text of [
        `availability ${monitorId}`,
        `latency ${monitorId}`,
        `pause ${monitorId}`,
        `resume ${monitorId}`,
      ]) {
        const reply = await stack.command("U0BOB", text);
        expectNoInjection(text, reply);
        expect(JSON.stringify(reply), text).toMatch(/&lt;https:\/\/evil\.example/);
        // A stats answer keeps its place in the person's lane (2 wide) until its chart is under it, so the
        // next command waits for both charts: a wait on a busy machine's first render, not on the answer.
        if (/^(availability|latency) /.test(text)) await chartSettled(reply);
      }
    });

    it("in the subscribe announcement posted to the channel, and the subscription list", async () => {
      const announced = () =>
        stack.slack.state.channelMessages("C0GENERAL").filter((m) => /now gets alerts/.test(textOf(m)));
      const ack = await stack.slack.sender.slashCommand({
        userId: "U0BOB",
        channelId: "C0GENERAL",
        text: "subscribe",
      });
      expect(ack.status).toBe(200);
      const announcement = await waitFor(stack.slack.events, () => announced()[0], 10_000);
      // The hostile monitor is down: the announcement lists it with its reason, escaped.
      expect(JSON.stringify(announcement)).toMatch(/&lt;https:\/\/evil\.example\/login/);
      expectNoInjection("announcement", announcement);
      const list = await stack.command("U0BOB", "subscriptions");
      expectNoInjection("subscriptions", list);
    });

    it("in the App Home", async () => {
      await stack.slack.sender.event({
        type: "app_home_opened",
        user: "U0BOB",
        channel: "D0BOB",
        tab: "home",
      });
      // The linked Home lists the open incident of the hostile monitor.
      const home = await waitFor(stack.slack.events, () => {
        const view = stack.slack.state.homeViews.get("U0BOB");
        return view && JSON.stringify(view).includes("evil.example") ? view : undefined;
      });
      expect(JSON.stringify(home)).toMatch(/&lt;https:\/\/evil\.example/);
      expectNoInjection("home", home);
    });
  });

  describe("/uptime login <anything> never echoes what was typed", () => {
    it("answers with the way to the modal and none of the pasted text", async () => {
      const pasted = "xoxp-pasted-secret-4242 another-word";
      const reply = await stack.command("U0ALICE", `login ${pasted}`);
      const all = JSON.stringify(reply);
      expect(all).not.toContain("pasted-secret");
      expect(all).not.toContain("another-word");
      expect(textOf(reply)).toMatch(/`\/uptime login` alone/);
      expect(textOf(reply)).toMatch(/window/);
      // Nothing else the bot sent carries it either (a modal, a DM, a log of the command in a message).
      const everything = JSON.stringify({
        calls: stack.slack.state.calls,
        posts: stack.slack.state.responseUrlPosts,
      });
      expect(everything).not.toContain("pasted-secret");
    });
  });

  describe("a link no configured key can open; npm run rotate-key", () => {
    it("asks to log in again (never 'something went wrong'), and works again once rotate-key re-sealed it", async () => {
      const keyPrefix = `e2e:${randomBytes(5).toString("hex")}:`;
      const oldKey = generateKey("old");
      const newKey = generateKey("new");
      // Carol linked while the setting was the old key only.
      await linkUser({ ...stack, keyPrefix }, "U0CAROL", DEMO_TOKENS.member, oldKey);
      // The operator put the new key in place of the old one, dropping it too early.
      const bot = await startExtraBot({ TOKEN_ENCRYPTION_KEY: newKey }, keyPrefix);
      stack.slack.setAppUrl(`http://127.0.0.1:${bot.port}/slack/events`);
      try {
        const stale = await stack.command("U0CAROL", "status");
        expect(textOf(stale)).toMatch(/link your account again/);
        expect(textOf(stale)).not.toMatch(/went wrong/i);
        expect(JSON.stringify(stale.blocks)).toContain(actions.linkAccount);

        // The fix: both keys, the new one first, then rotate-key; from then on the new key alone opens it.
        const rotate = sourceCommand("src/rotate-key.ts");
        const { stdout } = await promisify(execFile)(
          rotate.command,
          [...rotate.args, "--prefix", keyPrefix],
          {
            cwd: rotate.cwd,
            env: {
              PATH: process.env.PATH ?? "",
              REDIS_URL: inject("redisUrl"),
              TOKEN_ENCRYPTION_KEY: `${newKey},${oldKey}`,
            },
          },
        );
        expect(stdout).toContain('Re-sealed 1 link and 0 installation fields under key "new".');

        const working = await stack.command("U0CAROL", "status");
        expect(textOf(working)).not.toMatch(/link your account again|went wrong/i);
        expect(textOf(working)).toMatch(/Acme/);
      } finally {
        stack.slack.setAppUrl(`http://127.0.0.1:${stack.bot.port}/slack/events`);
      }
    });
  });

  describe("interactive posts to a channel are never retried into duplicates", () => {
    it("posts the subscribe announcement once when Slack posted it but its answer was lost", async () => {
      await linkUser(stack, "U0ALICE", DEMO_TOKENS.owner);
      const announcements = () =>
        stack.slack.state.channelMessages("C0ALERTS").filter((m) => /now gets alerts/.test(textOf(m)));
      const posts = () =>
        stack.slack.state.callsOf("chat.postMessage").filter((c) => c.args.channel === "C0ALERTS");
      const before = posts().length;
      // Slack posts the message, then answers 500: a client that retries posts it a second time.
      stack.slack.failNext("chat.postMessage", { status: 500, afterProcessing: true });
      const ack = await stack.slack.sender.slashCommand({
        userId: "U0ALICE",
        channelId: "C0ALERTS",
        text: "subscribe",
      });
      expect(ack.status).toBe(200);
      await waitFor(stack.slack.events, () => announcements()[0], 10_000);
      // Until the subscribe run has finished: a retry, if any, would have been posted by then.
      const deadline = Date.now() + 20_000;
      while (stack.bot.inFlight() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(stack.bot.inFlight()).toBe(0);
      // The post may have landed, so the command went on and stored the subscription.
      const list = await stack.command("U0ALICE", "subscriptions", "C0ALERTS");
      expect(textOf(list)).toMatch(/Acme Production/);
      expect(announcements()).toHaveLength(1);
      expect(posts().length - before).toBe(1);
    });
  });
  describe("a 429 is the one failure an interactive post retries (Slack did not process it)", () => {
    it("posts the announcement once after waiting out a 429", async () => {
      await linkUser(stack, "U0ALICE", DEMO_TOKENS.owner);
      const posts = () =>
        stack.slack.state.callsOf("chat.postMessage").filter((c) => c.args.channel === "C0ALERTS");
      // "now gets", or "keeps getting" when an earlier test subscribed the channel already.
      const announcements = () =>
        stack.slack.state.channelMessages("C0ALERTS").filter((m) => /(gets|getting) alerts/.test(textOf(m)));
      const [callsBefore, postedBefore] = [posts().length, announcements().length];
      stack.slack.failNext("chat.postMessage", { status: 429, retryAfter: 1 });
      await stack.slack.sender.slashCommand({ userId: "U0ALICE", channelId: "C0ALERTS", text: "subscribe" });
      await waitFor(stack.slack.events, () => announcements()[postedBefore], 15_000);
      const deadline = Date.now() + 20_000;
      while (stack.bot.inFlight() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      // Two calls (the 429, then the post), one message.
      expect(posts().length - callsBefore).toBe(2);
      expect(announcements().length - postedBefore).toBe(1);
    });
  });

  describe("API responses are capped in size and collections in pages", () => {
    let api: Server;
    const seen: string[] = [];

    beforeAll(async () => {
      // An "Uptime API" that answers one monitor list with 2 MB, and every other with pages that never end.
      api = createServer((req, res) => {
        const url = new URL(req.url ?? "/", "http://x");
        seen.push(url.pathname + url.search);
        res.setHeader("content-type", "application/json");
        if (url.pathname === "/teams/1/monitors" && url.searchParams.get("filter[state]") === "-10") {
          const name = "x".repeat(DEFAULT_MAX_RESPONSE_BYTES * 2);
          res.end(JSON.stringify({ data: [{ type: "monitors", id: "1", attributes: { name } }], meta: {} }));
          return;
        }
        if (url.pathname === "/monitors/7") {
          const attributes = { name: "seven", settings: { url: "https://example.com" } };
          res.end(
            JSON.stringify({
              data: { type: "monitors", id: "7", attributes, meta: { status: 1, state: 10 } },
            }),
          );
          return;
        }
        if (url.pathname === "/monitors/7/disable") {
          // A 422 whose detail carries a link and a mention.
          res.statusCode = 422;
          const detail = `${HOSTILE_REASON} <!channel>`;
          res.end(JSON.stringify({ errors: [{ status: "422", title: "Invalid", detail }] }));
          return;
        }
        if (url.pathname === "/teams/1/monitors") {
          const page = Number(url.searchParams.get("page[number]") ?? "1");
          const next = new URL(`http://${req.headers.host}/teams/1/monitors`);
          for (const [k, v] of url.searchParams) if (k !== "page[number]") next.searchParams.set(k, v);
          next.searchParams.set("page[number]", String(page + 1));
          const monitor = {
            type: "monitors",
            id: String(page),
            attributes: { name: `other ${page}`, settings: { url: "https://example.com" } },
            meta: { status: 1, state: 10 },
          };
          res.end(
            JSON.stringify({
              data: [monitor],
              meta: { currentPage: page, count: 1, perPage: 1, hasMorePages: true },
              links: { next: next.href },
            }),
          );
          return;
        }
        res.end(JSON.stringify({ meta: { status: "active", components: [], failures: [] } }));
      });
      await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => api?.close(() => resolve()));
    });

    it("answers a sentence to a 2 MB answer, reads no page past the cap, and keeps serving", async () => {
      const keyPrefix = `e2e:${randomBytes(5).toString("hex")}:`;
      const key = generateKey();
      await linkUser({ ...stack, keyPrefix }, "U0CAROL", DEMO_TOKENS.owner, key);
      const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
      const bot = await startExtraBot({ TOKEN_ENCRYPTION_KEY: key, UPTIME_API_URL: apiUrl }, keyPrefix);
      stack.slack.setAppUrl(`http://127.0.0.1:${bot.port}/slack/events`);
      try {
        seen.length = 0;
        const huge = await stack.command("U0CAROL", "monitors --state down");
        expect(textOf(huge)).toMatch(/answer we couldn't read/);
        // Not retried: the same request would bring the same answer.
        expect(seen.filter((p) => p.includes("filter[state]=-10"))).toHaveLength(1);

        seen.length = 0;
        const search = await stack.command("U0CAROL", "monitor zzz");
        expect(textOf(search)).toMatch(/No monitor matches "zzz"/);
        // Two walks (the name filter, then every monitor for suggestions), each stopped at its cap.
        expect(seen.filter((p) => p.startsWith("/teams/1/monitors"))).toHaveLength(2 * MAX_NAME_PAGES);

        // A 422 detail from the API is escaped in the sentence (text from the API, docs/architecture.md section 7).
        const refused = await stack.command("U0CAROL", "pause 7");
        expect(textOf(refused)).toMatch(/refused that: &lt;https:\/\/evil\.example\/login/);
        for (const text of mrkdwnTexts(refused)) expect(text).not.toMatch(INJECTED);
      } finally {
        stack.slack.setAppUrl(`http://127.0.0.1:${stack.bot.port}/slack/events`);
      }
    });
  });
});
