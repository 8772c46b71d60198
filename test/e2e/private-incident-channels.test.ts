// Incident channels are private and print no secret: whatever the alert's channel (private or public), "Open
// incident channel" creates a private channel (conversations.create is_private, groups:write) that only the
// clicker and the people invited can read, mentions the subscription's user group instead of inviting its
// members one by one, and shows the incident's reason as scrubbed as the alert does.
import { WebClient } from "@slack/web-api";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEFAULT_USERS } from "../../dev/playground/fake-slack/fake-slack";
import type { StoredMessage } from "../../dev/playground/fake-slack/types";
import { DEMO_TOKENS } from "../../dev/simulator";
import { ALERT_EVENT_TYPE } from "../../src/alerts/engine/alert-metadata";
import { pollTargetName } from "../../src/alerts/engine/poll/poll-target";
import { keyspace } from "../../src/store/keys";
import { PollTargetStore } from "../../src/store/poll-target-store";
import { actions } from "../../src/ui/ids";
import { linkUser, type Stack, startStack, textOf } from "../support/e2e-stack";
import { eventually, waitFor } from "../support/wait-for";

// Demo seed, team 1 "Acme Production": 1 Marketing site, 2 Web shop.
const MARKETING_SITE = 1;
const WEB_SHOP = 2;
const PRIVATE_SOURCE = "C0PRIVOPS";
const PUBLIC_SOURCE = "C0PUBOPS";
const REASON = "GET https://deploy:s3cret@api.example.com/health?key=abc#frag -> 503";
const SCRUBBED = "GET https://api.example.com/health -&gt; 503";
const SECRETS = ["s3cret", "deploy:", "key=abc", "#frag"];
/** A user group bigger than an incident channel's invites: 14 people besides Alice, Bob and Carol. */
const CROWD = Array.from({ length: 14 }, (_, i) => ({
  id: `U0ENG${String(i).padStart(2, "0")}`,
  name: `eng${i}`,
  realName: `Engineer ${i}`,
}));
const USERS = [...DEFAULT_USERS, ...CROWD];
const ALL_ENG = { id: "S0ALLENG", handle: "all-eng", name: "All engineering", users: CROWD.map((u) => u.id) };

describe("incident channels are private, bounded, and print no secret", () => {
  let stack: Stack;
  let redis: Redis;

  const rootOf = (channel: string, incidentId: string) =>
    stack.slack.state
      .channelMessages(channel)
      .find(
        (m) =>
          m.metadata?.event_type === ALERT_EVENT_TYPE && m.metadata.event_payload.incident_id === incidentId,
      );
  const openButton = (m: StoredMessage): Record<string, unknown> => {
    const blocks = [
      ...((m.blocks ?? []) as { elements?: Record<string, unknown>[] }[]),
      ...(((m.attachments?.[0] as { blocks?: unknown[] } | undefined)?.blocks ?? []) as {
        elements?: Record<string, unknown>[];
      }[]),
    ];
    for (const block of blocks) {
      const found = block.elements?.find((e) => e.action_id === actions.openIncidentChannel);
      if (found) return found;
    }
    throw new Error("no Open incident channel button on the alert");
  };
  const readAs = (userId: string) =>
    new WebClient(stack.slack.state.userTokenFor(userId), {
      slackApiUrl: stack.slack.apiUrl,
      retryConfig: { retries: 0 },
    });
  const slackError = async (call: Promise<unknown>): Promise<string> => {
    try {
      await call;
    } catch (error) {
      return (error as { data?: { error?: string } }).data?.error ?? String(error);
    }
    return "ok";
  };

  /** Fails a monitor, clicks Open incident channel on its alert in `source`, and answers the new channel. */
  async function openFrom(source: string, monitorId: number) {
    const before = new Set(stack.slack.state.conversations.keys());
    const incident = stack.simulator.control.fail(monitorId, REASON);
    if (!incident) throw new Error(`monitor ${monitorId} opened no incident`);
    await stack.simulator.control.runChecks(monitorId);
    const root = await waitFor(stack.slack.events, () => rootOf(source, incident.id), 20_000);
    await stack.slack.sender.blockAction({
      userId: "U0ALICE",
      container: { type: "message", channel: source, ts: root.ts },
      actions: [openButton(root) as { action_id: string }],
    });
    const channel = await waitFor(
      stack.slack.events,
      () =>
        [...stack.slack.state.conversations.values()].find(
          (c) => !before.has(c.id) && c.name.startsWith("inc-") && c.messages.length > 0,
        ),
      20_000,
    );
    return { channel, root };
  }

  beforeAll(async () => {
    stack = await startStack({
      env: { ALERT_WORKERS: "1", POLL_INTERVAL_SECONDS: "1" },
      slack: { users: USERS, usergroups: [ALL_ENG] },
      extraChannels: [
        { id: PRIVATE_SOURCE, name: "ops-private", isPrivate: true, members: ["U0ALICE", "U0BOB", "U0BOT"] },
        { id: PUBLIC_SOURCE, name: "ops-public", members: ["U0ALICE", "U0BOB", "U0BOT"] },
      ],
    });
    redis = new Redis(inject("redisUrl"));
    await linkUser(stack, "U0ALICE", DEMO_TOKENS.owner);
    for (const channelId of [PRIVATE_SOURCE, PUBLIC_SOURCE]) {
      await stack.slack.sender.slashCommand({
        userId: "U0ALICE",
        channelId,
        text: "subscribe --mention <!subteam^S0ALLENG|@all-eng>",
      });
    }
    // The outages must start after the baseline, which announces nothing that is already down.
    const scheduler = new PollTargetStore({ redis, keys: keyspace(stack.keyPrefix) });
    const target = pollTargetName("1", DEMO_TOKENS.owner);
    await eventually(async () => {
      const state = (await scheduler.inspect(target))?.state;
      return state && JSON.parse(state).baselined === true ? true : undefined;
    }, 15_000);
  });
  afterAll(async () => {
    await stack?.close();
    await redis?.quit();
  });

  it("the incident channel shows the reason without user info, query or fragment", async () => {
    const { channel, root } = await openFrom(PRIVATE_SOURCE, MARKETING_SITE);
    // The control: the alert and the channel's summary both show the reason at all.
    expect(JSON.stringify(root)).toContain(SCRUBBED);
    const messages = JSON.stringify(stack.slack.state.channelMessages(channel.id));
    expect(messages).toContain(SCRUBBED);
    for (const secret of SECRETS) expect(messages).not.toContain(secret);
  });

  it.each([
    ["a private", PRIVATE_SOURCE, MARKETING_SITE],
    ["a public", PUBLIC_SOURCE, WEB_SHOP],
  ])(
    "from %s channel it is private, bounded, names the group, and an outsider cannot read it",
    async (_, source, monitorId) => {
      const existing = [...stack.slack.state.conversations.values()].find(
        (c) =>
          c.name.startsWith("inc-") && c.messages.some((m) => JSON.stringify(m).includes(`<#${source}>`)),
      );
      const channel = existing ?? (await openFrom(source, monitorId)).channel;
      expect(channel.isPrivate).toBe(true);
      const created = stack.slack.state
        .callsOf("conversations.create")
        .find((c) => (c.result.channel as { id?: string } | undefined)?.id === channel.id);
      expect(created?.args.is_private).toBeTruthy();

      // The clicker is in; the group's 14 members are not invited one by one (at most 10 people are).
      expect(channel.members).toContain("U0ALICE");
      const people = channel.members.filter((m) => m !== "U0BOT");
      expect(people.length).toBeLessThanOrEqual(10);
      for (const member of ALL_ENG.users) expect(channel.members).not.toContain(member);
      // The group is mentioned in the channel instead.
      expect(stack.slack.state.channelMessages(channel.id).map(textOf).join("\n")).toContain(
        "<!subteam^S0ALLENG>",
      );

      // A member reads it with their own token; Carol, in no source channel and no group, cannot.
      const alice = readAs("U0ALICE");
      expect((await alice.conversations.history({ channel: channel.id })).messages?.length).toBeGreaterThan(
        0,
      );
      const carol = readAs("U0CAROL");
      expect(await slackError(carol.conversations.history({ channel: channel.id }))).toBe(
        "channel_not_found",
      );
      expect(await slackError(carol.conversations.info({ channel: channel.id }))).toBe("channel_not_found");
      expect(await slackError(carol.conversations.members({ channel: channel.id }))).toBe(
        "channel_not_found",
      );
    },
  );
});
