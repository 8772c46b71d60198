// Grace period end to end on two replicas: two `npm start` processes share one Redis, poll the simulator and
// post to the fake Slack. With `--after 2m` a 40-second outage posts nothing and the digest counts it held
// back; a 3-minute one is posted once it has lasted 2 minutes, and recovers as any other; nothing is sent
// twice. Time is moved, not waited: the simulator's clock jumps ahead, the held event's schedule is made due.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalRedis, startPrivateRedis } from "../../dev/local-redis";
import { type FakeSlack, startFakeSlack } from "../../dev/playground/fake-slack";
import { contractViolations } from "../../dev/playground/fake-slack/contracts";
import type { StoredMessage } from "../../dev/playground/fake-slack/types";
import { DEMO_TOKENS, type RunningSimulator, startSimulator } from "../../dev/simulator";
import { ALERT_EVENT_TYPE, RECOVERY_EVENT_TYPE } from "../../src/alerts/engine/alert-metadata";
import { ALERT_COLORS } from "../../src/alerts/engine/alert-parts";
import { HELD_BACK } from "../../src/alerts/engine/deferrals";
import { pollTargetName } from "../../src/alerts/engine/poll/poll-target";
import { teamsOf } from "../../src/services/link-account";
import { generateKey } from "../../src/store/crypto/encryption-keys";
import { TokenCipher } from "../../src/store/crypto/token-cipher";
import { keyspace } from "../../src/store/keys";
import { LinkStore } from "../../src/store/link-store";
import { PollTargetStore } from "../../src/store/poll-target-store";
import { UptimeClient } from "../../src/uptime";
import { type BotProcess, startBotProcess } from "../support/bot-process";
import { outboxSettled as outboxSettledIn } from "../support/outbox-settled";
import { auditSlackPayloads } from "../support/slack-payload-audit";
import { textOf } from "../support/text-of";
import { eventually, waitFor } from "../support/wait-for";

const SIGNING_SECRET = "grace-signing-secret";
const BOT_TOKEN = "xoxb-grace-bot";
const BOT_USER = "U0BOT";
const TEAM = "T0GRACE";
/** Alerts with `--after 2m`. */
const REMINDED = "C0ALERTS";
// Demo seed, team 1 "Acme Production": 2 Web shop.
const WEB_SHOP = 2;
const BLOG = 3;

describe("grace period on two replicas", () => {
  let redis: LocalRedis;
  let client: Redis;
  let simulator: RunningSimulator;
  /** How far the simulator's clock is ahead of the bots': its incidents last as long as the test says. */
  let ahead = 0;
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

  beforeAll(async () => {
    redis = await startPrivateRedis();
    client = new Redis(redis.url);
    scheduler = new PollTargetStore({ redis: client, keys });
    simulator = await startSimulator({
      seed: "demo",
      autoChecks: false,
      clock: { now: () => Date.now() + ahead },
    });
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
    bots.push(...(await Promise.all([1, 2].map((n) => startBotProcess({ name: `grace-bot-${n}`, env })))));
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
      text: "subscribe --after 2m",
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

  /** Anything posted about an incident in the channel: a root, a reply, a recovery. */
  const aboutIncident = (incidentId: string) =>
    slack.state
      .channelMessages(REMINDED)
      .flatMap((m) => [m, ...slack.state.replies(REMINDED, m.ts)])
      .filter((m) => m.metadata?.event_payload.incident_id === incidentId);
  /** `/uptime digest`, posted in the channel: its "Short outages held back" count. */
  const heldBackInDigest = async () => {
    const before = slack.state.channelMessages(REMINDED).length;
    await slack.sender.slashCommand({ userId: "U0ALICE", channelId: REMINDED, text: "digest daily" });
    const digest = await waitFor(
      slack.events,
      () =>
        slack.state
          .channelMessages(REMINDED)
          .slice(before)
          .find((m) => (m.text ?? "").startsWith("Daily digest for")),
      15_000,
    );
    const found = /Short outages held back\*\n(\d+) \(under 2m\)/.exec(
      JSON.stringify(digest.blocks).replaceAll("\\n", "\n"),
    );
    if (!found) throw new Error(`no held-back count in ${JSON.stringify(digest.blocks)}`);
    return Number(found[1]);
  };
  const held = async (incidentId: string) => {
    const [pending] = await eventually(async () => {
      const found = await schedulesOf("deferred", incidentId);
      return found.length === 1 ? found : undefined;
    }, 20_000);
    return pending!;
  };

  it("/uptime subscriptions shows the grace period", async () => {
    expect(textOf(await slash("subscriptions"))).toContain("outages posted once they last 2m");
  });

  it("holds back a 40-second outage: nothing posted, the digest counts it", async () => {
    const before = await heldBackInDigest();
    const incident = simulator.control.fail(BLOG, "HTTP 502 Bad Gateway");
    if (!incident) throw new Error("the blog opened no incident");
    const pending = await held(incident.id);
    expect(pending.dueAt).toBe(Date.parse(String(incident.attributes?.started)) + 120_000);

    ahead += 40_000;
    simulator.control.recover(BLOG);
    // Taken off the due set and remembered as held back, on whichever replica delivered the recovery.
    await eventually(async () => {
      const last = await client.hget(keys.schedule(pending.shard, pending.id), "last");
      return last === HELD_BACK ? true : undefined;
    }, 20_000);
    expect(await schedulesOf("deferred", incident.id)).toEqual([]);
    await eventually(async () => ((await outboxSettled()) ? true : undefined), 20_000);
    expect(aboutIncident(incident.id)).toEqual([]);
    expect(await heldBackInDigest()).toBe(before + 1);
  }, 90_000);

  it("posts a 3-minute outage once it has lasted 2 minutes, then its recovery", async () => {
    const incident = simulator.control.fail(WEB_SHOP, "HTTP 503 Service Unavailable");
    if (!incident) throw new Error("the web shop opened no incident");
    const id = incident.id;
    await held(id);
    await eventually(async () => ((await outboxSettled()) ? true : undefined), 20_000);
    expect(aboutIncident(id)).toEqual([]);

    // Two minutes on: the held opening is released, once, by whichever replica fires it.
    ahead += 120_000;
    useBot(bots[1]!);
    expect(await makeDue("deferred", id)).toBe(1);
    const root = await waitRoot(id, (m) => color(m) === ALERT_COLORS.open);
    expect(root.text).toContain("Web shop is down");

    ahead += 60_000;
    useBot(bots[0]!);
    simulator.control.recover(WEB_SHOP);
    await waitRoot(id, (m) => color(m) === ALERT_COLORS.resolved);
    await waitFor(
      slack.events,
      () =>
        slack.state.replies(REMINDED, root.ts).find((m) => m.metadata?.event_type === RECOVERY_EVENT_TYPE),
      20_000,
    );
  }, 90_000);

  it("sent nothing twice on the two replicas", async () => {
    await eventually(async () => ((await outboxSettled()) ? true : undefined), 20_000);
    expect(bots.every((bot) => !bot.exited())).toBe(true);
    const roots = slack.state
      .channelMessages(REMINDED)
      .filter((m) => m.metadata?.event_type === ALERT_EVENT_TYPE);
    expect(roots).toHaveLength(1);
    const recoveries = slack.state
      .replies(REMINDED, roots[0]!.ts)
      .filter((m) => m.metadata?.event_type === RECOVERY_EVENT_TYPE);
    expect(recoveries).toHaveLength(1);
    expect(
      auditSlackPayloads({
        calls: slack.state.calls,
        responseUrlPosts: slack.state.responseUrlPosts,
        violations: contractViolations(slack.state),
      }),
    ).toEqual([]);
  });
});
