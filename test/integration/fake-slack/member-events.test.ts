// The fake Slack's offboarding events through real HTTP: user_change only when the manifest subscribes to it
// and grants users:read (https://docs.slack.dev/reference/events/user_change), tokens_revoked and
// app_uninstalled (no scope), a revoked bot token refused, and the control endpoints another process uses.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { ErrorCode, WebClient } from "@slack/web-api";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type FakeSlack, startFakeSlack } from "../../../dev/playground/fake-slack";
import { repositoryManifest } from "../../../dev/playground/fake-slack/manifest-rules";
import { quietLogger } from "./quiet-logger";

describe("fake Slack: members leaving and tokens revoked", () => {
  let app: Server;
  let appUrl = "";
  const received: { event: Record<string, unknown> }[] = [];
  const fakes: FakeSlack[] = [];

  async function fake(manifest?: Record<string, unknown>): Promise<FakeSlack> {
    const started = await startFakeSlack({ signingSecret: "s3cret", rateLimits: false, manifest });
    started.setAppUrl(appUrl);
    fakes.push(started);
    return started;
  }

  beforeAll(async () => {
    app = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        received.push(JSON.parse(body) as { event: Record<string, unknown> });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
    appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/slack/events`;
  });
  afterEach(async () => {
    await Promise.all(fakes.splice(0).map((f) => f.close()));
    received.length = 0;
  });
  afterAll(async () => {
    await new Promise((resolve) => app?.close(resolve));
  });

  it("deactivating a member sends user_change with deleted: true, and users.info says so", async () => {
    const slack = await fake();
    const response = await fetch(`${slack.url}/__fake-slack/users/U0BOB/deactivate`, { method: "POST" });
    expect(await response.json()).toMatchObject({ ok: true, sent: true, status: 200 });
    expect(received.map((r) => r.event)).toEqual([
      expect.objectContaining({
        type: "user_change",
        user: expect.objectContaining({ id: "U0BOB", deleted: true, team_id: slack.config.teamId }),
      }),
    ]);
    const web = new WebClient(slack.config.botToken, { slackApiUrl: slack.apiUrl, logger: quietLogger() });
    expect((await web.users.info({ user: "U0BOB" })).user?.deleted).toBe(true);
    expect((await web.users.info({ user: "U0ALICE" })).user?.deleted).toBe(false);
  });

  it("sends no user_change without the event in bot_events, or without users:read", async () => {
    const manifest = repositoryManifest() as {
      settings: { event_subscriptions: { bot_events: string[] } };
      oauth_config: { scopes: { bot: string[] } };
    };
    const unsubscribed = structuredClone(manifest);
    unsubscribed.settings.event_subscriptions.bot_events =
      unsubscribed.settings.event_subscriptions.bot_events.filter((e) => e !== "user_change");
    const unscoped = structuredClone(manifest);
    unscoped.oauth_config.scopes.bot = unscoped.oauth_config.scopes.bot.filter((s) => s !== "users:read");
    for (const variant of [unsubscribed, unscoped]) {
      const slack = await fake(variant);
      expect(await slack.deactivateUser("U0BOB")).toBeUndefined();
    }
    expect(received).toEqual([]);
  });

  it("tokens_revoked and app_uninstalled reach a subscribed app, and a revoked bot token is refused", async () => {
    const slack = await fake();
    const revoked = await fetch(`${slack.url}/__fake-slack/tokens-revoked`, {
      method: "POST",
      body: JSON.stringify({ oauth: ["U0ALICE"] }),
    });
    expect(await revoked.json()).toMatchObject({ ok: true, sent: true });
    const web = new WebClient(slack.config.botToken, {
      slackApiUrl: slack.apiUrl,
      retryConfig: { retries: 0 },
      logger: quietLogger(),
    });
    // A user's token revoked leaves the bot's working.
    await web.auth.test();
    const uninstall = await fetch(`${slack.url}/__fake-slack/uninstall`, { method: "POST" });
    expect(await uninstall.json()).toMatchObject({ ok: true, sent: true });
    expect(received.map((r) => r.event)).toEqual([
      expect.objectContaining({ type: "tokens_revoked", tokens: { oauth: ["U0ALICE"] } }),
      expect.objectContaining({ type: "app_uninstalled" }),
    ]);
    const refused = await web.auth.test().catch((e: { code?: string; data?: { error?: string } }) => e);
    expect(refused).toMatchObject({ code: ErrorCode.PlatformError, data: { error: "token_revoked" } });
    const bad = await fetch(`${slack.url}/__fake-slack/tokens-revoked`, { method: "POST", body: "{}" });
    expect(bad.status).toBe(400);
  });

  it("failNext with a channel fails only the calls to that channel", async () => {
    const slack = await fake();
    const web = new WebClient(slack.config.botToken, {
      slackApiUrl: slack.apiUrl,
      retryConfig: { retries: 0 },
      logger: quietLogger(),
    });
    slack.failNext("chat.postMessage", { error: "internal_error" }, 1, { channel: "U0BOB" });
    await web.chat.postMessage({ channel: "C0GENERAL", text: "to the channel" });
    const dm = await web.chat.postMessage({ channel: "U0BOB", text: "a DM" }).catch((e: Error) => e);
    expect(dm).toBeInstanceOf(Error);
    await web.chat.postMessage({ channel: "U0BOB", text: "a DM again" });
  });
});
