// Acknowledgement timeout end to end on two replicas: two `npm start` processes share one Redis, poll the
// simulator and post to the fake Slack. An acknowledgement still open an hour later (counted from the last
// Still on it) runs the escalation steps again from the first and the root says whose acknowledgement
// expired; the recovery ends it, and nothing is sent twice. Time is moved, not waited: a schedule is made
// due by its sorted-set score (the poll's incident read after an acknowledge takes up to 30 s, a real wait).
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalRedis, startPrivateRedis } from "../../dev/local-redis";
import { type FakeSlack, startFakeSlack } from "../../dev/playground/fake-slack";
import { contractViolations } from "../../dev/playground/fake-slack/contracts";
import type { StoredMessage } from "../../dev/playground/fake-slack/types";
import { DEMO_TOKENS, type RunningSimulator, startSimulator } from "../../dev/simulator";
import { ALERT_EVENT_TYPE, ESCALATION_EVENT_TYPE } from "../../src/alerts/engine/alert-metadata";
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

const SIGNING_SECRET = "ack-timeout-signing-secret";
const BOT_TOKEN = "xoxb-ack-timeout-bot";
const BOT_USER = "U0BOT";
const TEAM = "T0ACK";
/** Alerts with two steps, reminders (for Still on it) and `--ack-timeout 1h`. */
const REMINDED = "C0ALERTS";
// Demo seed, team 1 "Acme Production": 2 Web shop.
const WEB_SHOP = 2;
const TIMEOUT_MS = 3_600_000;

describe("acknowledgement timeout on two replicas", () => {
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
  const slash = async (text: string) => {
    const before = slack.state.ephemeralFor("U0ALICE", REMINDED).length;
    const result = await slack.sender.slashCommand({ userId: "U0ALICE", channelId: REMINDED, text });
    expect(result.status).toBe(200);
    return waitFor(slack.events, () => slack.state.ephemeralFor("U0ALICE", REMINDED)[before], 10_000);
  };
  /** An incident's schedules of one kind (`<kind>:<sub>:<incident>[:...]`) and their due times, per shard. */
  const schedulesOf = async (kind: string, incidentId: string, tail = "") => {
    const found: { shard: number; id: string; dueAt: number }[] = [];
    const pattern = new RegExp(`^${kind}:[^:]+:${incidentId}${tail}$`);
    for (let shard = 0; shard < scheduler.shards; shard++) {
      const flat = await client.zrange(keys.scheduleDue(shard), 0, -1, "WITHSCORES");
      for (let i = 0; i + 1 < flat.length; i += 2)
        if (pattern.test(flat[i]!)) found.push({ shard, id: flat[i]!, dueAt: Number(flat[i + 1]) });
    }
    return found;
  };
  /** Time travel: made due now (XX: only if it exists). Resolves with how many moved. */
  const makeDue = async (kind: string, incidentId: string, tail = "") => {
    const due = await schedulesOf(kind, incidentId, tail);
    for (const { shard, id } of due) await client.zadd(keys.scheduleDue(shard), "XX", Date.now(), id);
    return due.length;
  };
  const outboxSettled = () => outboxSettledIn(client, scheduler);

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
      ...(await Promise.all([1, 2].map((n) => startBotProcess({ name: `ack-timeout-bot-${n}`, env })))),
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
      channelId: REMINDED,
      text: "subscribe --escalate 5m,15m:<@U0BOB|bob> --remind 2h --ack-timeout 1h",
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

  const escalations = (root: StoredMessage) =>
    slack.state.replies(REMINDED, root.ts).filter((m) => m.metadata?.event_type === ESCALATION_EVENT_TYPE);

  it("/uptime subscriptions shows the timeout", async () => {
    expect(textOf(await slash("subscriptions"))).toContain("acknowledgements expire after 1h");
  });

  it("replays the steps an hour after the last Still on it, says so on the root, stops at the recovery", async () => {
    const incident = simulator.control.fail(WEB_SHOP, "HTTP 503 Service Unavailable");
    if (!incident) throw new Error("the web shop opened no incident");
    const id = incident.id;
    const root = await waitRoot(id);
    await eventually(
      async () => ((await schedulesOf("escalation", id, "(:\\d)?")).length === 2 ? true : undefined),
      20_000,
    );

    const ackedAt = Date.now();
    expect(textOf(await slash(`ack ${id}`))).toContain(`Acknowledged incident #${id}`);
    await waitRoot(id, (m) => color(m) === ALERT_COLORS.acknowledged);
    // Booked once the poll reads the acknowledged incident (its incident read, every 30 s at most).
    const [booked] = await eventually(async () => {
      const found = await schedulesOf("ack-timeout", id);
      return found.length === 1 ? found : undefined;
    }, 45_000);
    expect(booked!.dueAt).toBeGreaterThanOrEqual(ackedAt - 5_000 + TIMEOUT_MS);
    expect(booked!.dueAt).toBeLessThan(Date.now() + TIMEOUT_MS);

    // A reminder, then Still on it on the second replica: the timeout counts from the click.
    expect(await makeDue("reminder", id)).toBe(1);
    const reminder = await waitFor(
      slack.events,
      () =>
        slack.state.replies(REMINDED, root.ts).find((m) => m.metadata?.event_type === REMINDER_EVENT_TYPE),
      20_000,
    );
    useBot(bots[1]!);
    const clickedAt = Date.now();
    await slack.sender.blockAction({
      userId: "U0ALICE",
      container: { type: "message", channel: REMINDED, ts: reminder.ts },
      actions: [buttonOf(reminder, STILL_ON_IT_ACTION) as { action_id: string }],
    });
    await waitFor(
      slack.events,
      () => slack.state.ephemeralFor("U0ALICE", REMINDED).find((m) => textOf(m).includes("you are on it")),
      10_000,
    );
    const [restarted] = await schedulesOf("ack-timeout", id);
    expect(restarted!.dueAt).toBeGreaterThanOrEqual(clickedAt + TIMEOUT_MS);

    // The hour passes: the root says whose acknowledgement expired, the first step comes at once.
    expect(await makeDue("ack-timeout", id)).toBe(1);
    const expired = await waitRoot(id, (m) => JSON.stringify(m.attachments).includes("expired after 1 h"));
    expect(JSON.stringify(expired.attachments)).toContain(
      "Acknowledgement by <@U0ALICE> expired after 1 h (last Still on it by <@U0ALICE>)",
    );
    const first = await waitFor(slack.events, () => escalations(root)[0], 20_000);
    expect(first.subtype).toBe("thread_broadcast");
    expect(first.text).toMatch(/^⏰ Web shop is still down and its acknowledgement expired/);
    expect(first.metadata?.event_payload.again).toBe(true);
    expect(buttonOf(first, actions.acknowledge)).toBeUndefined();
    // The second step ten minutes after the first (15m - 5m), with its own mention.
    const [second] = await schedulesOf("escalation", id, ":again:1");
    expect(second!.dueAt).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect(await makeDue("escalation", id, ":again:1")).toBe(1);
    const [, again] = await waitFor(
      slack.events,
      () => (escalations(root).length >= 2 ? escalations(root) : undefined),
      20_000,
    );
    expect(again!.text).toMatch(/^<@U0BOB> ⏰ Web shop is still down and its acknowledgement expired/);

    // The recovery ends it all: green, nothing left to fire.
    useBot(bots[0]!);
    simulator.control.recover(WEB_SHOP);
    await waitRoot(id, (m) => color(m) === ALERT_COLORS.resolved);
    await eventually(
      async () => ((await schedulesOf("ack-timeout", id)).length === 0 ? true : undefined),
      20_000,
    );
    expect(await makeDue("escalation", id, "(:.*)?")).toBe(0);
    await eventually(async () => ((await outboxSettled()) ? true : undefined), 20_000);
    expect(escalations(root)).toHaveLength(2);
  }, 150_000);

  it("sent nothing twice on the two replicas", async () => {
    await eventually(async () => ((await outboxSettled()) ? true : undefined), 20_000);
    expect(bots.every((bot) => !bot.exited())).toBe(true);
    const roots = slack.state
      .channelMessages(REMINDED)
      .filter((m) => m.metadata?.event_type === ALERT_EVENT_TYPE);
    expect(roots).toHaveLength(1);
    const steps = escalations(roots[0]!).map((m) => String(m.metadata?.event_payload.step ?? 0));
    expect(steps).toEqual(["0", "1"]);
    expect(
      auditSlackPayloads({
        calls: slack.state.calls,
        responseUrlPosts: slack.state.responseUrlPosts,
        violations: contractViolations(slack.state),
      }),
    ).toEqual([]);
  });
});
