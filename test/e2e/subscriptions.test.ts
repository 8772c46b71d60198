import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_TOKENS } from "../../dev/simulator";
import { pollTargetName } from "../../src/alerts/engine/poll/poll-target";
import { keyspace } from "../../src/store/keys";
import { PollTargetStore } from "../../src/store/poll-target-store";
import { linkUser, type Stack, startStack, textOf } from "../support/e2e-stack";
import { eventually, waitFor } from "../support/wait-for";

// Demo seed: team 1 "Acme Production"; monitor 1 "Marketing site" in group Website.
const MARKETING_SITE = 1;

describe("/uptime subscribe, subscriptions, unsubscribe", () => {
  let stack: Stack;
  let redis: Redis;
  let scheduler: PollTargetStore;

  /** The bot's messages in a channel whose text matches. */
  const channelMessages = (channelId: string, pattern: RegExp) =>
    stack.slack.state.channelMessages(channelId).filter((m) => pattern.test(textOf(m)));

  beforeAll(async () => {
    stack = await startStack({ env: { ALERT_WORKERS: "1", POLL_INTERVAL_SECONDS: "1" } });
    redis = new Redis(inject("redisUrl"));
    scheduler = new PollTargetStore({ redis, keys: keyspace(stack.keyPrefix) });
    await linkUser(stack, "U0ALICE", DEMO_TOKENS.owner);
  });
  afterAll(async () => {
    await stack?.close();
    await redis?.quit();
  });

  it("subscribes a channel the bot is in: the summary of what is down now is posted there", async () => {
    stack.simulator.control.fail(MARKETING_SITE, "HTTP 503 Service Unavailable");
    const result = await stack.slack.sender.slashCommand({
      userId: "U0ALICE",
      channelId: "C0ALERTS",
      text: "subscribe --mention here",
    });
    expect(result.status).toBe(200);
    const announcement = await waitFor(
      stack.slack.events,
      () => channelMessages("C0ALERTS", /now gets alerts/)[0],
      10_000,
    );
    const text = textOf(announcement);
    expect(text).toContain("every monitor");
    expect(text).toContain("Acme Production");
    expect(text).toContain("Marketing site");
    expect(text).toContain("HTTP 503 Service Unavailable");
    expect(text).toContain("<@U0ALICE>");
    // Shown, never pinged.
    expect(text).not.toContain("<!here>");
    stack.simulator.control.recover(MARKETING_SITE);

    // The poll target exists, named by the token's hash, and its first poll is the baseline.
    const target = pollTargetName("1", DEMO_TOKENS.owner);
    // The announcement goes first (it proves the bot can post here); the subscription is stored right after.
    await eventually(async () => ((await scheduler.has(target)) ? true : undefined));
    const state = await eventually(async () => (await scheduler.inspect(target))?.state ?? undefined);
    expect(JSON.parse(state)).toMatchObject({ baselined: true });
    // The baseline posts nothing: the outage summarised above is not announced again.
    expect(channelMessages("C0ALERTS", /is down/)).toHaveLength(0);

    const list = textOf(await stack.command("U0ALICE", "subscriptions", "C0ALERTS"));
    expect(list).toContain("Acme Production");
    expect(list).toContain("every monitor");
    expect(list).toContain("@here");
    expect(list).toContain("<@U0ALICE>");
  });

  it("refuses a channel the bot is not in, and creates nothing", async () => {
    const reply = textOf(await stack.command("U0ALICE", "subscribe", "C0RANDOM"));
    expect(reply).toContain(
      "Invite @Uptime to this channel first (`/invite @Uptime`), then run the command again",
    );
    expect(stack.slack.state.channelMessages("C0RANDOM")).toHaveLength(0);
    const list = textOf(await stack.command("U0ALICE", "subscriptions", "C0RANDOM"));
    expect(list).toContain("This channel has no alert subscriptions");
  });

  it("asks an unlinked user to link first", async () => {
    const reply = await stack.command("U0CAROL", "subscribe", "C0ALERTS");
    expect(textOf(reply)).toContain(
      "Only a linked member of the subscribed Uptime team can subscribe this channel",
    );
    expect(JSON.stringify(reply.blocks)).toContain("Link account");
  });

  it("suggests the closest monitor and group names on a miss", async () => {
    const monitor = textOf(await stack.command("U0ALICE", "subscribe monitor:Marketng", "C0ALERTS"));
    expect(monitor).toContain('No monitor matches "Marketng"');
    expect(monitor).toContain("*Marketing site*");
    const group = textOf(await stack.command("U0ALICE", "subscribe group:Webiste", "C0ALERTS"));
    expect(group).toContain('No group matches "Webiste"');
    expect(group).toContain("*Website*");
  });

  it("explains that a usergroup typed as text cannot be pinged", async () => {
    const reply = textOf(
      await stack.command("U0ALICE", "subscribe group:Website --mention @oncall", "C0ALERTS"),
    );
    expect(reply).toContain("Type the group with the autocomplete");
    expect(reply).toContain("Nothing was subscribed");
  });

  it("subscribes with filters, and unsubscribe removes exactly the one named", async () => {
    await stack.slack.sender.slashCommand({
      userId: "U0ALICE",
      channelId: "C0ALERTS",
      text: 'subscribe monitor:"Marketing site" group:website --storm 10 --flap 4/30m',
    });
    await waitFor(
      stack.slack.events,
      () => channelMessages("C0ALERTS", /monitor \*Marketing site\*/)[0],
      10_000,
    );
    const both = await eventually(async () => {
      const list = textOf(await stack.command("U0ALICE", "subscriptions", "C0ALERTS"));
      return list.includes("2 alert subscriptions") ? list : undefined;
    });
    expect(both).toContain("monitor Marketing site and group Website");
    // Its own storm and flap rules are listed with it.
    expect(both).toContain("storm above 10 a minute · flapping at 4 in 30m");

    // What was removed is said in the channel, naming who removed it.
    await stack.slack.sender.slashCommand({
      userId: "U0ALICE",
      channelId: "C0ALERTS",
      text: 'unsubscribe monitor:"marketing site" group:Website',
    });
    const removed = textOf(
      await waitFor(stack.slack.events, () => channelMessages("C0ALERTS", /<@U0ALICE> removed/)[0], 10_000),
    );
    expect(removed).toContain("<@U0ALICE> removed a subscription of this channel");
    expect(removed).toContain("Marketing site");
    const none = textOf(await stack.command("U0ALICE", "unsubscribe group:API", "C0ALERTS"));
    expect(none).toContain("No subscription of this channel has exactly these filters");

    // Bare unsubscribe: the subscription without filters; the target goes with its last subscriber.
    await stack.slack.sender.slashCommand({ userId: "U0ALICE", channelId: "C0ALERTS", text: "unsubscribe" });
    await waitFor(stack.slack.events, () => channelMessages("C0ALERTS", /<@U0ALICE> removed/)[1], 10_000);
    expect(textOf(await stack.command("U0ALICE", "subscriptions", "C0ALERTS"))).toContain(
      "This channel has no alert subscriptions",
    );
    expect(await scheduler.has(pollTargetName("1", DEMO_TOKENS.owner))).toBe(false);
  });
});
