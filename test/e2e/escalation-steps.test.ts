// Issue 37 end to end on two replicas: two `npm start` processes share one Redis (the default key prefix, as
// an operator's), poll the simulator and post to the fake Slack. Escalation steps remind once each with
// their own mention and stop at an acknowledge; an acknowledge typed in a DM redraws every channel's
// message of the incident at once; and nothing is posted twice by the two replicas.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalRedis, startPrivateRedis } from "../../dev/local-redis";
import { type FakeSlack, startFakeSlack } from "../../dev/playground/fake-slack";
import { contractViolations } from "../../dev/playground/fake-slack/contracts";
import type { StoredMessage } from "../../dev/playground/fake-slack/types";
import { DEMO_TOKENS, type RunningSimulator, startSimulator } from "../../dev/simulator";
import {
  ACK_REPLY_EVENT_TYPE,
  ALERT_EVENT_TYPE,
  ESCALATION_EVENT_TYPE,
} from "../../src/alerts/engine/alert-metadata";
import { ALERT_COLORS } from "../../src/alerts/engine/alert-parts";
import { pollTargetName } from "../../src/alerts/engine/poll/poll-target";
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

const SIGNING_SECRET = "escalation-signing-secret";
const BOT_TOKEN = "xoxb-escalation-bot";
const BOT_USER = "U0BOT";
const TEAM = "T0ESC";
/** Alerts with three steps: the subscription's @sre, then @oncall, then Bob himself. */
const ESCALATING = "C0ALERTS";
/** Alerts without steps: only the acknowledge's redraw matters here. */
const PLAIN = "C0GENERAL";
/** A DM between Alice and Bob: the app is not in it, `/uptime ack` still works there. */
const PEOPLE_DM = "D0ALICEBOB";
// Demo seed, team 1 "Acme Production": 1 Marketing site, 2 Web shop, 3 Blog.
const MARKETING_SITE = 1;
const WEB_SHOP = 2;
const BLOG = 3;
/** Well below the incident read every 30 s, which would redraw the other channels anyway (issue 37). */
const REDRAW_WAIT_MS = 5_000;

describe("escalation steps and every-channel acknowledge on two replicas", () => {
  let redis: LocalRedis;
  let client: Redis;
  let simulator: RunningSimulator;
  let slack: FakeSlack;
  const bots: BotProcess[] = [];
  const keys = keyspace();
  let scheduler: PollTargetStore;

  const useBot = (bot: BotProcess) => slack.setAppUrl(`${bot.url}/slack/events`);
  const color = (m: StoredMessage) => (m.attachments?.[0] as { color?: string } | undefined)?.color;
  const rootsOf = (channel: string, incidentId: string) =>
    slack.state
      .channelMessages(channel)
      .filter(
        (m) =>
          m.metadata?.event_type === ALERT_EVENT_TYPE && m.metadata.event_payload.incident_id === incidentId,
      );
  const waitRoot = (channel: string, incidentId: string, ready: (m: StoredMessage) => boolean = () => true) =>
    waitFor(
      slack.events,
      () => {
        const found = rootsOf(channel, incidentId)[0];
        return found && ready(found) ? found : undefined;
      },
      20_000,
    );
  const reminders = (root: StoredMessage, step?: number) =>
    slack.state
      .replies(ESCALATING, root.ts)
      .filter(
        (m) =>
          m.metadata?.event_type === ESCALATION_EVENT_TYPE &&
          (step === undefined || (m.metadata.event_payload.step ?? 0) === step),
      );
  const fail = (monitorId: number): string => {
    const incident = simulator.control.fail(monitorId, "HTTP 503 Service Unavailable");
    if (!incident) throw new Error(`monitor ${monitorId} opened no incident`);
    return incident.id;
  };
  const slash = async (channelId: string, text: string) => {
    const before = slack.state.ephemeralFor("U0ALICE", channelId).length;
    const result = await slack.sender.slashCommand({ userId: "U0ALICE", channelId, text });
    expect(result.status).toBe(200);
    return waitFor(slack.events, () => slack.state.ephemeralFor("U0ALICE", channelId)[before], 10_000);
  };

  /** The schedule ids of an incident's escalation steps (`escalation:<sub>:<incident>[:<step>]`) per shard. */
  const stepSchedules = async (incidentId: string, step?: number) => {
    const found: { shard: number; id: string }[] = [];
    const pattern = new RegExp(`^escalation:[^:]+:${incidentId}(?::(\\d+))?$`);
    for (let shard = 0; shard < scheduler.shards; shard++) {
      for (const id of await client.zrange(keys.scheduleDue(shard), 0, -1)) {
        const m = pattern.exec(id);
        if (m && (step === undefined || Number(m[1] ?? 0) === step)) found.push({ shard, id });
      }
    }
    return found;
  };
  /**
   * Time travel: the step's schedule is made due now (the bots read the wall clock; the first step is a
   * minute away). Only schedules that exist are moved (XX). Resolves with how many.
   */
  /**
   * The root is posted before its step schedules are written (incident-messages.ts): a test that moves a step
   * waits until all three exist, or it could race the bot and find none.
   */
  const scheduled = (incidentId: string) =>
    eventually(async () => ((await stepSchedules(incidentId)).length === 3 ? true : undefined), 20_000);
  const makeDue = async (incidentId: string, step: number) => {
    const due = await stepSchedules(incidentId, step);
    for (const { shard, id } of due) await client.zadd(keys.scheduleDue(shard), "XX", Date.now(), id);
    return due.length;
  };
  const outboxSettled = () => outboxSettledIn(client, scheduler);

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
    // The fake Slack opens DMs of the bot only; this one is seeded as Slack holds it: an IM without the app.
    slack.state.conversations.set(PEOPLE_DM, {
      id: PEOPLE_DM,
      name: "U0BOB",
      isPrivate: true,
      isArchived: false,
      isIm: true,
      isMpim: false,
      created: Math.floor(Date.now() / 1000),
      members: ["U0ALICE", "U0BOB"],
      messages: [],
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
      ...(await Promise.all([1, 2].map((n) => startBotProcess({ name: `escalation-steps-bot-${n}`, env })))),
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
    // As Slack sends them with should_escape: the usergroups and the person arrive as entities.
    await slack.sender.slashCommand({
      userId: "U0ALICE",
      channelId: ESCALATING,
      text: "subscribe --mention <!subteam^S0SRE|@sre> --escalate 1m,2m:<!subteam^S0ONCALL|@oncall>,3m:<@U0BOB|bob>",
    });
    await slack.sender.slashCommand({ userId: "U0ALICE", channelId: PLAIN, text: "subscribe" });
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

  it("/uptime subscriptions shows the steps and whom each pings", async () => {
    const list = textOf(await slash(ESCALATING, "subscriptions"));
    expect(list).toContain("pings `@sre`");
    expect(list).toContain("escalates at 1 min, 2 min to `@oncall`, 3 min to `@bob` while unacknowledged");
  });

  it("reminds at each of three steps with the step's mention, broadcast, each with an Acknowledge button", async () => {
    const id = fail(MARKETING_SITE);
    const root = await waitRoot(ESCALATING, id);
    await scheduled(id);
    const expected = ["<!subteam^S0SRE|@sre>", "<!subteam^S0ONCALL|@oncall>", "<@U0BOB>"];
    for (const [step, mention] of expected.entries()) {
      expect(await makeDue(id, step)).toBe(1);
      const [reminder] = await waitFor(
        slack.events,
        () => {
          const found = reminders(root, step);
          return found.length > 0 ? found : undefined;
        },
        20_000,
      );
      expect(reminder!.text.startsWith(`${mention} ⏰ Marketing site is still down`)).toBe(true);
      expect(reminder!.subtype).toBe("thread_broadcast");
      expect(JSON.stringify(reminder!.blocks)).toContain(actions.acknowledge);
    }
    expect(reminders(root)).toHaveLength(3);
    simulator.control.recover(MARKETING_SITE);
    await waitRoot(ESCALATING, id, (m) => color(m) === ALERT_COLORS.resolved);
  });

  it("sends no step after an acknowledge clicked on a reminder", async () => {
    const id = fail(WEB_SHOP);
    const root = await waitRoot(ESCALATING, id);
    await scheduled(id);
    expect(await makeDue(id, 0)).toBe(1);
    const [reminder] = await waitFor(
      slack.events,
      () => {
        const found = reminders(root, 0);
        return found.length > 0 ? found : undefined;
      },
      20_000,
    );
    // The reminder's own button, clicked on the second replica.
    useBot(bots[1]!);
    const button = (reminder!.blocks as { type: string; elements?: Record<string, unknown>[] }[])
      .flatMap((b) => b.elements ?? [])
      .find((e) => e.action_id === actions.acknowledge);
    await slack.sender.blockAction({
      userId: "U0ALICE",
      container: { type: "message", channel: ESCALATING, ts: reminder!.ts },
      actions: [button as { action_id: string }],
    });
    await waitRoot(ESCALATING, id, (m) => color(m) === ALERT_COLORS.acknowledged);
    // The later steps made due now, if the poller's acknowledge event has not cancelled them already.
    await makeDue(id, 1);
    await makeDue(id, 2);
    await eventually(async () => ((await stepSchedules(id)).length === 0 ? true : undefined), 20_000);
    await eventually(async () => ((await outboxSettled()) ? true : undefined), 20_000);
    expect(reminders(root)).toHaveLength(1);
    useBot(bots[0]!);
    simulator.control.recover(WEB_SHOP);
    await waitRoot(ESCALATING, id, (m) => color(m) === ALERT_COLORS.resolved);
  });

  it("an acknowledge typed in a DM turns both channels' messages amber at once", async () => {
    const id = fail(BLOG);
    await waitRoot(ESCALATING, id);
    await waitRoot(PLAIN, id);
    useBot(bots[1]!);
    expect(textOf(await slash(PEOPLE_DM, `ack ${id}`))).toContain(`Acknowledged incident #${id}`);
    const byAlice = (m: StoredMessage) =>
      color(m) === ALERT_COLORS.acknowledged && textOf(m).includes("acknowledged by <@U0ALICE>");
    await Promise.all([
      waitFor(slack.events, () => rootsOf(ESCALATING, id).find(byAlice), REDRAW_WAIT_MS),
      waitFor(slack.events, () => rootsOf(PLAIN, id).find(byAlice), REDRAW_WAIT_MS),
    ]);
    useBot(bots[0]!);
    simulator.control.recover(BLOG);
    await waitRoot(ESCALATING, id, (m) => color(m) === ALERT_COLORS.resolved);
    await waitRoot(PLAIN, id, (m) => color(m) === ALERT_COLORS.resolved);
  });

  it("posted nothing twice on the two replicas", async () => {
    await eventually(async () => ((await outboxSettled()) ? true : undefined), 20_000);
    expect(bots.every((bot) => !bot.exited())).toBe(true);
    for (const channel of [ESCALATING, PLAIN]) {
      const all = slack.state
        .channelMessages(channel)
        .filter((m) => m.metadata?.event_type === ALERT_EVENT_TYPE);
      const ids = all.map((m) => String(m.metadata?.event_payload.incident_id));
      expect(new Set(ids).size, channel).toBe(ids.length);
      expect(ids.length, channel).toBe(3);
      for (const root of all) {
        const replies = slack.state.replies(channel, root.ts);
        const acks = replies.filter((m) => m.metadata?.event_type === ACK_REPLY_EVENT_TYPE);
        expect(acks.length, `${channel} ack replies`).toBeLessThanOrEqual(1);
        const steps = replies
          .filter((m) => m.metadata?.event_type === ESCALATION_EVENT_TYPE)
          .map((m) => Number(m.metadata?.event_payload.step ?? 0));
        expect(new Set(steps).size, `${channel} reminders`).toBe(steps.length);
      }
    }
    // Everything the two replicas sent is what Slack and the Slack SDK's types accept.
    expect(
      auditSlackPayloads({
        calls: slack.state.calls,
        responseUrlPosts: slack.state.responseUrlPosts,
        violations: contractViolations(slack.state),
      }),
    ).toEqual([]);
  });
});
