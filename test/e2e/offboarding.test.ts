// Offboarding end to end: the real bot (poll and delivery workers) over signed HTTP, the fake Slack (which
// sends user_change with `deleted: true` when an admin deactivates someone, as the manifest subscribes to it
// with users:read, and tokens_revoked), the simulator (demo seed) and Redis. A person who leaves takes their
// link and token with them at once: their personal alerts end, their link unfurls stop refreshing, and the
// channel subscriptions read with their token move to another linked member of the same workspace or pause
// with a note saying why.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_TOKENS } from "../../dev/simulator";
import { ALERT_EVENT_TYPE } from "../../src/alerts/engine/alert-metadata";
import { pollTargetName } from "../../src/alerts/engine/poll/poll-target";
import { keyspace } from "../../src/store/keys";
import { PollTargetStore } from "../../src/store/poll-target-store";
import { SubscriptionStore } from "../../src/store/subscription-store";
import { actions } from "../../src/ui/ids";
import { linkUser, type Stack, startStack, textOf } from "../support/e2e-stack";
import { hhmm, setQuietHours, turnOnPersonalAlerts } from "../support/personal-alerts";
import { eventually, waitFor } from "../support/wait-for";

// Demo seed, team 1 "Acme Production": 1 Marketing site, 2 Web shop.
const MARKETING_SITE = 1;
const WEB_SHOP = 2;
const WEB = "https://uptime.example.com";
const STAGING = "C0STAGING";
const OPS = "C0OPS";
/** The windows of docs/architecture.md section 5, scaled down. */
const REJECTIONS = { minPolls: 3, minStreakMs: 3_000, recheckMs: 2_000 };
const MEMBERS = ["U0ALICE", "U0BOB", "U0CAROL", "U0BOT"];

function helpers(get: () => Stack) {
  const keys = () => keyspace(get().keyPrefix);
  return {
    notes: (channel: string, pattern: RegExp) =>
      get()
        .slack.state.channelMessages(channel)
        .filter((m) => m.metadata?.event_type !== ALERT_EVENT_TYPE && pattern.test(textOf(m))),
    dms: (user: string, pattern: RegExp) => {
      const im = [...get().slack.state.conversations.values()].find((c) => c.isIm && c.imUser === user);
      return (im?.messages ?? []).filter((m) => pattern.test(textOf(m)));
    },
    rootOf: (channel: string, incidentId: string) =>
      get()
        .slack.state.channelMessages(channel)
        .find(
          (m) =>
            m.metadata?.event_type === ALERT_EVENT_TYPE &&
            m.metadata.event_payload.incident_id === incidentId,
        ),
    linkKey: (userId: string) => keys().link(`T:${get().slack.config.teamId}`, userId),
    baselined: (scheduler: PollTargetStore, target: string) =>
      eventually(async () => {
        const state = (await scheduler.inspect(target))?.state;
        return state && JSON.parse(state).baselined === true ? true : undefined;
      }, 15_000),
  };
}

describe("offboarding: a person deactivated in Slack", () => {
  let stack: Stack;
  let redis: Redis;
  let scheduler: PollTargetStore;
  let subscriptions: SubscriptionStore;
  const h = helpers(() => stack);
  const ws = () => ({ teamId: stack.slack.config.teamId });

  beforeAll(async () => {
    stack = await startStack({
      env: { UPTIME_WEB_URL: WEB, ALERT_WORKERS: "1", POLL_INTERVAL_SECONDS: "1" },
      bot: { rejections: REJECTIONS },
      extraChannels: [{ id: STAGING, name: "staging", members: MEMBERS }],
    });
    redis = new Redis(inject("redisUrl"));
    // Alice's personal alerts must arrive at the top of her DM whatever the hour: the seed's quiet hours
    // (22:00-07:00 in her Europe/Berlin) would turn them into thread replies, so hers move hours away (A7).
    const now = Date.now();
    await setQuietHours(stack, DEMO_TOKENS.owner, hhmm(now + 6 * 3_600_000), hhmm(now + 8 * 3_600_000));
    scheduler = new PollTargetStore({ redis, keys: keyspace(stack.keyPrefix) });
    subscriptions = new SubscriptionStore({ redis, keys: keyspace(stack.keyPrefix) });
  });
  afterAll(async () => {
    await stack?.close();
    await redis?.quit();
  });

  it("with nobody else to take over: link and token gone at once, the channel paused with a note saying why", async () => {
    await linkUser(stack, "U0CAROL", DEMO_TOKENS.stagingOwner);
    await stack.slack.sender.slashCommand({ userId: "U0CAROL", channelId: STAGING, text: "subscribe" });
    const target = pollTargetName("2", DEMO_TOKENS.stagingOwner);
    await h.baselined(scheduler, target);
    expect(await redis.exists(h.linkKey("U0CAROL"))).toBe(1);

    const sent = await stack.slack.deactivateUser("U0CAROL");
    expect(sent?.status).toBe(200);
    const note = await waitFor(stack.slack.events, () => h.notes(STAGING, /paused/)[0], 10_000);
    expect(textOf(note)).toContain("left this Slack workspace");
    expect(textOf(note)).toContain("`/uptime subscribe`");
    expect(await redis.exists(h.linkKey("U0CAROL"))).toBe(0);
    const [sub] = await subscriptions.listByChannel(ws(), STAGING);
    expect(sub?.paused?.reason).toBe("subscriber_left");

    // Slack redelivers: nothing is said twice, and nobody is written to in the deactivated person's DM.
    await stack.slack.deactivateUser("U0CAROL");
    await eventually(async () => (stack.bot.inFlight() === 0 ? true : undefined));
    expect(h.notes(STAGING, /paused/)).toHaveLength(1);
    expect(h.dms("U0CAROL", /paused/)).toEqual([]);
  });

  it("with a linked member of the team: their channel moves, their personal alerts end, their unfurls stop refreshing", async () => {
    await linkUser(stack, "U0ALICE", DEMO_TOKENS.owner);
    await linkUser(stack, "U0BOB", DEMO_TOKENS.member);
    await stack.slack.sender.slashCommand({ userId: "U0ALICE", channelId: "C0ALERTS", text: "subscribe" });
    await stack.slack.sender.slashCommand({ userId: "U0BOB", channelId: "C0GENERAL", text: "subscribe" });
    const aliceDm = await turnOnPersonalAlerts(stack, "U0ALICE");
    const aliceTarget = pollTargetName("1", DEMO_TOKENS.owner);
    const bobTarget = pollTargetName("1", DEMO_TOKENS.member);
    await h.baselined(scheduler, aliceTarget);
    await h.baselined(scheduler, bobTarget);

    // An outage: Alice hears of it in #alerts and in her DM, and both post the incident's link.
    const incident = stack.simulator.control.fail(MARKETING_SITE, "HTTP 503");
    if (!incident) throw new Error("the monitor opened no incident");
    await waitFor(stack.slack.events, () => h.rootOf("C0ALERTS", incident.id), 15_000);
    await waitFor(stack.slack.events, () => h.rootOf(aliceDm, incident.id), 15_000);
    const url = `${WEB}/incidents/${incident.id}`;
    const card = (ts: string, probe: (card: string) => boolean = () => true) =>
      waitFor(
        stack.slack.events,
        () => {
          const found = stack.slack.state.findMessage("C0GENERAL", ts)?.app_unfurls?.[url];
          return found !== undefined && probe(JSON.stringify(found)) ? JSON.stringify(found) : undefined;
        },
        20_000,
      );
    const alicePost = await stack.slack.postUserMessage({
      userId: "U0ALICE",
      channelId: "C0GENERAL",
      text: url,
    });
    const bobPost = await stack.slack.postUserMessage({ userId: "U0BOB", channelId: "C0GENERAL", text: url });
    // Each is asked before their link unfurls (docs/slack-app.md "Link unfurls"), and says Show.
    for (const userId of ["U0ALICE", "U0BOB"]) {
      const question = await waitFor(stack.slack.events, () =>
        stack.slack.state
          .ephemeralFor(userId, "C0GENERAL")
          .find((e) => e.text.startsWith("Show a live preview")),
      );
      await stack.slack.sender.blockAction({
        userId,
        container: { type: "ephemeral", ts: question.ts, channel: "C0GENERAL" },
        actions: [{ action_id: actions.unfurlShow }],
      });
    }
    await card(alicePost.ts);
    await card(bobPost.ts);
    const unfurlsOf = (ts: string) =>
      stack.slack.state.callsOf("chat.unfurl").filter((c) => c.args.ts === ts);
    expect(unfurlsOf(alicePost.ts)).toHaveLength(1);

    // Delivered twice at once (a retry racing the first delivery): one replica's work, said once.
    await Promise.all([stack.slack.deactivateUser("U0ALICE"), stack.slack.deactivateUser("U0ALICE")]);
    const moved = await waitFor(stack.slack.events, () => h.notes("C0ALERTS", /go on here/)[0], 10_000);
    expect(textOf(moved)).toContain("<@U0BOB>");
    expect(textOf(moved)).toContain("<@U0ALICE> has left this Slack workspace");
    expect(await redis.exists(h.linkKey("U0ALICE"))).toBe(0);
    expect(await redis.sismember(keyspace(stack.keyPrefix).linkIndex(`T:${ws().teamId}`), "U0ALICE")).toBe(0);
    // #alerts now polls with Bob's token, unpaused; Alice's own alerts are gone, and so is her target.
    const [alerts] = await subscriptions.listByChannel(ws(), "C0ALERTS");
    expect(alerts?.target).toBe(bobTarget);
    expect(alerts?.paused).toBeNull();
    expect(await subscriptions.listByChannel(ws(), aliceDm)).toEqual([]);
    expect(await scheduler.has(aliceTarget)).toBe(false);
    await waitFor(stack.slack.events, () => h.dms("U0BOB", /now reads the alerts/)[0], 5_000);
    await eventually(async () => (stack.bot.inFlight() === 0 ? true : undefined));
    expect(h.notes("C0ALERTS", /go on here/)).toHaveLength(1);
    expect(h.dms("U0BOB", /now reads the alerts/)).toHaveLength(1);

    // The incident ends: Bob's card is drawn again with his token, Alice's is left as it was.
    stack.simulator.control.recover(MARKETING_SITE);
    await card(bobPost.ts, (c) => !c.includes("incident.acknowledge"));
    expect(unfurlsOf(alicePost.ts)).toHaveLength(1);
    expect(await card(alicePost.ts)).toContain("incident.acknowledge");

    // The next outage reaches #alerts through Bob's token, and no longer Alice's DM.
    const next = stack.simulator.control.fail(WEB_SHOP, "HTTP 500");
    if (!next) throw new Error("the monitor opened no incident");
    await waitFor(stack.slack.events, () => h.rootOf("C0ALERTS", next.id), 15_000);
    await waitFor(stack.slack.events, () => h.rootOf("C0GENERAL", next.id), 15_000);
    expect(h.rootOf(aliceDm, next.id)).toBeUndefined();
    stack.simulator.control.recover(WEB_SHOP);
  });

  it("tokens_revoked for a person does the same: their link goes, their channels pause as left", async () => {
    const sent = await stack.slack.revokeTokens({ oauth: ["U0BOB"] });
    expect(sent?.status).toBe(200);
    // Bob's token read #general and (since Alice left) #alerts; nobody linked is left to take over.
    await waitFor(stack.slack.events, () => h.notes("C0GENERAL", /paused/)[0], 10_000);
    await waitFor(stack.slack.events, () => h.notes("C0ALERTS", /paused/)[0], 10_000);
    expect(await redis.exists(h.linkKey("U0BOB"))).toBe(0);
    const reasons = [
      ...(await subscriptions.listByChannel(ws(), "C0GENERAL")),
      ...(await subscriptions.listByChannel(ws(), "C0ALERTS")),
    ].map((s) => s.paused?.reason);
    expect(reasons).toEqual(["subscriber_left", "subscriber_left"]);
  });

  it("tokens_revoked for the bot removes every link of the workspace", async () => {
    await linkUser(stack, "U0ALICE", DEMO_TOKENS.owner);
    await linkUser(stack, "U0CAROL", DEMO_TOKENS.stagingOwner);
    await stack.slack.revokeTokens({ bot: [stack.slack.config.botUserId] });
    await eventually(async () => ((await redis.exists(h.linkKey("U0ALICE"))) === 0 ? true : undefined));
    expect(await redis.exists(h.linkKey("U0CAROL"))).toBe(0);
  });
});

describe("a take-over whose first direct message fails", () => {
  let stack: Stack;
  let redis: Redis;
  let scheduler: PollTargetStore;
  const h = helpers(() => stack);

  beforeAll(async () => {
    stack = await startStack({
      env: { ALERT_WORKERS: "1", POLL_INTERVAL_SECONDS: "1" },
      bot: { rejections: REJECTIONS },
      extraChannels: [{ id: OPS, name: "ops", members: MEMBERS }],
    });
    redis = new Redis(inject("redisUrl"));
    scheduler = new PollTargetStore({ redis, keys: keyspace(stack.keyPrefix) });
  });
  afterAll(async () => {
    await stack?.close();
    await redis?.quit();
  });

  it("still posts the other channel's note and the other direct message", async () => {
    await linkUser(stack, "U0ALICE", DEMO_TOKENS.owner);
    await linkUser(stack, "U0BOB", DEMO_TOKENS.member);
    for (const channelId of ["C0ALERTS", OPS]) {
      await stack.slack.sender.slashCommand({ userId: "U0ALICE", channelId, text: "subscribe" });
    }
    await stack.slack.sender.slashCommand({ userId: "U0BOB", channelId: "C0GENERAL", text: "subscribe" });
    const aliceTarget = pollTargetName("1", DEMO_TOKENS.owner);
    await h.baselined(scheduler, aliceTarget);
    await h.baselined(scheduler, pollTargetName("1", DEMO_TOKENS.member));

    // Slack refuses the first DM to Bob (the member whose token takes over), and only that one.
    stack.slack.failNext("chat.postMessage", { error: "channel_not_found" }, 1, { channel: "U0BOB" });
    stack.simulator.control.setFault({ status: 401, token: DEMO_TOKENS.owner });
    try {
      await eventually(async () => ((await scheduler.has(aliceTarget)) ? undefined : true), 20_000);
      await waitFor(stack.slack.events, () => h.notes("C0ALERTS", /go on here/)[0], 5_000);
      await waitFor(stack.slack.events, () => h.notes(OPS, /go on here/)[0], 5_000);
      await waitFor(stack.slack.events, () => h.dms("U0BOB", /now reads the alerts/)[0], 5_000);
      const refused = stack.slack.state
        .callsOf("chat.postMessage")
        .filter((c) => c.args.channel === "U0BOB" && (c.result as { ok?: boolean }).ok === false);
      expect(refused).toHaveLength(1);
      expect(h.dms("U0BOB", /now reads the alerts/)).toHaveLength(1);
    } finally {
      stack.simulator.control.clearFaults();
    }
  });
});
