// `/uptime test` end to end on two replicas: two `npm start` processes share one Redis, read the
// simulator and post to the fake Slack. The sample outage is marked TEST, its escalation step runs at test
// speed (5m after 5 s), its Acknowledge redraws the alert without any write to the API (the simulator's
// request log), it turns green once its minute is up, it is refused where nothing is subscribed, and
// nothing is sent twice. The minute is moved, not waited: its recovery schedule is made due by its score.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalRedis, startPrivateRedis } from "../../dev/local-redis";
import { type FakeSlack, startFakeSlack } from "../../dev/playground/fake-slack";
import { contractViolations } from "../../dev/playground/fake-slack/contracts";
import type { StoredMessage } from "../../dev/playground/fake-slack/types";
import { DEMO_TOKENS, type RunningSimulator, startSimulator } from "../../dev/simulator";
import { ALERT_EVENT_TYPE, ESCALATION_EVENT_TYPE } from "../../src/alerts/engine/alert-metadata";
import { ALERT_COLORS } from "../../src/alerts/engine/alert-parts";
import { teamsOf } from "../../src/services/link-account";
import { generateKey } from "../../src/store/crypto/encryption-keys";
import { TokenCipher } from "../../src/store/crypto/token-cipher";
import { keyspace } from "../../src/store/keys";
import { LinkStore } from "../../src/store/link-store";
import { PollTargetStore } from "../../src/store/poll-target-store";
import { actions } from "../../src/ui/ids";
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

  it("sent nothing twice on the two replicas", async () => {
    await eventually(async () => {
      const [root] = testRoots();
      return root && color(root) === ALERT_COLORS.resolved ? true : undefined;
    }, 20_000);
    expect(bots.every((bot) => !bot.exited())).toBe(true);
    const roots = testRoots();
    expect(roots).toHaveLength(1);
    expect(escalations(roots[0]!)).toHaveLength(1);
    expect(
      auditSlackPayloads({
        calls: slack.state.calls,
        responseUrlPosts: slack.state.responseUrlPosts,
        violations: contractViolations(slack.state),
      }),
    ).toEqual([]);
  });
});
