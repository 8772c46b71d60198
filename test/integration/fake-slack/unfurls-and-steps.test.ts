// The fake Slack's link unfurls and custom steps (issue 38) through a real WebClient: link_shared only for
// the manifest's unfurl_domains, chat.unfurl's refusals, and a step run completed once.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { KnownBlock } from "@slack/types";
import { ErrorCode, WebClient } from "@slack/web-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeSlack, FakeSlackUsageError, startFakeSlack } from "../../../dev/playground/fake-slack";
import { repositoryManifest } from "../../../dev/playground/fake-slack/manifest-rules";
import { quietLogger } from "./quiet-logger";

const WEB = "https://uptime.example.com";

async function platformError(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    const e = error as { code?: string; data?: { error: string } };
    expect(e.code).toBe(ErrorCode.PlatformError);
    return e.data?.error ?? "";
  }
  throw new Error("expected the call to fail");
}

describe("fake Slack: link unfurls and workflow steps", () => {
  // The fake's clock, moved forward past a workflow token's lifetime instead of waiting 15 minutes.
  let offsetMs = 0;
  const clock = { now: () => Date.now() + offsetMs };
  let fake: FakeSlack;
  let app: Server;
  let web: WebClient;
  const received: Record<string, unknown>[] = [];

  beforeAll(async () => {
    // The app: acknowledges every event and keeps it.
    app = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        // Events come as JSON, interactions as a form with one `payload` field.
        const form = new URLSearchParams(body).get("payload");
        received.push(JSON.parse(form ?? body) as Record<string, unknown>);
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
    fake = await startFakeSlack({ signingSecret: "s3cret", rateLimits: false, clock });
    fake.setAppUrl(`http://127.0.0.1:${(app.address() as AddressInfo).port}/slack/events`);
    web = new WebClient(fake.config.botToken, {
      slackApiUrl: fake.apiUrl,
      retryConfig: { retries: 0 },
      logger: quietLogger(),
    });
  });
  afterAll(async () => {
    await fake?.close();
    await new Promise((resolve) => app?.close(resolve));
  });

  it("sends link_shared as Slack does, for the unfurl domain only", async () => {
    const url = `${WEB}/monitors/1`;
    const { ts, linkShared } = await fake.postUserMessage({
      userId: "U0ALICE",
      channelId: "C0GENERAL",
      text: `see <${url}> and <https://other.example.org/x>`,
    });
    expect(linkShared?.event).toMatchObject({
      type: "link_shared",
      channel: "C0GENERAL",
      user: "U0ALICE",
      message_ts: ts,
      source: "conversations_history",
      links: [{ domain: "uptime.example.com", url }],
    });
    expect(typeof linkShared?.event.unfurl_id).toBe("string");
    const none = await fake.postUserMessage({ userId: "U0ALICE", channelId: "C0GENERAL", text: "no links" });
    expect(none.linkShared).toBeUndefined();
  });

  it("chat.unfurl attaches a card, replaces it on a second call, and refuses what Slack refuses", async () => {
    const url = `${WEB}/incidents/9`;
    const { ts, linkShared } = await fake.postUserMessage({
      userId: "U0BOB",
      channelId: "C0GENERAL",
      text: url,
    });
    const card = (text: string) => ({ blocks: [{ type: "section", text: { type: "mrkdwn", text } }] });
    await web.chat.unfurl({ channel: "C0GENERAL", ts, unfurls: { [url]: card("first") } });
    await web.chat.unfurl({ channel: "C0GENERAL", ts, unfurls: { [url]: card("second") } });
    const stored = fake.state.findMessage("C0GENERAL", ts)?.app_unfurls;
    expect(Object.keys(stored ?? {})).toEqual([url]);
    expect(JSON.stringify(stored)).toContain("second");
    // By unfurl_id and source, as a link_shared names it.
    await web.chat.unfurl({
      unfurl_id: String(linkShared?.event.unfurl_id),
      source: "conversations_history",
      unfurls: { [url]: card("third") },
    });
    expect(JSON.stringify(fake.state.findMessage("C0GENERAL", ts)?.app_unfurls)).toContain("third");

    expect(
      await platformError(
        web.chat.unfurl({ channel: "C0GENERAL", ts, unfurls: { [`${WEB}/x`]: card("x") } }),
      ),
    ).toBe("cannot_unfurl_message");
    expect(
      await platformError(
        web.chat.unfurl({ channel: "C0GENERAL", ts: "1.000001", unfurls: { [url]: card("x") } }),
      ),
    ).toBe("cannot_find_message");
    const plain = await fake.postUserMessage({ userId: "U0BOB", channelId: "C0GENERAL", text: "hello" });
    expect(
      await platformError(
        web.chat.unfurl({ channel: "C0GENERAL", ts: plain.ts, unfurls: { [url]: card("x") } }),
      ),
    ).toBe("cannot_unfurl_url");
  });

  it("chat.unfurl needs links:write", async () => {
    const manifest = repositoryManifest() as { oauth_config: { scopes: { bot: string[] } } };
    manifest.oauth_config.scopes.bot = manifest.oauth_config.scopes.bot.filter((s) => s !== "links:write");
    const narrow = await startFakeSlack({ signingSecret: "s3cret", manifest, rateLimits: false });
    try {
      const client = new WebClient(narrow.config.botToken, {
        slackApiUrl: narrow.apiUrl,
        retryConfig: { retries: 0 },
        logger: quietLogger(),
      });
      expect(
        await platformError(client.chat.unfurl({ channel: "C0GENERAL", ts: "1.000001", unfurls: {} })),
      ).toBe("missing_scope");
    } finally {
      await narrow.close();
    }
  });

  it("knows Slack Connect channels, admins and owners, and who left a channel, as the unfurl consent reads them", async () => {
    const shared = await startFakeSlack({
      signingSecret: "s3cret",
      rateLimits: false,
      users: [
        { id: "U0ALICE", name: "alice", realName: "Alice Adams", isAdmin: true },
        { id: "U0OWEN", name: "owen", realName: "Owen Owner", isOwner: true },
        { id: "U0BOB", name: "bob", realName: "Bob Brown" },
      ],
      extraChannels: [
        { id: "C0PARTNER", name: "partner", isExtShared: true, members: ["U0ALICE", "U0BOB", "U0BOT"] },
      ],
    });
    shared.setAppUrl(`http://127.0.0.1:${(app.address() as AddressInfo).port}/slack/events`);
    try {
      const client = new WebClient(shared.config.botToken, {
        slackApiUrl: shared.apiUrl,
        retryConfig: { retries: 0 },
        logger: quietLogger(),
      });
      // conversations.info: "is_ext_shared ... part of a Shared Channel with a remote organization".
      const partner = await client.conversations.info({ channel: "C0PARTNER" });
      expect(partner.channel).toMatchObject({ is_shared: true, is_ext_shared: true });
      const general = await client.conversations.info({ channel: "C0GENERAL" });
      expect(general.channel).toMatchObject({ is_shared: false, is_ext_shared: false });
      // The event wrapper says so too (is_ext_shared_channel), for events in that channel only.
      const before = received.length;
      await shared.postUserMessage({ userId: "U0BOB", channelId: "C0PARTNER", text: `<${WEB}/monitors/1>` });
      await shared.postUserMessage({ userId: "U0BOB", channelId: "C0GENERAL", text: `<${WEB}/monitors/1>` });
      expect(received.slice(before).map((p) => p.is_ext_shared_channel)).toEqual([true, false]);
      // users.info: is_admin, is_owner.
      expect((await client.users.info({ user: "U0ALICE" })).user).toMatchObject({
        is_admin: true,
        is_owner: false,
      });
      expect((await client.users.info({ user: "U0OWEN" })).user).toMatchObject({
        is_admin: false,
        is_owner: true,
      });
      expect((await client.users.info({ user: "U0BOB" })).user).toMatchObject({
        is_admin: false,
        is_owner: false,
      });
      // A person who leaves is no longer a member (conversations.members).
      shared.leaveChannel("C0PARTNER", "U0BOB");
      expect((await client.conversations.members({ channel: "C0PARTNER" })).members).not.toContain("U0BOB");
      expect(() => shared.leaveChannel("C0PARTNER", "U0BOB")).toThrow(FakeSlackUsageError);
    } finally {
      await shared.close();
    }
  });

  it("conversations.info and .members need channels:read (groups:read for a private channel)", async () => {
    const manifest = repositoryManifest() as { oauth_config: { scopes: { bot: string[] } } };
    manifest.oauth_config.scopes.bot = manifest.oauth_config.scopes.bot.filter((s) => s !== "channels:read");
    const narrow = await startFakeSlack({ signingSecret: "s3cret", manifest, rateLimits: false });
    try {
      const client = new WebClient(narrow.config.botToken, {
        slackApiUrl: narrow.apiUrl,
        retryConfig: { retries: 0 },
        logger: quietLogger(),
      });
      expect(await platformError(client.conversations.info({ channel: "C0GENERAL" }))).toBe("missing_scope");
      expect(await platformError(client.conversations.members({ channel: "C0GENERAL" }))).toBe(
        "missing_scope",
      );
    } finally {
      await narrow.close();
    }
  });

  it("a step run: function_executed with the runner's user_context, completed once with its own token", async () => {
    const { execution, delivery } = await fake.runWorkflowStep({
      callbackId: "get_monitor_status",
      runBy: "U0ALICE",
      inputs: { monitor: "Blog" },
    });
    expect(delivery.event).toMatchObject({
      type: "function_executed",
      function: { callback_id: "get_monitor_status", type: "app" },
      inputs: { monitor: "Blog", user_context: { id: "U0ALICE" } },
      function_execution_id: execution.id,
      bot_access_token: execution.token,
    });
    const runClient = new WebClient(execution.token, {
      slackApiUrl: fake.apiUrl,
      retryConfig: { retries: 0 },
      logger: quietLogger(),
    });
    await runClient.functions.completeSuccess({
      function_execution_id: execution.id,
      outputs: { state: "up" },
    });
    expect(execution).toMatchObject({ state: "completed", outputs: { state: "up" } });
    // The run's token ended with it; the app's own token hears that the run is over.
    expect(
      await platformError(
        runClient.functions.completeError({ function_execution_id: execution.id, error: "x" }),
      ),
    ).toBe("token_revoked");
    expect(
      await platformError(web.functions.completeError({ function_execution_id: execution.id, error: "x" })),
    ).toBe("execution_not_in_running_state");
    expect(
      await platformError(web.functions.completeSuccess({ function_execution_id: "Fx0NOPE", outputs: {} })),
    ).toBe("function_execution_not_found");
  });

  it("a click on a message posted with a run's token carries the run and a fresh token", async () => {
    const { execution } = await fake.runWorkflowStep({
      callbackId: "pause_monitor",
      runBy: "U0ALICE",
      inputs: { monitor: "7" },
    });
    const runClient = new WebClient(execution.token, {
      slackApiUrl: fake.apiUrl,
      retryConfig: { retries: 0 },
      logger: quietLogger(),
    });
    const blocks: KnownBlock[] = [
      {
        type: "actions",
        elements: [{ type: "button", action_id: "ok", text: { type: "plain_text", text: "OK" }, value: "v" }],
      },
    ];
    // The app may post in its DM with a person (the user id as channel), though people cannot type there.
    const posted = await runClient.chat.postMessage({ channel: "U0ALICE", text: "Confirm?", blocks });
    const channel = posted.channel ?? "";
    const ts = posted.ts ?? "";
    await fake.sender.blockAction({
      userId: "U0ALICE",
      container: { type: "message", channel, ts },
      actions: [{ action_id: "ok" }],
    });
    const click = received.at(-1) as Record<string, unknown>;
    expect(click).toMatchObject({
      type: "block_actions",
      function_data: { execution_id: execution.id, function: { callback_id: "pause_monitor" } },
      interactivity: { interactor: { id: "U0ALICE" } },
    });
    const clickToken = click.bot_access_token as string;
    expect(clickToken).toMatch(/^xwfp-/);
    expect(clickToken).not.toBe(execution.token);
    // A message the app posted with its own token is no run's: its clicks carry none.
    const plain = await web.chat.postMessage({
      channel: "C0GENERAL",
      text: "x",
      blocks,
    });
    await fake.sender.blockAction({
      userId: "U0ALICE",
      container: { type: "message", channel: "C0GENERAL", ts: plain.ts ?? "" },
      actions: [{ action_id: "ok" }],
    });
    expect(received.at(-1)).not.toHaveProperty("function_data");
    // 15 minutes after its issue a workflow token is refused, even while the run is still going on.
    offsetMs += 15 * 60_000;
    try {
      expect(await platformError(runClient.chat.update({ channel, ts, text: "late" }))).toBe("token_expired");
    } finally {
      offsetMs -= 15 * 60_000;
    }
    const clickClient = new WebClient(clickToken, {
      slackApiUrl: fake.apiUrl,
      retryConfig: { retries: 0 },
      logger: quietLogger(),
    });
    await clickClient.chat.update({ channel, ts, text: "Cancelled" });
    await clickClient.functions.completeError({ function_execution_id: execution.id, error: "Cancelled" });
    expect(execution).toMatchObject({ state: "failed", error: "Cancelled" });
    expect(await platformError(clickClient.chat.update({ channel, ts, text: "again" }))).toBe(
      "token_revoked",
    );
  });

  it("refuses a step the manifest does not declare, or a run without a required input", async () => {
    await expect(fake.runWorkflowStep({ callbackId: "nope", runBy: "U0ALICE" })).rejects.toThrow(
      FakeSlackUsageError,
    );
    await expect(
      fake.runWorkflowStep({ callbackId: "pause_monitor", runBy: "U0ALICE", inputs: {} }),
    ).rejects.toThrow(/monitor/);
  });
});
