// The fake Slack enforces what a real workspace enforces from the app's manifest (issue 33): each rule is
// shown refusing what Slack refuses, through a real WebClient as the bot calls it, or through the sender as a
// person acts. The fake reads the repository's manifest.yml unless a test passes its own.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { ErrorCode, WebClient } from "@slack/web-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeSlack, FakeSlackUsageError, startFakeSlack } from "../../../dev/playground/fake-slack";
import { manifestRules, repositoryManifest } from "../../../dev/playground/fake-slack/manifest-rules";
import { fixedClock } from "../../../src/lib/clock";
import { quietLogger } from "./quiet-logger";

const BOT = "U0BOT";
const users = [
  { id: "U0ALICE", name: "alice", realName: "Alice Adams" },
  { id: "U0BOB", name: "bob", realName: "Bob Brown" },
];
const channels = [
  { id: "C0GENERAL", name: "general", members: ["U0ALICE", "U0BOB", BOT] },
  { id: "C0NOAPP", name: "no-app", members: ["U0ALICE", "U0BOB"] },
  { id: "C0OTHERS", name: "others", members: ["U0BOB", BOT] },
  { id: "C0SECRET", name: "secret", isPrivate: true, members: ["U0ALICE", BOT] },
];

/** An app that acknowledges every request with an empty 200, as Bolt does before answering later. */
async function ackingApp(): Promise<{ url: string; received: number; close(): Promise<void> }> {
  const app = { url: "", received: 0, close: async () => {} };
  const server = createServer((_request, response) => {
    app.received += 1;
    response.writeHead(200).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  app.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slack/events`;
  app.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return app;
}

function client(fake: FakeSlack): WebClient {
  return new WebClient(fake.config.botToken, {
    slackApiUrl: fake.apiUrl,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    logger: quietLogger(),
  });
}

async function refusal(call: Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    await call;
  } catch (error) {
    const e = error as { code?: string; data?: Record<string, unknown> };
    expect(e.code).toBe(ErrorCode.PlatformError);
    return e.data ?? {};
  }
  throw new Error("expected Slack to refuse the call");
}

/** The repository's manifest with other bot scopes. */
function withScopes(scopes: string[]): Record<string, unknown> {
  const manifest = structuredClone(repositoryManifest()) as { oauth_config: { scopes: { bot: string[] } } };
  manifest.oauth_config.scopes.bot = scopes;
  return manifest;
}

describe("the fake Slack reads manifest.yml", () => {
  it("takes the repository's scopes and Messages tab by default, and any manifest a test passes", () => {
    const repo = manifestRules();
    expect(repo.source).toMatch(/manifest\.yml$/);
    expect(repo.botScopes.has("chat:write")).toBe(true);
    expect(repo.messagesTab).toBe("read_only");
    expect(manifestRules(withScopes(["chat:write"])).botScopes).toEqual(new Set(["chat:write"]));
  });

  it("says what is wrong with a manifest it cannot use, without a stack trace", () => {
    expect(() => manifestRules("/no/such/manifest.yml")).toThrow(FakeSlackUsageError);
    expect(() => manifestRules("/no/such/manifest.yml")).toThrow(/cannot read the manifest \/no\/such/);
    expect(() => manifestRules({ oauth_config: { scopes: { bot: "chat:write" } } })).toThrow(
      /oauth_config.scopes.bot must be a list/,
    );
  });
});

describe("fake Slack rules from the manifest", () => {
  let fake: FakeSlack;
  let web: WebClient;

  beforeAll(async () => {
    // The repository's manifest: the bot has chat:write, channels:history, groups:history, users:read... and not channels:manage
    fake = await startFakeSlack({ signingSecret: "s3cret", users, channels });
    web = client(fake);
  });
  afterAll(() => fake.close());

  it("a method whose scope the manifest lacks answers missing_scope, naming what is needed", async () => {
    // The repository's manifest less usergroups:read (Page now's user groups): both usergroups reads refused.
    const bot = (repositoryManifest() as { oauth_config: { scopes: { bot: string[] } } }).oauth_config.scopes
      .bot;
    const without = await startFakeSlack({
      signingSecret: "s3cret",
      users,
      channels,
      manifest: withScopes(bot.filter((scope) => scope !== "usergroups:read")),
    });
    try {
      const answer = await refusal(client(without).usergroups.users.list({ usergroup: "S0ONCALL" }));
      expect(answer).toMatchObject({ ok: false, error: "missing_scope", needed: "usergroups:read" });
      expect(String(answer.provided).split(",")).toContain("chat:write");
      expect(await refusal(client(without).usergroups.list({}))).toMatchObject({
        error: "missing_scope",
        needed: "usergroups:read",
      });
    } finally {
      await without.close();
    }
    // Granted by the repository's manifest.
    await expect(web.usergroups.list({})).resolves.toMatchObject({ ok: true });
    // A public channel needs channels:manage; the bot creates only private ones (groups:write).
    const answer = await refusal(web.conversations.create({ name: "not-private", is_private: false }));
    expect(answer).toMatchObject({ ok: false, error: "missing_scope", needed: "channels:manage" });
    expect(String(answer.provided).split(",")).toContain("chat:write");
    // conversations.* need the scope of the conversation's type: history of a public or a private channel and
    // of the app's DM is granted, of a group DM (mpim:history) is not.
    await expect(web.conversations.history({ channel: "C0GENERAL" })).resolves.toMatchObject({ ok: true });
    await expect(web.conversations.history({ channel: "C0SECRET" })).resolves.toMatchObject({ ok: true });
    const dm = fake.state.openIm("U0ALICE").conversation.id;
    await expect(web.conversations.history({ channel: dm })).resolves.toMatchObject({ ok: true });
    const group = fake.state.openMpim(["U0ALICE", "U0BOB"]).conversation.id;
    expect(await refusal(web.conversations.history({ channel: group }))).toMatchObject({
      error: "missing_scope",
      needed: "mpim:history",
    });
    expect(await refusal(web.conversations.info({ channel: group }))).toMatchObject({
      error: "missing_scope",
      needed: "mpim:read",
    });
  });

  it("a slash command cannot come from the app's DM when its Messages tab is read-only", async () => {
    const dm = fake.state.openIm("U0ALICE").conversation.id;
    const requests = fake.state.calls.length;
    await expect(
      fake.sender.slashCommand({ userId: "U0ALICE", channelId: dm, text: "help" }),
    ).rejects.toThrow(/nobody can type in the app's DM .*Messages tab read-only/);
    expect(fake.state.calls.length).toBe(requests);
  });

  it("chat.postMessage to a channel the bot is not in answers not_in_channel", async () => {
    expect(await refusal(web.chat.postMessage({ channel: "C0NOAPP", text: "hello" }))).toMatchObject({
      error: "not_in_channel",
    });
    expect(fake.state.channelMessages("C0NOAPP")).toEqual([]);
  });

  it("chat.postEphemeral to someone not in the channel answers user_not_in_channel", async () => {
    expect(
      await refusal(web.chat.postEphemeral({ channel: "C0OTHERS", user: "U0ALICE", text: "psst" })),
    ).toMatchObject({ error: "user_not_in_channel" });
    await expect(
      web.chat.postEphemeral({ channel: "C0OTHERS", user: "U0BOB", text: "psst" }),
    ).resolves.toMatchObject({ ok: true });
  });

  it("a file uploaded without a channel is the uploader's alone: an image block naming it shows nobody else", async () => {
    const upload = async (share?: string) => {
      const url = await web.files.getUploadURLExternal({ filename: "chart.png", length: 4 });
      await fetch(url.upload_url!, { method: "POST", body: "\x89PNG" });
      await web.files.completeUploadExternal({
        files: [{ id: url.file_id! }],
        ...(share ? { channel_id: share } : {}),
      });
      return url.file_id!;
    };
    const privateFile = await upload();
    const sharedFile = await upload("C0GENERAL");
    const image = (id: string) => ({ type: "image", slack_file: { id }, alt_text: "chart" });
    // Slack needs a moment to process an upload before blocks may show it (block-validation.ts).
    await new Promise((resolve) => setTimeout(resolve, 250));
    const posted = await web.chat.postMessage({
      channel: "C0GENERAL",
      text: "charts",
      blocks: [image(privateFile), image(sharedFile)],
    });
    const message = fake.state.findMessage("C0GENERAL", posted.ts!)!;
    expect(fake.state.imagesHiddenFrom(message, "U0ALICE")).toEqual([privateFile]);
    expect(fake.state.imagesHiddenFrom(message, "U0BOB")).toEqual([privateFile]);
    expect(fake.state.imagesHiddenFrom(message, BOT)).toEqual([]);
    // Shared to Alice's DM with the app, the file is hers to see too, and still not Bob's.
    const dmFile = await upload(fake.state.openIm("U0ALICE").conversation.id);
    expect(fake.state.fileVisibleTo(dmFile, "U0ALICE")).toBe(true);
    expect(fake.state.fileVisibleTo(dmFile, "U0BOB")).toBe(false);
  });
});

describe("fake Slack rules from another manifest", () => {
  it("chat:write.public lets the bot post to a public channel it is not in, never to a private one", async () => {
    const fake = await startFakeSlack({
      signingSecret: "s3cret",
      users,
      channels: [...channels, { id: "C0HIDDEN", name: "hidden", isPrivate: true, members: ["U0ALICE"] }],
      manifest: withScopes(["chat:write", "chat:write.public"]),
    });
    try {
      const web = client(fake);
      await expect(web.chat.postMessage({ channel: "C0NOAPP", text: "hello" })).resolves.toMatchObject({
        ok: true,
      });
      expect(await refusal(web.chat.postMessage({ channel: "C0HIDDEN", text: "hello" }))).toMatchObject({
        error: "channel_not_found",
      });
    } finally {
      await fake.close();
    }
  });

  it("a writable Messages tab lets a person type /uptime in the app's DM", async () => {
    const manifest = structuredClone(repositoryManifest()) as {
      features: { app_home: Record<string, boolean> };
    };
    manifest.features.app_home.messages_tab_read_only_enabled = false;
    const fake = await startFakeSlack({ signingSecret: "s3cret", users, channels, manifest });
    try {
      const app = await ackingApp();
      fake.setAppUrl(app.url);
      const dm = fake.state.openIm("U0ALICE").conversation.id;
      await expect(
        fake.sender.slashCommand({ userId: "U0ALICE", channelId: dm, text: "help" }),
      ).resolves.toMatchObject({ status: 200 });
      expect(app.received).toBe(1);
      await app.close();
    } finally {
      await fake.close();
    }
  });
});

describe("fake Slack time limits and rate tiers", () => {
  const clock = fixedClock("2024-11-21T09:06:40Z");
  let fake: FakeSlack;
  let web: WebClient;

  beforeAll(async () => {
    fake = await startFakeSlack({ signingSecret: "s3cret", users, channels, clock });
    web = client(fake);
  });
  afterAll(() => fake.close());

  const modal = { type: "modal" as const, title: { type: "plain_text" as const, text: "Hi" }, blocks: [] };

  it("a trigger_id older than 3 seconds answers expired_trigger_id", async () => {
    const trigger = fake.issueTriggerId("U0ALICE");
    clock.advance(3001);
    expect(await refusal(web.views.open({ trigger_id: trigger, view: modal }))).toMatchObject({
      error: "expired_trigger_id",
    });
  });

  it("a response_url works 5 times, and not after 30 minutes", async () => {
    const app = await ackingApp();
    fake.setAppUrl(app.url);
    try {
      const command = () =>
        fake.sender.slashCommand({ userId: "U0ALICE", channelId: "C0GENERAL", text: "x" });
      const post = (url: string) =>
        fetch(url, { method: "POST", body: JSON.stringify({ text: "update" }) }).then((r) => r.status);
      const { responseUrl } = await command();
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push(await post(responseUrl));
      expect(statuses).toEqual([200, 200, 200, 200, 200, 404]);
      expect(fake.state.responseUrlPosts.at(-1)?.error).toBe("used_url");
      const late = (await command()).responseUrl;
      clock.advance(30 * 60_000 + 1);
      expect(await post(late)).toBe(404);
      expect(fake.state.responseUrlPosts.at(-1)?.error).toBe("expired_url");
    } finally {
      fake.setAppUrl(undefined);
      await app.close();
    }
  });

  it("chat.postMessage allows a short burst per channel, then 429 with Retry-After; other channels go on", async () => {
    let posted = 0;
    for (; posted < 20; posted++) {
      const answer = await web.chat
        .postMessage({ channel: "C0GENERAL", text: `burst ${posted}` })
        .catch((error: { code?: string; retryAfter?: number }) => error);
      if ("code" in answer && answer.code === ErrorCode.RateLimitedError) {
        expect(answer.retryAfter).toBe(1);
        break;
      }
    }
    expect(posted).toBeGreaterThan(1);
    expect(posted).toBeLessThan(20);
    await expect(web.chat.postMessage({ channel: "C0OTHERS", text: "elsewhere" })).resolves.toMatchObject({
      ok: true,
    });
    clock.advance(1000);
    await expect(web.chat.postMessage({ channel: "C0GENERAL", text: "later" })).resolves.toMatchObject({
      ok: true,
    });
  });

  it("a tiered method answers 429 past its tier's minute (users.info, Tier 4: 100+ per minute)", async () => {
    let calls = 0;
    for (; calls < 150; calls++) {
      const answer = await web.users
        .info({ user: "U0ALICE" })
        .catch((error: { code?: string; retryAfter?: number }) => error);
      if ("code" in answer && answer.code === ErrorCode.RateLimitedError) break;
    }
    expect(calls).toBe(100);
    clock.advance(60_000);
    await expect(web.users.info({ user: "U0ALICE" })).resolves.toMatchObject({ ok: true });
  });
});
