// Reminders end to end on two replicas: two `npm start` processes share one Redis, poll the simulator and
// post to the fake Slack. An acknowledged incident still open gets a broadcast reminder at each period,
// Still on it records who and restarts the period, the recovery stops them, and nothing is sent twice.
// Time is moved, not waited: a reminder's schedule is made due by its sorted-set score.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalRedis, startPrivateRedis } from "../../dev/local-redis";
import { type FakeSlack, startFakeSlack } from "../../dev/playground/fake-slack";
import { contractViolations } from "../../dev/playground/fake-slack/contracts";
import type { StoredMessage } from "../../dev/playground/fake-slack/types";
import { DEMO_TOKENS, type RunningSimulator, startSimulator } from "../../dev/simulator";
import { ALERT_EVENT_TYPE } from "../../src/alerts/engine/alert-metadata";
import { ALERT_COLORS } from "../../src/alerts/engine/alert-parts";
import { pollTargetName } from "../../src/alerts/engine/poll/poll-target";
import { REMINDER_EVENT_TYPE } from "../../src/alerts/kinds/reminder/reminder-kind";
import { STILL_ON_IT_ACTION } from "../../src/alerts/kinds/reminder/still-on-it-button";
import { teamsOf } from "../../src/services/link-account";
import { generateKey } from "../../src/store/crypto/encryption-keys";
import { TokenCipher } from "../../src/store/crypto/token-cipher";
import { keyspace } from "../../src/store/keys";
import { LinkStore } from "../../src/store/link-store";
import { PollTargetStore } from "../../src/store/poll-target-store";
import { actions } from "../../src/ui/ids";
import { UptimeClient } from "../../src/uptime";
import { type BotProcess, startBotProcess } from "../support/bot-process";
import { outboxSettled as outboxSettledIn } from "../support/outbox-settled";
import { auditSlackPayloads } from "../support/slack-payload-audit";
import { textOf } from "../support/text-of";
import { eventually, waitFor } from "../support/wait-for";

const SIGNING_SECRET = "reminders-signing-secret";
const BOT_TOKEN = "xoxb-reminders-bot";
const BOT_USER = "U0BOT";
const TEAM = "T0REM";
/** Alerts with `--remind 2h`. */
const REMINDED = "C0ALERTS";
// Demo seed, team 1 "Acme Production": 2 Web shop.
const WEB_SHOP = 2;
const PERIOD_MS = 2 * 3_600_000;

describe("reminders on two replicas", () => {
  let redis: LocalRedis;
  let client: Redis;
  let simulator: RunningSimulator;
  let slack: FakeSlack;
  const bots: BotProcess[] = [];
  const keys = keyspace();
  let scheduler: PollTargetStore;

  const useBot = (bot: BotProcess) => slack.setAppUrl(`${bot.url}/slack/events`);
  const color = (m: StoredMessage) => (m.attachments?.[0] as { color?: string } | undefined)?.color;
  const rootsOf = (incidentId: string) =>
    slack.state
      .channelMessages(REMINDED)
      .filter(
        (m) =>
          m.metadata?.event_type === ALERT_EVENT_TYPE && m.metadata.event_payload.incident_id === incidentId,
      );
  const waitRoot = (incidentId: string, ready: (m: StoredMessage) => boolean = () => true) =>
    waitFor(
      slack.events,
      () => {
        const found = rootsOf(incidentId)[0];
        return found && ready(found) ? found : undefined;
      },
      20_000,
    );
  const reminders = (root: StoredMessage) =>
    slack.state.replies(REMINDED, root.ts).filter((m) => m.metadata?.event_type === REMINDER_EVENT_TYPE);
  const waitReminders = (root: StoredMessage, count: number) =>
    waitFor(
      slack.events,
      () => {
        const found = reminders(root);
        return found.length >= count ? found : undefined;
      },
      20_000,
    );
  const slash = async (text: string) => {
    const before = slack.state.ephemeralFor("U0ALICE", REMINDED).length;
    const result = await slack.sender.slashCommand({ userId: "U0ALICE", channelId: REMINDED, text });
    expect(result.status).toBe(200);
    return waitFor(slack.events, () => slack.state.ephemeralFor("U0ALICE", REMINDED)[before], 10_000);
  };
  /** The reminder schedule of an incident (`reminder:<sub>:<incident>`) and its due time, per shard. */
  const reminderSchedules = async (incidentId: string) => {
    const found: { shard: number; id: string; dueAt: number }[] = [];
    const pattern = new RegExp(`^reminder:[^:]+:${incidentId}$`);
    for (let shard = 0; shard < scheduler.shards; shard++) {
      const flat = await client.zrange(keys.scheduleDue(shard), 0, -1, "WITHSCORES");
      for (let i = 0; i + 1 < flat.length; i += 2)
        if (pattern.test(flat[i]!)) found.push({ shard, id: flat[i]!, dueAt: Number(flat[i + 1]) });
    }
    return found;
  };
  /** Time travel: the reminder is made due now (XX: only if it exists). Resolves with how many moved. */
  const makeDue = async (incidentId: string) => {
    const due = await reminderSchedules(incidentId);
    for (const { shard, id } of due) await client.zadd(keys.scheduleDue(shard), "XX", Date.now(), id);
    return due.length;
  };
  const outboxSettled = () => outboxSettledIn(client, scheduler);

  let links: LinkStore;
  const buttonOf = (m: StoredMessage, actionId: string) =>
    (m.blocks as { type: string; elements?: Record<string, unknown>[] }[])
      .flatMap((b) => b.elements ?? [])
      .find((e) => e.action_id === actionId);

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
      ...(await Promise.all([1, 2].map((n) => startBotProcess({ name: `reminders-bot-${n}`, env })))),
    );
    // Alice linked as `/uptime login` would, through the real LinkStore and the bots' key.
    const api = new UptimeClient({ baseUrl: simulator.url });
    try {
      const me = await api.as(DEMO_TOKENS.owner).users.me({ include: ["teams"] });
      links = new LinkStore({
        redis: client,
        keys,
        cipher: TokenCipher.fromSetting(env.TOKEN_ENCRYPTION_KEY),
      });
      await links.save({ teamId: TEAM, userId: "U0ALICE" }, DEMO_TOKENS.owner, {
        apiUserId: me.id,
        apiUserName: `${me.firstName} ${me.lastName}`.trim(),
        teams: teamsOf(me),
      });
      // Bob, a read-only member of the team: Still on it is his to click no more than Acknowledge is.
      const bob = await api.as(DEMO_TOKENS.readonly).users.me({ include: ["teams"] });
      await links.save({ teamId: TEAM, userId: "U0BOB" }, DEMO_TOKENS.readonly, {
        apiUserId: bob.id,
        apiUserName: `${bob.firstName} ${bob.lastName}`.trim(),
        teams: teamsOf(bob),
      });
    } finally {
      await api.close();
    }
    useBot(bots[0]!);
    await slack.sender.slashCommand({
      userId: "U0ALICE",
      channelId: REMINDED,
      text: "subscribe --remind 2h",
    });
    // Outages must start after the baseline, which by design announces nothing that is already down.
    const target = pollTargetName("1", DEMO_TOKENS.owner);
    await eventually(async () => {
      const state = (await scheduler.inspect(target))?.state;
      return state && JSON.parse(state).baselined === true ? true : undefined;
    }, 20_000);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(bots.map((bot) => bot.kill()));
    await client?.quit();
    await slack?.close();
    await simulator?.close();
    await redis?.stop();
  });

  it("/uptime subscriptions shows the period", async () => {
    expect(textOf(await slash("subscriptions"))).toContain("reminded every 2h while open");
  });

  it("reminds at each period after an acknowledgement, restarts at Still on it, stops at the recovery", async () => {
    const incident = simulator.control.fail(WEB_SHOP, "HTTP 503 Service Unavailable");
    if (!incident) throw new Error("the web shop opened no incident");
    const id = incident.id;
    const root = await waitRoot(id);
    // Booked when the root is posted, a period after the incident started.
    const [booked] = await eventually(async () => {
      const found = await reminderSchedules(id);
      return found.length === 1 ? found : undefined;
    }, 20_000);
    expect(booked!.dueAt).toBeGreaterThan(Date.now() + PERIOD_MS - 60_000);

    expect(textOf(await slash(`ack ${id}`))).toContain(`Acknowledged incident #${id}`);
    await waitRoot(id, (m) => color(m) === ALERT_COLORS.acknowledged);

    // First period: broadcast, says who acknowledged, Still on it and no Acknowledge.
    expect(await makeDue(id)).toBe(1);
    const [first] = await waitReminders(root, 1);
    expect(first!.subtype).toBe("thread_broadcast");
    expect(first!.text).toMatch(
      /^⏰ Web shop: Still down after \d+ min · acknowledged by <@U0ALICE> \d+ min ago$/,
    );
    expect(buttonOf(first!, STILL_ON_IT_ACTION)).toBeDefined();
    expect(buttonOf(first!, actions.acknowledge)).toBeUndefined();
    // Each firing moves it a whole period on.
    const [next] = await eventually(async () => {
      const found = await reminderSchedules(id);
      return found[0] && found[0].dueAt > Date.now() + PERIOD_MS - 60_000 ? found : undefined;
    }, 20_000);
    expect(next).toBeDefined();

    // Second period, fired by whichever replica.
    expect(await makeDue(id)).toBe(1);
    await waitReminders(root, 2);

    // Still on it asks what Acknowledge asks: a linked account that may change the team's alerting. A
    // read-only member, someone with no linked account, then the same person linked to another team only
    // are refused, and the period stays as it was.
    const [before] = await reminderSchedules(id);
    const linkOutsider = async () => {
      const api = new UptimeClient({ baseUrl: simulator.url });
      try {
        const stan = await api.as(DEMO_TOKENS.stagingOwner).users.me({ include: ["teams"] });
        await links.save({ teamId: TEAM, userId: "U0CAROL" }, DEMO_TOKENS.stagingOwner, {
          apiUserId: stan.id,
          apiUserName: `${stan.firstName} ${stan.lastName}`.trim(),
          teams: teamsOf(stan),
        });
      } finally {
        await api.close();
      }
    };
    for (const [userId, refusal, nth] of [
      ["U0BOB", /read-only/i, 0],
      ["U0CAROL", /link/i, 0],
      ["U0CAROL", /isn't a member/i, 1],
    ] as const) {
      if (nth === 1) await linkOutsider();
      await slack.sender.blockAction({
        userId,
        container: { type: "message", channel: REMINDED, ts: reminders(root)[1]!.ts },
        actions: [buttonOf(reminders(root)[1]!, STILL_ON_IT_ACTION) as { action_id: string }],
      });
      const answer = await waitFor(
        slack.events,
        () => slack.state.ephemeralFor(userId, REMINDED)[nth],
        10_000,
      );
      expect(textOf(answer)).toMatch(refusal);
      expect(textOf(answer)).not.toContain("you are on it");
    }
    expect((await reminderSchedules(id))[0]!.dueAt).toBe(before!.dueAt);

    // Still on it, clicked on the second replica: who, and the period restarted from now.
    useBot(bots[1]!);
    const clickedAt = Date.now();
    await slack.sender.blockAction({
      userId: "U0ALICE",
      container: { type: "message", channel: REMINDED, ts: reminders(root)[1]!.ts },
      actions: [buttonOf(reminders(root)[1]!, STILL_ON_IT_ACTION) as { action_id: string }],
    });
    await waitFor(
      slack.events,
      () => slack.state.ephemeralFor("U0ALICE", REMINDED).find((m) => textOf(m).includes("you are on it")),
      10_000,
    );
    const [restarted] = await reminderSchedules(id);
    expect(restarted!.dueAt).toBeGreaterThanOrEqual(clickedAt + PERIOD_MS);
    expect(await makeDue(id)).toBe(1);
    const third = (await waitReminders(root, 3))[2]!;
    expect(third.text).toContain("· <@U0ALICE> still on it 1 min ago");

    // The recovery cancels them: nothing more, even if time moved.
    useBot(bots[0]!);
    simulator.control.recover(WEB_SHOP);
    await waitRoot(id, (m) => color(m) === ALERT_COLORS.resolved);
    await eventually(async () => ((await reminderSchedules(id)).length === 0 ? true : undefined), 20_000);
    expect(await makeDue(id)).toBe(0);
    await eventually(async () => ((await outboxSettled()) ? true : undefined), 20_000);
    expect(reminders(root)).toHaveLength(3);
  }, 120_000);

  it("sent nothing twice on the two replicas", async () => {
    await eventually(async () => ((await outboxSettled()) ? true : undefined), 20_000);
    expect(bots.every((bot) => !bot.exited())).toBe(true);
    const roots = slack.state
      .channelMessages(REMINDED)
      .filter((m) => m.metadata?.event_type === ALERT_EVENT_TYPE);
    expect(roots).toHaveLength(1);
    const periods = reminders(roots[0]!).map((m) => String(m.metadata?.event_payload.period));
    expect(periods).toHaveLength(3);
    expect(new Set(periods).size).toBe(3);
    expect(
      auditSlackPayloads({
        calls: slack.state.calls,
        responseUrlPosts: slack.state.responseUrlPosts,
        violations: contractViolations(slack.state),
      }),
    ).toEqual([]);
  });
});
