import { ErrorCode, WebClient } from "@slack/web-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeSlack, startFakeSlack } from "../../../dev/playground/fake-slack";
import { WebApiPoster } from "../../../src/slack/web-api-poster";
import { quietLogger } from "./quiet-logger";
import { WIDE_MANIFEST } from "./wide-manifest";

const BOT = "U0BOT";
const users = [
  { id: "U0ALICE", name: "alice", realName: "Alice Adams" },
  { id: "U0BOB", name: "bob", realName: "Bob Brown" },
  { id: "U0CAROL", name: "carol", realName: "Carol Chen" },
];
const channels = [
  { id: "C0GENERAL", name: "general", members: ["U0ALICE", BOT] },
  { id: "C0QUIET", name: "quiet", members: ["U0ALICE"] },
  { id: "C0SECRET", name: "secret", isPrivate: true, members: ["U0ALICE"] },
];
const usergroups = [{ id: "S0ONCALL", handle: "oncall", name: "On-call", users: ["U0ALICE", "U0BOB"] }];

async function refusal(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    const e = error as { code?: string; data?: { error: string } };
    expect(e.code).toBe(ErrorCode.PlatformError);
    return e.data?.error ?? "";
  }
  throw new Error("expected the call to fail");
}

/**
 * The fake's conversations.create, .invite, .archive and usergroups.users.list (issue 38), through a real
 * WebClient: Slack's answers and refusals (each method's reference page, "Errors"), and the bot's poster
 * on top of them.
 */
describe("fake Slack: incident channel methods", () => {
  let fake: FakeSlack;
  let web: WebClient;

  beforeAll(async () => {
    fake = await startFakeSlack({
      signingSecret: "s3cret",
      users,
      channels,
      usergroups,
      manifest: WIDE_MANIFEST,
      rateLimits: false,
    });
    web = new WebClient("xoxb-fake-bot", {
      slackApiUrl: fake.apiUrl,
      retryConfig: { retries: 0 },
      logger: quietLogger(),
    });
  });
  afterAll(() => fake.close());

  it("conversations.create enforces Slack's naming rules and refuses a taken name", async () => {
    expect(await refusal(web.conversations.create({ name: "" }))).toBe("invalid_name_required");
    expect(await refusal(web.conversations.create({ name: "Inc-Upper" }))).toBe("invalid_name_specials");
    expect(await refusal(web.conversations.create({ name: "inc 1" }))).toBe("invalid_name_specials");
    expect(await refusal(web.conversations.create({ name: "---" }))).toBe("invalid_name_punctuation");
    expect(await refusal(web.conversations.create({ name: "a".repeat(81) }))).toBe("invalid_name_maxlength");
    expect(await refusal(web.conversations.create({ name: "general" }))).toBe("name_taken");
    const created = await web.conversations.create({ name: "inc-20261128-web_shop" });
    expect(created.channel?.name).toBe("inc-20261128-web_shop");
    // The creator (the bot) is its first member.
    expect(fake.state.conversation(created.channel!.id!)?.members).toEqual([BOT]);
    expect(await refusal(web.conversations.create({ name: "inc-20261128-web_shop" }))).toBe("name_taken");
  });

  it("conversations.invite refuses the whole call when one invite fails, unless force", async () => {
    const { channel } = await web.conversations.create({ name: "inc-invite" });
    const id = channel!.id!;
    expect(await refusal(web.conversations.invite({ channel: id, users: "U0ALICE,U0NOBODY" }))).toBe(
      "user_not_found",
    );
    expect(fake.state.conversation(id)?.members).toEqual([BOT]);
    expect(await refusal(web.conversations.invite({ channel: id, users: BOT }))).toBe("cant_invite_self");
    await web.conversations.invite({ channel: id, users: "U0ALICE" });
    expect(await refusal(web.conversations.invite({ channel: id, users: "U0ALICE" }))).toBe(
      "already_in_channel",
    );
    await web.conversations.invite({ channel: id, users: "U0ALICE,U0BOB", force: true });
    expect(fake.state.conversation(id)?.members).toEqual([BOT, "U0ALICE", "U0BOB"]);
    // The caller must be a member; a private channel it is not in does not exist for it.
    expect(await refusal(web.conversations.invite({ channel: "C0QUIET", users: "U0BOB" }))).toBe(
      "not_in_channel",
    );
    expect(await refusal(web.conversations.invite({ channel: "C0SECRET", users: "U0BOB" }))).toBe(
      "channel_not_found",
    );
  });

  it("the poster invites everyone it can, skipping who is in, one at a time when a batch fails", async () => {
    const poster = WebApiPoster.fromToken("xoxb-fake-bot", { slackApiUrl: fake.apiUrl });
    const { id } = await poster.createChannel("inc-poster");
    // Incident channels are private: only the bot, then who it invites, can read them.
    expect(fake.state.conversation(id)?.isPrivate).toBe(true);
    await poster.inviteToChannel(id, ["U0ALICE"]);
    await poster.inviteToChannel(id, ["U0ALICE", "U0BOB", "U0CAROL", BOT]);
    expect([...(fake.state.conversation(id)?.members ?? [])].sort()).toEqual(
      [BOT, "U0ALICE", "U0BOB", "U0CAROL"].sort(),
    );
    await poster.archiveChannel(id);
    // Archived twice: already_archived is left as it is.
    await poster.archiveChannel(id);
    expect(fake.state.conversation(id)?.isArchived).toBe(true);
  });

  it("conversations.archive refuses #general, an archived channel, and one the bot is not in", async () => {
    const { channel } = await web.conversations.create({ name: "inc-archive" });
    expect(await refusal(web.conversations.archive({ channel: "C0GENERAL" }))).toBe("cant_archive_general");
    expect(await refusal(web.conversations.archive({ channel: "C0QUIET" }))).toBe("not_in_channel");
    await web.conversations.archive({ channel: channel!.id! });
    expect(await refusal(web.conversations.archive({ channel: channel!.id! }))).toBe("already_archived");
    expect(await refusal(web.chat.postMessage({ channel: channel!.id!, text: "late" }))).toBe("is_archived");
    expect(await refusal(web.conversations.invite({ channel: channel!.id!, users: "U0BOB" }))).toBe(
      "is_archived",
    );
  });

  it("usergroups.users.list answers a group's members and no_such_subteam for an unknown one", async () => {
    expect((await web.usergroups.users.list({ usergroup: "S0ONCALL" })).users).toEqual(["U0ALICE", "U0BOB"]);
    expect(await refusal(web.usergroups.users.list({ usergroup: "S0NOPE" }))).toBe("no_such_subteam");
  });

  it("a private channel is read by its members only: another person's token gets channel_not_found", async () => {
    const { channel } = await web.conversations.create({ name: "inc-private", is_private: true });
    const id = channel!.id!;
    expect(channel?.is_private).toBe(true);
    await web.conversations.invite({ channel: id, users: "U0ALICE" });
    await web.chat.postMessage({ channel: id, text: "GET https://host/health -> 503" });
    const as = (user: string) =>
      new WebClient(fake.state.userTokenFor(user), {
        slackApiUrl: fake.apiUrl,
        retryConfig: { retries: 0 },
        logger: quietLogger(),
      });
    const alice = as("U0ALICE");
    expect((await alice.conversations.history({ channel: id })).messages).toHaveLength(1);
    expect((await alice.conversations.info({ channel: id })).channel?.is_private).toBe(true);
    const carol = as("U0CAROL");
    expect(await refusal(carol.conversations.history({ channel: id }))).toBe("channel_not_found");
    expect(await refusal(carol.conversations.info({ channel: id }))).toBe("channel_not_found");
    expect(await refusal(carol.conversations.members({ channel: id }))).toBe("channel_not_found");
    // A person's token reads; it does not post as the app.
    expect(await refusal(carol.chat.postMessage({ channel: "C0GENERAL", text: "x" }))).toBe(
      "not_allowed_token_type",
    );
  });

  it("asks groups:write for a private channel and usergroups:read for a group, as Slack does", async () => {
    const narrow = await startFakeSlack({
      signingSecret: "s3cret",
      users,
      channels,
      usergroups,
      manifest: { oauth_config: { scopes: { bot: ["chat:write", "channels:manage"] } } },
      rateLimits: false,
    });
    try {
      const client = new WebClient("xoxb-fake-bot", {
        slackApiUrl: narrow.apiUrl,
        retryConfig: { retries: 0 },
        logger: quietLogger(),
      });
      // channels:manage makes a public channel only; a private one needs groups:write.
      expect((await client.conversations.create({ name: "inc-public" })).channel?.is_private).toBe(false);
      const privately = client.conversations.create({ name: "inc-x", is_private: true });
      await expect(privately).rejects.toMatchObject({
        data: { error: "missing_scope", needed: "groups:write" },
      });
      expect([...narrow.state.conversations.values()].some((c) => c.name === "inc-x")).toBe(false);
      expect(await refusal(client.usergroups.users.list({ usergroup: "S0ONCALL" }))).toBe("missing_scope");
    } finally {
      await narrow.close();
    }
  });
});
