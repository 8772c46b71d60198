import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_TOKENS } from "../../dev/simulator";
import { ALERT_EVENT_TYPE } from "../../src/alerts/engine/alert-metadata";
import { pollTargetName } from "../../src/alerts/engine/poll/poll-target";
import { keyspace } from "../../src/store/keys";
import { PollTargetStore } from "../../src/store/poll-target-store";
import { type Subscription, SubscriptionStore } from "../../src/store/subscription-store";
import { linkUser, type Stack, startStack, textOf } from "../support/e2e-stack";
import { turnOnPersonalAlerts } from "../support/personal-alerts";
import { eventually, waitFor } from "../support/wait-for";

const OWNER = DEMO_TOKENS.owner;
const MEMBER = DEMO_TOKENS.member;
/** The windows of "Never silent" (3 polls over 2 minutes, 5-minute re-check), scaled down. */
const REJECTIONS = { minPolls: 3, minStreakMs: 2_000, recheckMs: 1_500 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 32, points 1 and 2, with the real bot, the simulator and the fake Slack: one refused request logs
 * nobody out (only `GET /users/me` confirms a 401), a poll without a token says why in its own words, and a
 * person's own alerts never move onto someone else's token while a channel's may, with both told.
 */
describe("a 401 is a suspicion, and personal alerts stay personal", () => {
  let stack: Stack;
  let redis: Redis;
  let scheduler: PollTargetStore;
  let subscriptions: SubscriptionStore;

  const channelTexts = (channel: string) =>
    stack.slack.state
      .channelMessages(channel)
      .filter((m) => m.metadata?.event_type !== ALERT_EVENT_TYPE)
      .map((m) => textOf(m));
  const dmsTo = (user: string) => {
    const im = [...stack.slack.state.conversations.values()].find((c) => c.isIm && c.imUser === user);
    return (im?.messages ?? []).map((m) => textOf(m));
  };
  const subscriptionsOf = async (userId: string): Promise<Subscription[]> =>
    subscriptions.listBySubscriber({ teamId: stack.slack.config.teamId }, userId);
  /** Subscribe answers in the channel, not ephemerally: sent as Slack sends it, then awaited in the store. */
  const subscribe = async (userId: string, channelId: string) => {
    await stack.slack.sender.slashCommand({ userId, channelId, text: "subscribe" });
    await eventually(async () =>
      (await subscriptionsOf(userId)).some((s) => s.channelId === channelId) ? true : undefined,
    );
  };
  const baselined = (target: string) =>
    eventually(async () => {
      const state = (await scheduler.inspect(target))?.state;
      return state && JSON.parse(state).baselined === true ? true : undefined;
    }, 15_000);

  beforeAll(async () => {
    stack = await startStack({
      env: { ALERT_WORKERS: "1", POLL_INTERVAL_SECONDS: "1" },
      // A logout reaches the polls once the poller's in-memory copy of the token expires (60 s in production).
      bot: { rejections: REJECTIONS, pollTokenCacheMs: 500 },
    });
    redis = new Redis(inject("redisUrl"));
    const keys = keyspace(stack.keyPrefix);
    scheduler = new PollTargetStore({ redis, keys });
    subscriptions = new SubscriptionStore({ redis, keys });
  });
  afterAll(async () => {
    await stack?.close();
    await redis?.quit();
  });

  it("point 1: one 401 on a command or on App Home's reads keeps the person linked, and their channels polled", async () => {
    await linkUser(stack, "U0ALICE", OWNER);
    await subscribe("U0ALICE", "C0ALERTS");
    await baselined(pollTargetName("1", OWNER));

    // The API's login layer refuses one request (a deploy, say); GET /users/me still accepts the token.
    stack.simulator.control.setFault({ status: 401, count: 1, token: OWNER, path: "/teams/1/monitors" });
    const refused = textOf(await stack.command("U0ALICE", "monitors"));
    expect(refused).toContain("refused this request");
    expect(refused).not.toContain("no longer accepted");

    stack.simulator.control.setFault({ status: 401, count: 1, token: OWNER, path: "/teams/1" });
    const publishes = () =>
      stack.slack.state.callsOf("views.publish").filter((c) => c.args.user_id === "U0ALICE");
    const before = publishes().length;
    await stack.slack.sender.event({
      type: "app_home_opened",
      user: "U0ALICE",
      channel: "D0ALICE",
      tab: "home",
    });
    const home = await eventually(async () => publishes()[before]);
    expect(JSON.stringify(home.args.view)).toContain("refused this request");

    const whoami = textOf(await stack.command("U0ALICE", "whoami"));
    expect(whoami).not.toContain("no longer accepted");
    expect(whoami).toContain("Acme Production");
    expect(textOf(await stack.command("U0ALICE", "monitors"))).toContain("Marketing site");

    // Longer than the rejection windows: the poller still has the token, so nothing pauses.
    await sleep(REJECTIONS.minStreakMs + 2 * REJECTIONS.recheckMs);
    expect((await subscriptionsOf("U0ALICE")).map((s) => s.paused)).toEqual([null]);
    expect(channelTexts("C0ALERTS").filter((t) => /paused/.test(t))).toEqual([]);
  });

  it("point 1: a 401 that GET /users/me confirms asks to log in again; a poll with no token says 'logged out'", async () => {
    stack.simulator.control.setFault({ status: 401, token: OWNER });
    const refused = textOf(await stack.command("U0ALICE", "monitors"));
    expect(refused).toContain("no longer accepted");
    expect(textOf(await stack.command("U0ALICE", "whoami"))).toContain("no longer accepted");
    stack.simulator.control.clearFaults();

    // The poll finds no token now (the link is stale): the channel hears that the subscriber must log in
    // again, not that the API refused anything.
    const note = await waitFor(
      stack.slack.events,
      () => channelTexts("C0ALERTS").find((t) => /paused here/.test(t)),
      15_000,
    );
    expect(note).toContain("no longer logged in");
    expect(note).not.toContain("no longer accepts");
    expect((await subscriptionsOf("U0ALICE"))[0]?.paused?.reason).toBe("not_logged_in");

    // Logging in again resumes it by itself at the next re-check.
    await linkUser(stack, "U0ALICE", OWNER);
    await eventually(
      async () => ((await subscriptionsOf("U0ALICE"))[0]?.paused === null ? true : undefined),
      15_000,
    );
  });

  it("point 2: after logout a person's DM alerts pause for them and never move to a teammate's token", async () => {
    await linkUser(stack, "U0BOB", MEMBER);
    await subscribe("U0BOB", "C0GENERAL");
    await baselined(pollTargetName("1", MEMBER));
    // Turned on where a person can: App Home (the app's DM takes no commands).
    await turnOnPersonalAlerts(stack, "U0ALICE");
    const personal = await eventually(async () =>
      (await subscriptionsOf("U0ALICE")).find((s) => s.personal !== undefined),
    );
    const aliceTarget = personal.target;
    const bobDms = dmsTo("U0BOB").length;
    const alertsNotes = channelTexts("C0ALERTS").length;

    await stack.command("U0ALICE", "logout");
    const paused = await eventually(async () => {
      const sub = await subscriptions.get(personal.id);
      return sub?.paused ? sub : undefined;
    }, 15_000);
    // Her own alerts stay on her (paused) target: Bob's token never reads them.
    expect(paused.target).toBe(aliceTarget);
    expect(paused.paused?.reason).toBe("not_logged_in");
    // The pause is stored first, then she is told (SubscriptionPauses.pause): wait for the DM, do not race it.
    const told = await eventually(async () => {
      const last = dmsTo("U0ALICE").at(-1);
      return last?.includes("I paused your personal alerts") ? last : undefined;
    });
    expect(told).toContain("you are no longer logged in");
    // Her channel subscription moved to Bob's token: the channel and Bob are told, once each.
    await eventually(async () => {
      const channelSub = (await subscriptionsOf("U0ALICE")).find((s) => s.channelId === "C0ALERTS");
      return channelSub?.target === pollTargetName("1", MEMBER) ? true : undefined;
    });
    await sleep(2 * REJECTIONS.recheckMs);
    expect(channelTexts("C0ALERTS").slice(alertsNotes)).toEqual([
      expect.stringMatching(/now read with <@U0BOB>'s Uptime account: <@U0ALICE> is no longer logged in/),
    ]);
    expect(dmsTo("U0BOB").slice(bobDms)).toEqual([
      expect.stringMatching(
        /^Your Uptime account now reads the alerts of \*Acme Production\* for <#C0ALERTS>/,
      ),
    ]);
  });

  it("point 2: when the API no longer lets a person read the team, their personal alerts end and they are told", async () => {
    await linkUser(stack, "U0ALICE", OWNER);
    const personal = (await subscriptionsOf("U0ALICE")).find((s) => s.personal !== undefined);
    expect(personal).toBeDefined();
    await eventually(
      async () => ((await subscriptions.get(personal!.id))?.paused === null ? true : undefined),
      15_000,
    );

    stack.simulator.control.setFault({ status: 403, token: OWNER });
    await eventually(
      async () => ((await subscriptions.get(personal!.id)) === null ? true : undefined),
      15_000,
    );
    stack.simulator.control.clearFaults();
    // The subscription is deleted first, then she is told (and the "back on" DM of the resume above may land
    // in between): wait for the message rather than reading the last one.
    await waitFor(stack.slack.events, () =>
      dmsTo("U0ALICE").some((t) => t.includes("I turned off your personal alerts of *Acme Production*")),
    );
    // Bob's own subscription still polls with his token alone.
    expect((await subscriptionsOf("U0BOB")).map((s) => s.target)).toEqual([pollTargetName("1", MEMBER)]);
  });
});
