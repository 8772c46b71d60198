// `/uptime test` end to end on two replicas: two `npm start` processes share one Redis, read the
// simulator and post to the fake Slack. The sample outage is marked TEST, its escalation step runs at test
// speed (5m after 5 s), its Acknowledge redraws the alert without any write to the API (the simulator's
// request log), it turns green once its minute is up, it is refused where nothing is subscribed, and
// nothing is sent twice. The minute is moved, not waited: its recovery schedule is made due by its score.
// A test alert is paged like a real one (its Page... modal and `/uptime page test-…`): the thread line and
// the DMs say TEST, and Acknowledge in a page's DM acknowledges the test alert in Slack, not in the API.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalRedis, startPrivateRedis } from "../../dev/local-redis";
import { type FakeSlack, startFakeSlack } from "../../dev/playground/fake-slack";
import { contractViolations } from "../../dev/playground/fake-slack/contracts";
import type { StoredMessage } from "../../dev/playground/fake-slack/types";
import { DEMO_TOKENS, type RunningSimulator, startSimulator } from "../../dev/simulator";
import { ALERT_EVENT_TYPE, ESCALATION_EVENT_TYPE } from "../../src/alerts/engine/alert-metadata";
import { ALERT_COLORS } from "../../src/alerts/engine/alert-parts";
import {
  PAGE_ANSWER_EVENT_TYPE,
  PAGE_DM_EVENT_TYPE,
  PAGE_EVENT_TYPE,
} from "../../src/alerts/kinds/page/page-kind";
import { teamsOf } from "../../src/services/link-account";
import { generateKey } from "../../src/store/crypto/encryption-keys";
import { TokenCipher } from "../../src/store/crypto/token-cipher";
import { keyspace } from "../../src/store/keys";
import { LinkStore } from "../../src/store/link-store";
import { PollTargetStore } from "../../src/store/poll-target-store";
import { actions, blocks } from "../../src/ui/ids";
import { UptimeClient } from "../../src/uptime";
import { type BotProcess, startBotProcess } from "../support/bot-process";
import { auditSlackPayloads } from "../support/slack-payload-audit";
import { textOf } from "../support/text-of";
import { eventually, waitFor } from "../support/wait-for";

const SIGNING_SECRET = "test-alert-signing-secret";
const BOT_TOKEN = "xoxb-test-alert-bot";
const BOT_USER = "U0BOT";
const TEAM = "T0TST";
/** Subscribed with `--escalate 5m`. */
const SUBSCRIBED = "C0ALERTS";
/** No subscription at all. */
const BARE = "C0GENERAL";

describe("/uptime test on two replicas", () => {
  let redis: LocalRedis;
  let client: Redis;
  let simulator: RunningSimulator;
  let slack: FakeSlack;
  const bots: BotProcess[] = [];
  const keys = keyspace();
  let scheduler: PollTargetStore;

  const useBot = (bot: BotProcess) => slack.setAppUrl(`${bot.url}/slack/events`);
  const color = (m: StoredMessage) => (m.attachments?.[0] as { color?: string } | undefined)?.color;
  const testRoots = () =>
    slack.state
      .channelMessages(SUBSCRIBED)
      .filter(
        (m) =>
          m.metadata?.event_type === ALERT_EVENT_TYPE &&
          String(m.metadata.event_payload.incident_id).startsWith("test-"),
      );
  const waitRoot = (ready: (m: StoredMessage) => boolean = () => true) =>
    waitFor(
      slack.events,
      () => {
        const found = testRoots()[0];
        return found && ready(found) ? found : undefined;
      },
      20_000,
    );
  const escalations = (root: StoredMessage) =>
    slack.state.replies(SUBSCRIBED, root.ts).filter((m) => m.metadata?.event_type === ESCALATION_EVENT_TYPE);
  const slash = async (user: string, channel: string, text: string) => {
    const before = slack.state.ephemeralFor(user, channel).length;
    const result = await slack.sender.slashCommand({ userId: user, channelId: channel, text });
    expect(result.status).toBe(200);
    return waitFor(slack.events, () => slack.state.ephemeralFor(user, channel)[before], 10_000);
  };
  const elementOf = (m: StoredMessage, actionId: string) =>
    (m.attachments ?? [])
      .flatMap(
        (a) => ((a as { blocks?: unknown[] }).blocks ?? []) as { elements?: Record<string, unknown>[] }[],
      )
      .concat((m.blocks ?? []) as { elements?: Record<string, unknown>[] }[])
      .flatMap((b) => b.elements ?? [])
      .find((e) => e.action_id === actionId);
  const dmOf = (user: string) => slack.state.openIm(user).conversation.id;
  const pageDms = (user: string) =>
    slack.state.channelMessages(dmOf(user)).filter((m) => m.metadata?.event_type === PAGE_DM_EVENT_TYPE);
  const inThread = (root: StoredMessage, type: string) =>
    slack.state.replies(SUBSCRIBED, root.ts).filter((m) => m.metadata?.event_type === type);
  /** The test alert's recovery schedule, per shard (`test-alert:<sub>:<incident>:resolved`). */
  const recoverySchedules = async (incidentId: string) => {
    const found: { shard: number; id: string; dueAt: number }[] = [];
    for (let shard = 0; shard < scheduler.shards; shard++) {
      const flat = await client.zrange(keys.scheduleDue(shard), 0, -1, "WITHSCORES");
      for (let i = 0; i + 1 < flat.length; i += 2)
        if (flat[i]!.endsWith(`:${incidentId}:resolved`))
          found.push({ shard, id: flat[i]!, dueAt: Number(flat[i + 1]) });
    }
    return found;
  };

  beforeAll(async () => {
    redis = await startPrivateRedis();
    client = new Redis(redis.url);
    scheduler = new PollTargetStore({ redis: client, keys });
    simulator = await startSimulator({ seed: "demo", autoChecks: false });
    slack = await startFakeSlack({
      signingSecret: SIGNING_SECRET,
      botToken: BOT_TOKEN,
      botUserId: BOT_USER,
      teamId: TEAM,
    });
    const env = {
      SLACK_BOT_TOKEN: BOT_TOKEN,
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      SLACK_API_URL: slack.apiUrl,
      UPTIME_API_URL: simulator.url,
      REDIS_URL: redis.url,
      TOKEN_ENCRYPTION_KEY: generateKey(),
      ALERT_WORKERS: "1",
      POLL_INTERVAL_SECONDS: "1",
      LOG_LEVEL: "info",
    };
    bots.push(
      ...(await Promise.all([1, 2].map((n) => startBotProcess({ name: `test-alert-bot-${n}`, env })))),
    );
    // Alice linked as `/uptime login` would, through the real LinkStore and the bots' key.
    const api = new UptimeClient({ baseUrl: simulator.url });
    try {
      const me = await api.as(DEMO_TOKENS.owner).users.me({ include: ["teams"] });
      const links = new LinkStore({
        redis: client,
        keys,
        cipher: TokenCipher.fromSetting(env.TOKEN_ENCRYPTION_KEY),
      });
      await links.save({ teamId: TEAM, userId: "U0ALICE" }, DEMO_TOKENS.owner, {
        apiUserId: me.id,
        apiUserName: `${me.firstName} ${me.lastName}`.trim(),
        teams: teamsOf(me),
      });
    } finally {
      await api.close();
    }
    useBot(bots[0]!);
    await slack.sender.slashCommand({
      userId: "U0ALICE",
      channelId: SUBSCRIBED,
      text: "subscribe --escalate 5m",
    });
    await waitFor(
      slack.events,
      () => slack.state.channelMessages(SUBSCRIBED).find((m) => textOf(m).includes("now gets alerts")),
      20_000,
    );
  }, 120_000);
  afterAll(async () => {
    await Promise.all(bots.map((bot) => bot.kill()));
    await client?.quit();
    await slack?.close();
    await simulator?.close();
    await redis?.stop();
  });

  it("is refused in a channel with no subscription, and to someone not linked", async () => {
    expect(textOf(await slash("U0ALICE", BARE, "test"))).toContain("nothing to test");
    expect(textOf(await slash("U0BOB", SUBSCRIBED, "test"))).toMatch(/Link your Uptime account/);
    expect(slack.state.channelMessages(BARE)).toHaveLength(0);
    expect(testRoots()).toHaveLength(0);
  });

  it("posts a TEST outage of a real monitor, escalates at test speed, acknowledges without the API, turns green", async () => {
    simulator.control.clearRequests();
    const answer = textOf(await slash("U0ALICE", SUBSCRIBED, "test"));
    expect(answer).toMatch(/Posting a test alert of \*.+\*/);
    expect(answer).toContain("turns green by itself after a minute");

    const root = await waitRoot();
    const incidentId = String(root.metadata?.event_payload.incident_id);
    expect(root.text).toMatch(/^🧪 TEST · 🔴 .+ is down/);
    expect(color(root)).toBe(ALERT_COLORS.open);
    expect(elementOf(root, actions.testAcknowledge)).toBeDefined();
    expect(elementOf(root, actions.mute)).toBeDefined();
    expect(elementOf(root, actions.acknowledge)).toBeUndefined();
    // Its monitor is one of the team's, read with the subscription's token.
    const monitorName = /of \*(.+)\*/.exec(answer)![1]!;
    expect(root.text).toContain(monitorName);

    // `--escalate 5m` at test speed: the step after 5 s, not 5 minutes (a real wait of seconds).
    const [step] = await waitFor(
      slack.events,
      () => {
        const found = escalations(root);
        return found.length > 0 ? found : undefined;
      },
      30_000,
    );
    expect(step!.text).toMatch(/^🧪 TEST · ⏰ .+ is still down and nobody acknowledged it/);
    expect(textOf(step!)).toContain("within 5 s (test speed)");
    expect(elementOf(step!, actions.testAcknowledge)).toBeDefined();

    // Acknowledge on the other replica: amber, attributed, and the API never hears of it.
    useBot(bots[1]!);
    await slack.sender.blockAction({
      userId: "U0ALICE",
      container: { type: "message", channel: SUBSCRIBED, ts: root.ts },
      actions: [elementOf(root, actions.testAcknowledge) as { action_id: string }],
    });
    await waitFor(
      slack.events,
      () =>
        slack.state
          .ephemeralFor("U0ALICE", SUBSCRIBED)
          .find((m) => textOf(m).includes("Test alert acknowledged")),
      10_000,
    );
    const acked = await waitRoot((m) => color(m) === ALERT_COLORS.acknowledged);
    expect(acked.text).toBe(`🧪 TEST · 🟠 ${monitorName} is down, acknowledged by <@U0ALICE>`);

    // Green when its minute is up: the recovery schedule made due now.
    const [recovery] = await recoverySchedules(incidentId);
    // Booked a minute after the command: not due yet, due within the minute.
    expect(recovery!.dueAt).toBeGreaterThan(Date.now());
    expect(recovery!.dueAt).toBeLessThanOrEqual(Date.now() + 60_000);
    await client.zadd(keys.scheduleDue(recovery!.shard), "XX", Date.now(), recovery!.id);
    const green = await waitRoot((m) => color(m) === ALERT_COLORS.resolved);
    expect(green.text).toMatch(/^🧪 TEST · ✅ .+ recovered after/);

    // Read-only on the API: the monitor list (and the role check), nothing written.
    const calls = simulator.control.requests();
    const listed = calls.filter((c) => c.method === "GET" && c.path === "/teams/1/monitors");
    expect(listed.map((c) => c.token)).toContain(DEMO_TOKENS.owner.slice(-4));
    expect(calls.filter((c) => c.method !== "GET")).toEqual([]);
    expect(calls.filter((c) => c.path.includes(incidentId))).toEqual([]);
  }, 120_000);

  it("pages about a test alert from its Page... and from /uptime page: TEST lines and DMs, acknowledged without the API", async () => {
    simulator.control.clearRequests();
    useBot(bots[0]!);
    const firstId = String(testRoots()[0]?.metadata?.event_payload.incident_id);
    await slash("U0ALICE", SUBSCRIBED, "test");
    const idOf = (m: StoredMessage) => String(m.metadata?.event_payload.incident_id);
    const root = await waitFor(slack.events, () => testRoots().find((m) => idOf(m) !== firstId), 20_000);
    const incidentId = idOf(root);
    const page = elementOf(root, actions.pageOpen) as { action_id: string } | undefined;
    expect(page).toBeDefined();

    // From the alert's Page...: the modal, submitted on the other replica.
    slack.state.clearModals("U0ALICE");
    await slack.sender.blockAction({
      userId: "U0ALICE",
      container: { type: "message", channel: SUBSCRIBED, ts: root.ts },
      actions: [page!],
    });
    const modal = await waitFor(slack.events, () => slack.state.modalStack("U0ALICE")[0], 10_000);
    useBot(bots[1]!);
    const submitted = await slack.sender.viewSubmission({
      userId: "U0ALICE",
      viewId: modal.id,
      values: {
        [blocks.page.people]: {
          [actions.page.people]: { type: "multi_users_select", selected_users: ["U0CAROL"] },
        },
        [blocks.page.message]: { [actions.page.message]: { type: "plain_text_input", value: "drill" } },
      },
    });
    expect(submitted.outcome).toBe("closed");
    const [line] = await waitFor(
      slack.events,
      () => (inThread(root, PAGE_EVENT_TYPE).length > 0 ? inThread(root, PAGE_EVENT_TYPE) : undefined),
      20_000,
    );
    expect(line!.text).toBe("🧪 TEST · 📟 <@U0ALICE> paged <@U0CAROL>: drill");
    const [carol] = await waitFor(
      slack.events,
      () => (pageDms("U0CAROL").length > 0 ? pageDms("U0CAROL") : undefined),
      20_000,
    );
    expect(carol!.text).toMatch(/^🧪 TEST · 📟 <@U0ALICE> paged you: .+ is down/);
    expect(JSON.stringify(carol!.blocks)).toContain("🧪 TEST · 📟 *<@U0ALICE> paged you*");
    expect(elementOf(carol!, actions.pageAcknowledge)).toBeDefined();

    // From the composer, by the test alert's id.
    useBot(bots[0]!);
    expect(textOf(await slash("U0ALICE", SUBSCRIBED, `page ${incidentId} <@U0ALICE|alice>`))).toContain(
      "📟 Paged <@U0ALICE>",
    );
    const [dm] = await waitFor(
      slack.events,
      () => (pageDms("U0ALICE").length > 0 ? pageDms("U0ALICE") : undefined),
      20_000,
    );
    expect(dm!.text).toMatch(/^🧪 TEST · 📟 <@U0ALICE> paged you/);
    await waitFor(
      slack.events,
      () => (inThread(root, PAGE_EVENT_TYPE).length === 2 ? true : undefined),
      20_000,
    );

    // Acknowledge in the page's DM, on the other replica: the test alert turns amber, the thread hears the answer.
    useBot(bots[1]!);
    await slack.sender.blockAction({
      userId: "U0ALICE",
      container: { type: "message", channel: dmOf("U0ALICE"), ts: dm!.ts },
      actions: [elementOf(dm!, actions.pageAcknowledge) as { action_id: string }],
    });
    await waitFor(
      slack.events,
      () =>
        slack.state
          .ephemeralFor("U0ALICE", dmOf("U0ALICE"))
          .find((m) => textOf(m).includes("Test alert acknowledged")) ??
        slack.state
          .channelMessages(dmOf("U0ALICE"))
          .find((m) => textOf(m).includes("Test alert acknowledged")),
      10_000,
    );
    const acked = await waitFor(
      slack.events,
      () => testRoots().find((m) => idOf(m) === incidentId && color(m) === ALERT_COLORS.acknowledged),
      20_000,
    );
    expect(acked.text).toMatch(/^🧪 TEST · 🟠 .+ is down, acknowledged by <@U0ALICE>/);
    const [answer] = await waitFor(
      slack.events,
      () =>
        inThread(root, PAGE_ANSWER_EVENT_TYPE).length > 0
          ? inThread(root, PAGE_ANSWER_EVENT_TYPE)
          : undefined,
      20_000,
    );
    expect(answer!.text).toBe("✅ <@U0ALICE> answered the page");

    // Green on its own, like the first.
    const [recovery] = await recoverySchedules(incidentId);
    await client.zadd(keys.scheduleDue(recovery!.shard), "XX", Date.now(), recovery!.id);
    await waitFor(
      slack.events,
      () => testRoots().find((m) => idOf(m) === incidentId && color(m) === ALERT_COLORS.resolved),
      20_000,
    );

    // The API heard nothing of it: no write, no path naming the test alert.
    const calls = simulator.control.requests();
    expect(calls.filter((c) => c.method !== "GET")).toEqual([]);
    expect(calls.filter((c) => c.path.includes(incidentId))).toEqual([]);
  }, 120_000);

  it("sent nothing twice on the two replicas", async () => {
    await eventually(async () => {
      const [root] = testRoots();
      return root && color(root) === ALERT_COLORS.resolved ? true : undefined;
    }, 20_000);
    expect(bots.every((bot) => !bot.exited())).toBe(true);
    await eventually(
      async () => (testRoots().every((m) => color(m) === ALERT_COLORS.resolved) ? true : undefined),
      20_000,
    );
    const roots = testRoots();
    expect(roots).toHaveLength(2);
    expect(escalations(roots[0]!)).toHaveLength(1);
    // The paged test alert was acknowledged within its 5 s step, or not: one step at most.
    expect(escalations(roots[1]!).length).toBeLessThanOrEqual(1);
    const keysOf = (messages: StoredMessage[]) => messages.map((m) => String(m.metadata?.event_payload.key));
    expect(keysOf(inThread(roots[1]!, PAGE_EVENT_TYPE))).toHaveLength(2);
    expect(new Set(keysOf(inThread(roots[1]!, PAGE_EVENT_TYPE))).size).toBe(2);
    expect(inThread(roots[1]!, PAGE_ANSWER_EVENT_TYPE)).toHaveLength(1);
    expect(pageDms("U0CAROL")).toHaveLength(1);
    expect(pageDms("U0ALICE")).toHaveLength(1);
    expect(
      auditSlackPayloads({
        calls: slack.state.calls,
        responseUrlPosts: slack.state.responseUrlPosts,
        violations: contractViolations(slack.state),
      }),
    ).toEqual([]);
  });
});
