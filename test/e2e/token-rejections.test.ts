import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_TOKENS } from "../../dev/simulator";
import { ALERT_EVENT_TYPE } from "../../src/alerts/engine/alert-metadata";
import { pollTargetName } from "../../src/alerts/engine/poll/poll-target";
import { keyspace } from "../../src/store/keys";
import { PollTargetStore } from "../../src/store/poll-target-store";
import { SubscriptionStore } from "../../src/store/subscription-store";
import { linkUser, type Stack, startStack, textOf } from "../support/e2e-stack";
import { eventually, waitFor } from "../support/wait-for";

// Demo seed, team 1 "Acme Production": 1 Marketing site, 2 Web shop.
const MARKETING_SITE = 1;
const WEB_SHOP = 2;
const BLOG = 3;
const DOCS = 4;
const CHANNEL = "C0ALERTS";
const OWNER = DEMO_TOKENS.owner;

/** The windows of docs/architecture.md section 5 (3 polls over 2 minutes, 5-minute re-check), scaled down. */
const REJECTIONS = { minPolls: 3, minStreakMs: 3_000, recheckMs: 2_000 };

/**
 * "Never silent" end to end: the real bot (poll and delivery workers), the simulator answering 401 to the
 * poll token through its fault control, and the fake Slack. Rejections that do not last, or that the check
 * does not confirm, change nothing; a revoked token pauses with one note in the channel and one DM, and a
 * token that works again resumes by itself with one note and one DM.
 */
describe("token rejections end to end", () => {
  let stack: Stack;
  let redis: Redis;
  let scheduler: PollTargetStore;
  let subscriptions: SubscriptionStore;
  const target = pollTargetName("1", OWNER);

  const notes = (pattern: RegExp) =>
    stack.slack.state
      .channelMessages(CHANNEL)
      .filter((m) => m.metadata?.event_type !== ALERT_EVENT_TYPE && pattern.test(textOf(m)));
  const dms = (user: string, pattern: RegExp) => {
    const im = [...stack.slack.state.conversations.values()].find((c) => c.isIm && c.imUser === user);
    return (im?.messages ?? []).filter((m) => pattern.test(m.text));
  };
  const rootOf = (incidentId: string) =>
    stack.slack.state
      .channelMessages(CHANNEL)
      .find(
        (m) =>
          m.metadata?.event_type === ALERT_EVENT_TYPE && m.metadata.event_payload.incident_id === incidentId,
      );
  const rejectedPolls = () =>
    stack.simulator.control
      .requests(1000)
      .filter((r) => r.status === 401 && r.path === "/teams/1/checks" && OWNER.endsWith(r.token ?? "-"))
      .length;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const paused = async () => (await subscriptions.listByTarget(target)).filter((s) => s.paused !== null);

  beforeAll(async () => {
    stack = await startStack({
      env: { ALERT_WORKERS: "1", POLL_INTERVAL_SECONDS: "1" },
      bot: { rejections: REJECTIONS },
    });
    redis = new Redis(inject("redisUrl"));
    const keys = keyspace(stack.keyPrefix);
    scheduler = new PollTargetStore({ redis, keys });
    subscriptions = new SubscriptionStore({ redis, keys });
    await linkUser(stack, "U0ALICE", OWNER);
    await stack.slack.sender.slashCommand({ userId: "U0ALICE", channelId: CHANNEL, text: "subscribe" });
    await eventually(async () => {
      const state = (await scheduler.inspect(target))?.state;
      return state && JSON.parse(state).baselined === true ? true : undefined;
    }, 15_000);
  });
  afterAll(async () => {
    await stack?.close();
    await redis?.quit();
  });

  it("a 401 to the poll token that does not last, or that GET /users/me does not confirm, pauses nothing", async () => {
    stack.simulator.control.clearRequests();
    // Every call of the token refused, for less than the window (the 30 s of the fault suite, scaled).
    stack.simulator.control.setFault({ status: 401, token: OWNER });
    await eventually(async () => (rejectedPolls() >= 1 ? true : undefined));
    await sleep(1_000);
    stack.simulator.control.clearFaults();
    // The login layer refusing the poll calls only, for longer than the window: the check passes.
    stack.simulator.control.setFault({ status: 401, token: OWNER, path: "/teams/1/checks" });
    await eventually(async () => (rejectedPolls() >= 6 ? true : undefined), 15_000);
    stack.simulator.control.clearFaults();

    const id = stack.simulator.control.fail(MARKETING_SITE, "HTTP 503")?.id;
    const root = await waitFor(stack.slack.events, () => rootOf(String(id)), 15_000);
    expect(textOf(root)).toContain("Marketing site");
    expect(await paused()).toEqual([]);
    expect((await scheduler.inspect(target))?.paused).toBeNull();
    expect(notes(/paused/)).toEqual([]);
    expect(dms("U0ALICE", /paused/)).toEqual([]);
    // No new login needed: the link still holds the token.
    expect(textOf(await stack.command("U0ALICE", "subscriptions", CHANNEL))).not.toMatch(/, \d+ paused/);
    stack.simulator.control.recover(MARKETING_SITE);
  });

  it("a revoked token pauses (said once in the channel and by DM); once accepted again it resumes by itself", async () => {
    stack.simulator.control.setFault({ status: 401, token: OWNER });
    const note = await waitFor(stack.slack.events, () => notes(/paused/)[0], 20_000);
    expect(textOf(note)).toContain("Acme Production");
    const dm = await waitFor(stack.slack.events, () => dms("U0ALICE", /paused/)[0], 5_000);
    expect(dm.text).toContain("`/uptime login`");
    expect((await paused()).map((s) => s.paused?.reason)).toEqual(["token_rejected"]);
    expect(textOf(await stack.command("U0ALICE", "subscriptions", CHANNEL))).toContain(
      "1 alert subscription, 1 paused",
    );
    const metrics = await fetch(`http://127.0.0.1:${stack.bot.metricsPort}/metrics`).then((r) => r.text());
    expect(metrics).toContain('uptime_chatops_subscriptions_paused{reason="token_rejected"} 1');

    // Re-checked every recheckMs while still refused (the link has no token now): nobody is told twice.
    const streak = async () => (await scheduler.inspect(target))?.rejections ?? 0;
    const before = await streak();
    await eventually(async () => ((await streak()) >= before + 2 ? true : undefined), 10_000);
    expect(notes(/paused/)).toHaveLength(1);
    expect(dms("U0ALICE", /paused/)).toHaveLength(1);

    // The confirmed 401 dropped the token: Alice links again, and the next re-check resumes by itself.
    stack.simulator.control.clearFaults();
    await linkUser(stack, "U0ALICE", OWNER);
    const back = await waitFor(stack.slack.events, () => notes(/back on/)[0], 15_000);
    expect(textOf(back)).toContain("Acme Production");
    await waitFor(stack.slack.events, () => dms("U0ALICE", /back on/)[0], 5_000);
    expect(await paused()).toEqual([]);

    const id = stack.simulator.control.fail(WEB_SHOP, "HTTP 500")?.id;
    await waitFor(stack.slack.events, () => rootOf(String(id)), 15_000);
    expect(notes(/paused/)).toHaveLength(1);
    expect(notes(/back on/)).toHaveLength(1);
    expect(dms("U0ALICE", /back on/)).toHaveLength(1);
  });

  it("a permanent Slack error pauses through the same path: one DM, no channel note, and a token check does not lift it", async () => {
    const conversation = stack.slack.state.conversations.get(CHANNEL)!;
    conversation.isArchived = true;
    try {
      stack.simulator.control.fail(BLOG, "HTTP 502");
      const dm = await waitFor(stack.slack.events, () => dms("U0ALICE", /archived/)[0], 15_000);
      expect(dm.text).toContain(`<#${CHANNEL}>`);
      expect((await paused()).map((s) => s.paused?.reason)).toEqual(["is_archived"]);
      const metrics = await fetch(`http://127.0.0.1:${stack.bot.metricsPort}/metrics`).then((r) => r.text());
      expect(metrics).toContain('uptime_chatops_subscriptions_paused{reason="is_archived"} 1');

      // A poll failure and recovery of the token resumes token pauses only.
      stack.simulator.control.setFault({ status: 500, token: OWNER, count: 1 });
      await eventually(async () => ((await scheduler.inspect(target))?.failures === 0 ? undefined : true));
      await eventually(async () => ((await scheduler.inspect(target))?.failures === 0 ? true : undefined));
      expect((await paused()).map((s) => s.paused?.reason)).toEqual(["is_archived"]);

      // The subscribe reply checks the same list of Slack errors: nothing is changed in an archived channel.
      const reply = textOf(await stack.command("U0ALICE", "subscribe", CHANNEL));
      expect(reply).toContain("This channel is archived");
      expect(dms("U0ALICE", /archived/)).toHaveLength(1);
    } finally {
      conversation.isArchived = false;
      stack.simulator.control.recover(BLOG);
    }
  });

  it("another subscriber's token of the team takes over instead of pausing", async () => {
    // Alice's subscription runs again (the previous test left it paused for the archived channel).
    await stack.slack.sender.slashCommand({ userId: "U0ALICE", channelId: CHANNEL, text: "subscribe" });
    await eventually(async () => ((await paused()).length === 0 ? true : undefined));
    // Max, a member of the same team, has a subscription of his own in #general.
    await linkUser(stack, "U0BOB", DEMO_TOKENS.member);
    await stack.slack.sender.slashCommand({ userId: "U0BOB", channelId: "C0GENERAL", text: "subscribe" });
    const bobTarget = pollTargetName("1", DEMO_TOKENS.member);
    await eventually(async () => {
      const state = (await scheduler.inspect(bobTarget))?.state;
      return state && JSON.parse(state).baselined === true ? true : undefined;
    }, 15_000);
    const pausedNotes = notes(/paused/).length;
    const pausedDms = dms("U0ALICE", /paused/).length;

    stack.simulator.control.setFault({ status: 401, token: OWNER });
    try {
      await eventually(async () => ((await scheduler.has(target)) ? undefined : true), 20_000);
      const [moved] = await subscriptions
        .listByTarget(bobTarget)
        .then((subs) => subs.filter((s) => s.channelId === CHANNEL));
      expect(moved?.paused).toBeNull();
      expect(notes(/paused/)).toHaveLength(pausedNotes);
      expect(dms("U0ALICE", /paused/)).toHaveLength(pausedDms);

      // Alerts keep reaching the channel through Max's token.
      const id = stack.simulator.control.fail(DOCS, "HTTP 504")?.id;
      const root = await waitFor(stack.slack.events, () => rootOf(String(id)), 15_000);
      expect(textOf(root)).toContain("Docs");
    } finally {
      stack.simulator.control.clearFaults();
      stack.simulator.control.recover(DOCS);
    }
  });
});
