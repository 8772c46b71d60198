import { ErrorCode, WebClient } from "@slack/web-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeSlack, startFakeSlack } from "../../../dev/playground/fake-slack";
import { fixedClock } from "../../../src/lib/clock";
import { quietLogger } from "./quiet-logger";
import { WIDE_MANIFEST } from "./wide-manifest";

const BOT = "U0BOT";
const users = [
  { id: "U0ALICE", name: "alice", realName: "Alice Adams", isAdmin: true },
  { id: "U0BOB", name: "bob", realName: "Bob Brown" },
];
const channels = [
  { id: "C0ALERTS", name: "alerts", members: ["U0ALICE", "U0BOB", BOT] },
  { id: "C0QUIET", name: "quiet", members: ["U0ALICE"] },
  { id: "C0SECRET", name: "secret", isPrivate: true, members: ["U0ALICE"] },
  { id: "C0OLD", name: "old", isArchived: true, members: ["U0ALICE", BOT] },
  { id: "C0PAGED", name: "paged", members: ["U0ALICE", BOT] },
];

/** WebClient exactly as the bot configures it: no retries (they duplicate posts), 429s rejected. */
function client(fake: FakeSlack, token = "xoxb-fake-bot"): WebClient {
  return new WebClient(token, {
    slackApiUrl: fake.apiUrl,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    logger: quietLogger(),
  });
}

async function platformError(call: Promise<unknown>): Promise<{ error: string; messages?: string[] }> {
  try {
    await call;
  } catch (error) {
    const e = error as {
      code?: string;
      data?: { error: string; response_metadata?: { messages?: string[] } };
    };
    expect(e.code).toBe(ErrorCode.PlatformError);
    return { error: e.data?.error ?? "", messages: e.data?.response_metadata?.messages };
  }
  throw new Error("expected the call to fail");
}

const section = (text: string) => ({ type: "section", text: { type: "mrkdwn", text } });

describe("fake Slack Web API through a real WebClient", () => {
  let fake: FakeSlack;
  let web: WebClient;

  beforeAll(async () => {
    fake = await startFakeSlack({
      signingSecret: "s3cret",
      users,
      channels,
      manifest: WIDE_MANIFEST,
      rateLimits: false,
    });
    web = client(fake);
  });
  afterAll(() => fake.close());

  it("answers auth.test for the bot token and invalid_auth for anything else", async () => {
    const auth = await web.auth.test();
    expect(auth).toMatchObject({ ok: true, team_id: "T0DEMO", user_id: BOT, bot_id: "B0BOT" });
    expect((await platformError(client(fake, "xoxb-wrong").auth.test())).error).toBe("invalid_auth");
    expect((await platformError(client(fake, "xapp-fake-app").auth.test())).error).toBe(
      "not_allowed_token_type",
    );
  });

  it("posts form-encoded messages with blocks and metadata, and records the call", async () => {
    const posted = await web.chat.postMessage({
      channel: "C0ALERTS",
      text: "API is down",
      blocks: [section("*API* is down")],
      metadata: { event_type: "incident_opened", event_payload: { incident_id: "42" } },
    });
    expect(posted.ok).toBe(true);
    expect(posted.channel).toBe("C0ALERTS");
    expect(posted.ts).toMatch(/^\d{10}\.\d{6}$/);
    expect(posted.message).toMatchObject({ user: BOT, bot_id: "B0BOT", text: "API is down" });
    const stored = fake.state.findMessage("C0ALERTS", posted.ts as string);
    expect(stored?.blocks).toEqual([section("*API* is down")]);
    expect(stored?.metadata).toEqual({ event_type: "incident_opened", event_payload: { incident_id: "42" } });
    const call = fake.state.callsOf("chat.postMessage").at(-1);
    expect(call?.result.ts).toBe(posted.ts);
    expect(call?.args.token).toBeUndefined();
  });

  it("hands out strictly increasing ts per channel", async () => {
    const tss: string[] = [];
    for (let i = 0; i < 5; i++)
      tss.push((await web.chat.postMessage({ channel: "C0ALERTS", text: `n${i}` })).ts as string);
    const sorted = [...tss].sort((a, b) => Number(a) - Number(b));
    expect(tss).toEqual(sorted);
    expect(new Set(tss).size).toBe(5);
  });

  it("accepts JSON bodies with the token in the Authorization header", async () => {
    const response = await fetch(`${fake.apiUrl}chat.postMessage`, {
      method: "POST",
      headers: { authorization: "Bearer xoxb-fake-bot", "content-type": "application/json; charset=utf-8" },
      body: JSON.stringify({ channel: "C0ALERTS", text: "json body", blocks: [section("json")] }),
    });
    const body = (await response.json()) as { ok: boolean; ts: string };
    expect(response.status).toBe(200);
    expect(body.ok).toBe(true);
    expect(fake.state.findMessage("C0ALERTS", body.ts)?.blocks).toEqual([section("json")]);

    // A token inside a JSON body is not read: JSON callers must use the Authorization header.
    const noHeader = await fetch(`${fake.apiUrl}auth.test`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: "xoxb-fake-bot" }),
    });
    expect(await noHeader.json()).toEqual({ ok: false, error: "not_authed" });
  });

  it("threads replies, counts them on the parent and lists broadcasts in history", async () => {
    const rootTs = (await web.chat.postMessage({ channel: "C0PAGED", text: "root" })).ts as string;
    await web.chat.postMessage({ channel: "C0PAGED", text: "quiet reply", thread_ts: rootTs });
    const loud = await web.chat.postMessage({
      channel: "C0PAGED",
      text: "loud reply",
      thread_ts: rootTs,
      reply_broadcast: true,
    });
    const replies = await web.conversations.replies({ channel: "C0PAGED", ts: rootTs });
    expect(replies.messages?.map((m) => m.text)).toEqual(["root", "quiet reply", "loud reply"]);
    expect(replies.messages?.[0]).toMatchObject({ reply_count: 2, thread_ts: rootTs });
    const history = await web.conversations.history({ channel: "C0PAGED" });
    expect(history.messages?.map((m) => m.text)).toEqual(["loud reply", "root"]);
    expect(history.messages?.[0]).toMatchObject({ subtype: "thread_broadcast", ts: loud.ts });
  });

  it("returns metadata only with include_all_metadata and pages history with cursors", async () => {
    const posted: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await web.chat.postMessage({
        channel: "C0ALERTS",
        text: `page ${i}`,
        metadata: { event_type: "alert", event_payload: { n: i } },
      });
      posted.push(r.ts as string);
    }
    const oldest = posted[0] as string;
    const plain = await web.conversations.history({ channel: "C0ALERTS", oldest, inclusive: true, limit: 2 });
    expect(plain.messages?.map((m) => m.text)).toEqual(["page 4", "page 3"]);
    expect(plain.messages?.[0]?.metadata).toBeUndefined();
    expect(plain.has_more).toBe(true);

    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await web.conversations.history({
        channel: "C0ALERTS",
        oldest,
        inclusive: true,
        limit: 2,
        include_all_metadata: true,
        ...(cursor ? { cursor } : {}),
      });
      for (const m of page.messages ?? []) {
        seen.push(m.text as string);
        expect(m.metadata?.event_type).toBe("alert");
      }
      cursor = page.response_metadata?.next_cursor || undefined;
    } while (cursor);
    expect(seen).toEqual(["page 4", "page 3", "page 2", "page 1", "page 0"]);
    expect(
      (await platformError(web.conversations.history({ channel: "C0ALERTS", cursor: "bogus" }))).error,
    ).toBe("invalid_cursor");
  });

  it("updates only the bot's own messages, keeping blocks and metadata that are not resent", async () => {
    const posted = await web.chat.postMessage({
      channel: "C0ALERTS",
      text: "down",
      blocks: [section("down")],
      metadata: { event_type: "incident", event_payload: { id: "7" } },
    });
    const updated = await web.chat.update({
      channel: "C0ALERTS",
      ts: posted.ts as string,
      text: "acknowledged",
    });
    expect(updated).toMatchObject({ ok: true, channel: "C0ALERTS", ts: posted.ts, text: "acknowledged" });
    const stored = fake.state.findMessage("C0ALERTS", posted.ts as string);
    expect(stored?.text).toBe("acknowledged");
    expect(stored?.blocks).toEqual([section("down")]);
    expect(stored?.metadata?.event_payload).toEqual({ id: "7" });
    expect(stored?.edited?.user).toBe(BOT);

    const human = fake.state.addMessage("C0ALERTS", { user: "U0ALICE", text: "hi" });
    expect(
      (await platformError(web.chat.update({ channel: "C0ALERTS", ts: human.ts, text: "x" }))).error,
    ).toBe("cant_update_message");
    expect(
      (await platformError(web.chat.update({ channel: "C0ALERTS", ts: "1.000001", text: "x" }))).error,
    ).toBe("message_not_found");
  });

  it("reports Slack's errors for bad posts", async () => {
    const cases: [Promise<unknown>, string][] = [
      [web.chat.postMessage({ channel: "C0ALERTS", text: "" }), "no_text"],
      [web.chat.postMessage({ channel: "C0NOPE", text: "x" }), "channel_not_found"],
      [web.chat.postMessage({ channel: "C0QUIET", text: "x" }), "not_in_channel"],
      [web.chat.postMessage({ channel: "C0SECRET", text: "x" }), "channel_not_found"],
      [web.chat.postMessage({ channel: "C0OLD", text: "x" }), "is_archived"],
      [
        web.chat.postMessage({ channel: "C0ALERTS", text: "x", blocks: [{ text: "no type" }] as never }),
        "invalid_blocks",
      ],
      [web.chat.postEphemeral({ channel: "C0ALERTS", user: "U0NOPE", text: "x" }), "user_not_found"],
      [web.users.info({ user: "U0NOPE" }), "user_not_found"],
    ];
    for (const [call, error] of cases) expect((await platformError(call)).error).toBe(error);

    const tooMany = Array.from({ length: 51 }, (_, i) => section(`b${i}`));
    const result = await platformError(
      web.chat.postMessage({ channel: "C0ALERTS", text: "x", blocks: tooMany }),
    );
    expect(result.error).toBe("invalid_blocks");
    expect(result.messages?.[0]).toContain("[json-pointer:/blocks]");
  });

  it("answers unknown methods with HTTP 404 unknown_method", async () => {
    await expect(web.apiCall("chat.nope")).rejects.toMatchObject({
      code: ErrorCode.HTTPError,
      statusCode: 404,
    });
    expect(fake.state.callsOf("chat.nope").at(-1)?.result.error).toBe("unknown_method");
  });

  it("opens DMs for user ids and stores ephemeral messages per user", async () => {
    const dm = await web.chat.postMessage({ channel: "U0BOB", text: "hello bob" });
    expect(dm.channel).toMatch(/^D/);
    const opened = await web.conversations.open({ users: "U0BOB" });
    expect(opened.channel?.id).toBe(dm.channel);
    expect(opened.already_open).toBe(true);

    const eph = await web.chat.postEphemeral({ channel: "C0ALERTS", user: "U0ALICE", text: "only you" });
    expect(eph.message_ts).toMatch(/^\d+\.\d{6}$/);
    expect(fake.state.ephemeralFor("U0ALICE", "C0ALERTS").map((e) => e.text)).toContain("only you");
    const dmConversation = fake.state.conversation(dm.channel as string);
    expect(dmConversation?.members).toEqual(["U0BOB", BOT]);
    expect(
      (await platformError(web.chat.postEphemeral({ channel: "C0PAGED", user: "U0BOB", text: "x" }))).error,
    ).toBe("user_not_in_channel");
  });

  it("serves conversations.info/members, users.info, usergroups.list, permalinks and deletes", async () => {
    const info = await web.conversations.info({ channel: "C0ALERTS" });
    expect(info.channel).toMatchObject({
      id: "C0ALERTS",
      name: "alerts",
      is_member: true,
      is_private: false,
    });
    const members = await web.conversations.members({ channel: "C0ALERTS", limit: 2 });
    expect(members.members).toEqual(["U0ALICE", "U0BOB"]);
    expect(members.response_metadata?.next_cursor).not.toBe("");
    const user = await web.users.info({ user: "U0ALICE" });
    expect(user.user).toMatchObject({
      id: "U0ALICE",
      name: "alice",
      real_name: "Alice Adams",
      is_admin: true,
    });
    const groups = await web.usergroups.list({ include_users: true });
    expect(groups.usergroups?.map((g) => g.handle)).toEqual(["oncall", "sre"]);
    expect(groups.usergroups?.[0]?.users).toEqual(["U0ALICE", "U0BOB"]);

    const posted = await web.chat.postMessage({ channel: "C0ALERTS", text: "to delete" });
    const link = await web.chat.getPermalink({ channel: "C0ALERTS", message_ts: posted.ts as string });
    expect(link.permalink).toBe(
      `https://demo.slack.com/archives/C0ALERTS/p${(posted.ts as string).replace(".", "")}`,
    );
    await web.chat.delete({ channel: "C0ALERTS", ts: posted.ts as string });
    expect(fake.state.findMessage("C0ALERTS", posted.ts as string)).toBeUndefined();
  });

  it("uploads files the way filesUploadV2 drives files upload v2", async () => {
    const result = (await web.filesUploadV2({
      channel_id: "C0ALERTS",
      filename: "report.csv",
      content: "monitor,uptime\napi,99.9\n",
      initial_comment: "Weekly report",
    })) as unknown as { ok: boolean; files: { files: { id: string; name: string; size: number }[] }[] };
    expect(result.ok).toBe(true);
    const file = result.files[0]?.files[0];
    expect(file).toMatchObject({ name: "report.csv", size: 24 });
    const stored = fake.state.files.get(file?.id ?? "");
    expect(stored?.content?.toString()).toBe("monitor,uptime\napi,99.9\n");
    expect(stored?.channels).toEqual(["C0ALERTS"]);
    const shared = fake.state.channelMessages("C0ALERTS").at(-1);
    expect(shared?.text).toBe("Weekly report");
    expect(shared?.files?.[0]?.id).toBe(file?.id);
  });

  it("emits a change per mutation for a page to follow", async () => {
    const changes: unknown[] = [];
    const listener = (change: unknown) => changes.push(change);
    fake.events.on("change", listener);
    const posted = await web.chat.postMessage({ channel: "C0ALERTS", text: "watched" });
    fake.events.off("change", listener);
    expect(changes).toContainEqual({ kind: "conversation", channel: "C0ALERTS", ts: posted.ts });
  });
});

describe("fake Slack views", () => {
  const clock = fixedClock("2024-11-21T09:06:40Z");
  let fake: FakeSlack;
  let web: WebClient;
  const modal = (title: string, blocks: unknown[] = [section(title)]) => ({
    type: "modal" as const,
    title: { type: "plain_text" as const, text: title },
    blocks: blocks as never,
  });

  beforeAll(async () => {
    fake = await startFakeSlack({
      signingSecret: "s3cret",
      users,
      channels,
      clock,
      manifest: WIDE_MANIFEST,
      rateLimits: false,
    });
    web = client(fake);
  });
  afterAll(() => fake.close());

  it("exchanges a trigger_id once and within 3 seconds", async () => {
    const trigger = fake.issueTriggerId("U0ALICE");
    const opened = await web.views.open({ trigger_id: trigger, view: modal("Create monitor") });
    expect(opened.view).toMatchObject({
      type: "modal",
      root_view_id: opened.view?.id,
      previous_view_id: null,
    });
    expect(fake.state.topModal("U0ALICE")?.id).toBe(opened.view?.id);
    expect((await platformError(web.views.open({ trigger_id: trigger, view: modal("Again") }))).error).toBe(
      "exchanged_trigger_id",
    );
    const late = fake.issueTriggerId("U0ALICE");
    clock.advance(3001);
    expect((await platformError(web.views.open({ trigger_id: late, view: modal("Late") }))).error).toBe(
      "expired_trigger_id",
    );
    expect((await platformError(web.views.open({ trigger_id: "1.2.abc", view: modal("Bad") }))).error).toBe(
      "invalid_trigger_id",
    );
  });

  it("pushes at most 3 views and updates by view_id or external_id with hash checks", async () => {
    const root = await web.views.open({
      trigger_id: fake.issueTriggerId("U0BOB"),
      view: { ...modal("Root"), external_id: "bob-root" },
    });
    await web.views.push({ trigger_id: fake.issueTriggerId("U0BOB"), view: modal("Second") });
    const third = await web.views.push({ trigger_id: fake.issueTriggerId("U0BOB"), view: modal("Third") });
    expect(third.view).toMatchObject({ root_view_id: root.view?.id });
    expect(
      (
        await platformError(
          web.views.push({ trigger_id: fake.issueTriggerId("U0BOB"), view: modal("Fourth") }),
        )
      ).error,
    ).toBe("push_limit_reached");
    expect(fake.state.modalStack("U0BOB")).toHaveLength(3);

    const updated = await web.views.update({
      external_id: "bob-root",
      hash: root.view?.hash as string,
      view: modal("Root v2"),
    });
    expect(updated.view).toMatchObject({ id: root.view?.id, title: { text: "Root v2" } });
    expect(updated.view?.hash).not.toBe(root.view?.hash);
    expect(
      (
        await platformError(
          web.views.update({
            view_id: root.view?.id as string,
            hash: root.view?.hash as string,
            view: modal("Stale"),
          }),
        )
      ).error,
    ).toBe("hash_conflict");
    expect((await platformError(web.views.update({ view_id: "V0NOPE", view: modal("Nope") }))).error).toBe(
      "not_found",
    );
  });

  it("rejects views with more than 100 blocks or a title over 24 characters", async () => {
    const big = Array.from({ length: 101 }, (_, i) => section(`b${i}`));
    const tooBig = await platformError(
      web.views.open({ trigger_id: fake.issueTriggerId("U0ALICE"), view: modal("Big", big) }),
    );
    expect(tooBig.error).toBe("invalid_arguments");
    expect(tooBig.messages?.join()).toContain("/view/blocks");
    const longTitle = await platformError(
      web.views.open({
        trigger_id: fake.issueTriggerId("U0ALICE"),
        view: modal("A title that is far too long"),
      }),
    );
    expect(longTitle.messages?.join()).toContain("/view/title/text");
  });

  it("publishes the Home tab per user, keeping its id and checking the hash", async () => {
    const home = { type: "home" as const, blocks: [section("Welcome")] };
    const first = await web.views.publish({ user_id: "U0ALICE", view: home });
    const second = await web.views.publish({
      user_id: "U0ALICE",
      view: home,
      hash: first.view?.hash as string,
    });
    expect(second.view?.id).toBe(first.view?.id);
    expect(fake.state.homeViews.get("U0ALICE")?.hash).toBe(second.view?.hash);
    expect(
      (
        await platformError(
          web.views.publish({ user_id: "U0ALICE", view: home, hash: first.view?.hash as string }),
        )
      ).error,
    ).toBe("hash_conflict");
    expect((await platformError(web.views.publish({ user_id: "U0NOPE", view: home }))).error).toBe(
      "user_not_found",
    );
  });
});

describe("fake Slack rate limits and injected failures", () => {
  const clock = fixedClock("2024-11-21T09:06:40Z");
  let fake: FakeSlack;
  let web: WebClient;

  beforeAll(async () => {
    fake = await startFakeSlack({
      signingSecret: "s3cret",
      users,
      channels,
      clock,
      manifest: WIDE_MANIFEST,
      channelRateLimitPerSecond: 1,
      channelRateLimitBurst: 2,
    });
    web = client(fake);
  });
  afterAll(() => fake.close());

  it("answers 429 with Retry-After per channel past the burst, and recovers with time", async () => {
    await web.chat.postMessage({ channel: "C0ALERTS", text: "1" });
    await web.chat.postMessage({ channel: "C0ALERTS", text: "2" });
    await expect(web.chat.postMessage({ channel: "C0ALERTS", text: "3" })).rejects.toMatchObject({
      code: ErrorCode.RateLimitedError,
      retryAfter: 1,
    });
    // Another channel has its own budget.
    await expect(web.chat.postMessage({ channel: "C0PAGED", text: "elsewhere" })).resolves.toMatchObject({
      ok: true,
    });
    expect(fake.state.callsOf("chat.postMessage").at(-2)?.status).toBe(429);
    clock.advance(1000);
    await expect(web.chat.postMessage({ channel: "C0ALERTS", text: "4" })).resolves.toMatchObject({
      ok: true,
    });
    expect(fake.state.channelMessages("C0ALERTS").map((m) => m.text)).toEqual(["1", "2", "4"]);
  });

  it("fails the next calls of a method as asked", async () => {
    fake.failNext("chat.update", { error: "channel_not_found" });
    fake.failNext("chat.postMessage", { status: 429, retryAfter: 7 });
    fake.failNext("conversations.history", { status: 500 }, 2);
    expect((await platformError(web.chat.update({ channel: "C0PAGED", ts: "1.1", text: "x" }))).error).toBe(
      "channel_not_found",
    );
    await expect(web.chat.postMessage({ channel: "C0PAGED", text: "x" })).rejects.toMatchObject({
      retryAfter: 7,
    });
    for (let i = 0; i < 2; i++) {
      await expect(web.conversations.history({ channel: "C0PAGED" })).rejects.toMatchObject({
        code: ErrorCode.HTTPError,
        statusCode: 500,
      });
    }
    await expect(web.conversations.history({ channel: "C0PAGED" })).resolves.toMatchObject({ ok: true });
  });
});
