// Failover end to end (issue 4, docs/architecture.md sections 5 and 8): three `npm start` processes share one Redis,
// poll the simulator and post to the fake Slack. Scripted outages over 30 teams and 60 channels, one bot
// killed with SIGKILL mid-run, Redis restarted once, then 10 s of API 500s: every incident ends with exactly
// one root per channel, green, with exactly one recovery reply, and nothing else is posted.
// (`npm run chaos` scenario (d) holds the API at 500 for 30 s at full size.)
//
// The same run again on a Redis Cluster of 3 masters (REDIS_CLUSTER_NODES, issue 12): the bots use the
// Cluster client, one master is restarted instead of the single Redis, without the API fault phase (which
// tests the poller, not the storage).
//
// Both run 3 rounds of outages (90) in `npm run test:resilience` (not `npm test`: about 3 minutes; `npm test`
// meets a SIGKILL and a Redis restart in the fault suite's small scenarios, test/e2e/chaos.test.ts): the
// SIGKILL, the digests, the escalations and the restart all fall within them. Issue 4's full scale, 200
// outages (7 rounds, 50 s more) on one Redis, is `npm run chaos:failover` (FAILOVER_OUTAGES=200 on this file).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Cluster, Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeSlack, startFakeSlack } from "../../dev/playground/fake-slack";
import type { StoredMessage } from "../../dev/playground/fake-slack/types";
import { type RunningSimulator, startSimulator } from "../../dev/simulator";
import {
  ALERT_EVENT_TYPE,
  ESCALATION_EVENT_TYPE,
  RECOVERY_EVENT_TYPE,
  ROLLUP_EVENT_TYPE,
} from "../../src/alerts/engine/alert-metadata";
import { pollTargetName } from "../../src/alerts/engine/poll/poll-target";
import { DIGEST_EVENT_TYPE } from "../../src/alerts/kinds/digest/digest-delivery";
import { decodeDeliverableEvent } from "../../src/alerts/kinds/registry";
import { STORM_THRESHOLD, STORM_WINDOW_MS } from "../../src/alerts/kinds/storm/alert-rules";
import type { OutboxEvent } from "../../src/alerts/model";
import { generateKey } from "../../src/store/crypto/encryption-keys";
import { TokenCipher } from "../../src/store/crypto/token-cipher";
import { keyspace } from "../../src/store/keys";
import { LinkStore } from "../../src/store/link-store";
import { PollTargetStore } from "../../src/store/poll-target-store";
import type { RedisClient } from "../../src/store/redis-connection";
import { type BotProcess, metricTotal, startBotProcess, TEST_OUTPUT_DIR } from "../support/bot-process";
import { startRestartableRedis } from "../support/private-redis";
import { startRedisCluster } from "../support/redis-cluster";
import { textOf } from "../support/text-of";

const SIGNING_SECRET = "failover-signing-secret";
const BOT_TOKEN = "xoxb-failover-bot";
const BOT_USER = "U0BOT";
const SLACK_TEAM = "T0FAIL";
/** The bot processes run with the default key prefix, as `npm start` does. */
const KEY_PREFIX = "uc:";

const TEAMS = 30;
const MONITORS_PER_TEAM = 7;
/**
 * A team's outages start this far apart: at most 5 in any minute, so the storm roll-up (more than
 * STORM_THRESHOLD opens of one team within STORM_WINDOW_MS) never replaces a root in this test.
 */
const SPACING_MS = 12_500;
/** Outages still open when the API starts failing: a 500 must not be read as their recovery. */
const HELD = 5;
/** 10 polls of every target at 1 s: each meets the failing API many times; (d) of `npm run chaos` runs 30 s. */
const FAULT_MS = 10_000;
/**
 * The bots' alert Slack call timeout and post settle (SLACK_ALERT_CALL_TIMEOUT_MS, ALERT_POST_SETTLE_MS),
 * shorter than the product's 10 s and 30 s in the same order (the settle longer than the timeout): a post left
 * unanswered by the SIGKILL or the Redis restart is retried after 10 s instead of 30.
 */
const SLACK_CALL_TIMEOUT_MS = 5_000;
const POST_SETTLE_MS = 10_000;
const KILL_AT_MS = 10_000;
const REDIS_RESTART_AT_MS = 28_000;

const GREEN = "#2EB67D";
const RED = "#E01E5A";

interface Outage {
  team: number;
  monitorId: number;
  startAt: number;
  /** null: held open until the fault phase is over. */
  endAt: number | null;
  incidentId?: string;
}

const pad = (n: number) => String(n + 1).padStart(2, "0");
const ownerOf = (team: number) => `U0OWN${pad(team)}`;
const channelsOf = (team: number) => [`C0T${pad(team)}A`, `C0T${pad(team)}B`];
/**
 * Teams with a third channel that gets a daily digest. Their 7th monitor never has an outage in the script
 * (at most 200 outages, 30 teams: a 7th round covers teams 1 to 20), so the digest channel gets no alert.
 */
const DIGEST_TEAMS = [25, 26, 27, 28, 29];
/**
 * Teams whose A channel subscribes with `--escalate 1m`: their held incidents (open for minutes) escalate
 * on their own, and the ones open when the test makes escalations due escalate early.
 */
const ESCALATE_TEAMS = new Set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
const escalates = (team: number, channel: string) =>
  ESCALATE_TEAMS.has(team) && channel === channelsOf(team)[0];
const digestChannelOf = (team: number) => `C0T${pad(team)}D`;
const tokenOf = (team: number) => `failover-owner-token-${pad(team)}`;
/** What happened when, next to the bots' logs (test-output/<name>-timeline.log), for a failing run. */
function timelineOf(name: string) {
  const timeline: string[] = [];
  const started = Date.now();
  return (what: string) => {
    timeline.push(`${((Date.now() - started) / 1000).toFixed(1)}s ${what}`);
    writeFileSync(join(TEST_OUTPUT_DIR, `${name}-timeline.log`), `${timeline.join("\n")}\n`);
  };
}

/** Where the bots keep their data: one Redis, or a 3-master Redis Cluster. */
interface Storage {
  /** REDIS_URL or REDIS_CLUSTER_NODES for the bots. */
  env: Record<string, string>;
  /** A client of the test's own, that keeps retrying while Redis restarts. */
  client(): RedisClient;
  /** Restarts the Redis (the cluster: one master) with its data; resolves with the time away (ms). */
  restart(): Promise<number>;
  close(): Promise<void>;
}

async function singleRedis(): Promise<Storage> {
  const redis = await startRestartableRedis();
  return {
    env: { REDIS_URL: redis.url },
    client: () => new Redis(redis.url, { maxRetriesPerRequest: null }),
    restart: () => redis.restart(),
    close: () => redis.close(),
  };
}

async function redisCluster(): Promise<Storage> {
  const cluster = await startRedisCluster({ masters: 3, persistent: true });
  return {
    env: { REDIS_CLUSTER_NODES: cluster.seeds },
    client: () => new Cluster(cluster.seedList, { redisOptions: { maxRetriesPerRequest: null } }),
    async restart() {
      const [master] = (await cluster.roles()).masters;
      const away = await cluster.restartNode(master!);
      await cluster.waitUntilOk();
      return away;
    },
    close: () => cluster.close(),
  };
}

/** Outages of the single Redis run: 90 (3 rounds) in `npm run test:resilience`; `npm run chaos:failover` sets 200. */
const OUTAGES = outagesSetting(process.env.FAILOVER_OUTAGES);

function outagesSetting(value: string | undefined): number {
  if (value === undefined || value === "") return 90;
  const n = Number(value);
  // At least the first 3 rounds, where the faults fall; at most 200, so that the digest teams' 7th monitor
  // never has an outage (DIGEST_TEAMS).
  if (!Number.isInteger(n) || n < 90 || n > 200) {
    throw new Error(`FAILOVER_OUTAGES must be a whole number from 90 to 200, not "${value}"`);
  }
  return n;
}

const SUITES = [
  {
    name: "failover",
    title: "one Redis, SIGKILL, a Redis restart and an API outage",
    storage: singleRedis,
    faultPhase: true,
    outages: OUTAGES,
  },
  {
    name: "cluster-failover",
    title: "a 3-master Redis Cluster, SIGKILL and a master restart",
    storage: redisCluster,
    faultPhase: false,
    outages: 90,
  },
] as const;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A small deterministic PRNG (mulberry32): the same outage script on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe.each(SUITES)("$name: three bot processes on $title", (suite) => {
  const note = timelineOf(suite.name);
  let redis: Storage;
  let simulator: RunningSimulator;
  let slack: FakeSlack;
  let client: RedisClient;
  const bots: BotProcess[] = [];
  let monitorIds: number[][] = [];

  beforeAll(async () => {
    redis = await suite.storage();
    simulator = await startSimulator({ seed: "empty", autoChecks: false });
    const seeded = simulator.control.seed({
      teams: Array.from({ length: TEAMS }, (_, team) => ({
        name: `Failover team ${pad(team)}`,
        users: [{ firstName: `Owner${pad(team)}`, token: tokenOf(team), role: "owner" }],
        monitors: Array.from({ length: MONITORS_PER_TEAM }, (_, m) => ({
          name: `svc-${pad(team)}-${m + 1}`,
        })),
      })),
    });
    monitorIds = seeded.teams.map((t) => t.monitors.map((m) => m.id));

    const users = Array.from({ length: TEAMS }, (_, team) => ({
      id: ownerOf(team),
      name: `owner${pad(team)}`,
      realName: `Owner ${pad(team)}`,
    }));
    slack = await startFakeSlack({
      signingSecret: SIGNING_SECRET,
      botToken: BOT_TOKEN,
      botUserId: BOT_USER,
      teamId: SLACK_TEAM,
      users,
      channels: Array.from({ length: TEAMS }, (_, team) =>
        [...channelsOf(team), ...(DIGEST_TEAMS.includes(team) ? [digestChannelOf(team)] : [])].map((id) => ({
          id,
          name: id.toLowerCase(),
          members: [ownerOf(team), BOT_USER],
        })),
      ).flat(),
      usergroups: [],
    });

    const tokenEncryptionKey = generateKey();
    const env = {
      SLACK_BOT_TOKEN: BOT_TOKEN,
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      SLACK_API_URL: slack.apiUrl,
      UPTIME_API_URL: simulator.url,
      ...redis.env,
      TOKEN_ENCRYPTION_KEY: tokenEncryptionKey,
      ALERT_WORKERS: "1",
      POLL_INTERVAL_SECONDS: "1",
      LOG_LEVEL: "info",
      SLACK_ALERT_CALL_TIMEOUT_MS: String(SLACK_CALL_TIMEOUT_MS),
      ALERT_POST_SETTLE_MS: String(POST_SETTLE_MS),
    };
    // In parallel: each child spends seconds compiling TypeScript.
    bots.push(
      ...(await Promise.all([1, 2, 3].map((n) => startBotProcess({ name: `${suite.name}-bot-${n}`, env })))),
    );
    slack.setAppUrl(`${bots[0]!.url}/slack/events`);
    note(`bots healthy: ${bots.map((b) => `${b.name} pid ${b.pid} port ${b.port}`).join(", ")}`);

    // Linked as `/uptime login` would leave it (the login flow has tests of its own).
    client = redis.client();
    // The test restarts Redis (a master) on purpose: the client reconnects by itself, and its connection errors
    // meanwhile are expected, not something to print (ioredis prints an error nobody listens to).
    client.on("error", () => {});
    const links = new LinkStore({
      redis: client,
      keys: keyspace(KEY_PREFIX),
      cipher: TokenCipher.fromSetting(tokenEncryptionKey),
    });
    for (const [team, t] of seeded.teams.entries()) {
      await links.save({ teamId: SLACK_TEAM, userId: ownerOf(team) }, tokenOf(team), {
        apiUserId: String(t.users[0]!.id),
        apiUserName: `Owner${pad(team)}`,
        teams: [{ id: String(t.id), name: `Failover team ${pad(team)}`, role: "owner" }],
      });
    }

    // The real `/uptime subscribe`, a few at a time; its answer is the summary posted in the channel.
    const subscriptions = Array.from({ length: TEAMS }, (_, team) =>
      channelsOf(team).map((channel) => ({ team, channel })),
    ).flat();
    for (let i = 0; i < subscriptions.length; i += 6) {
      await Promise.all(
        subscriptions.slice(i, i + 6).map(async ({ team, channel }) => {
          const result = await slack.sender.slashCommand({
            userId: ownerOf(team),
            channelId: channel,
            text: escalates(team, channel) ? "subscribe --escalate 1m" : "subscribe",
          });
          expect(result.status).toBe(200);
        }),
      );
    }
    for (const team of DIGEST_TEAMS) {
      const result = await slack.sender.slashCommand({
        userId: ownerOf(team),
        channelId: digestChannelOf(team),
        text: `subscribe monitor:svc-${pad(team)}-7 --digest daily`,
      });
      expect(result.status).toBe(200);
    }
    await until(
      "every channel got its subscribe summary",
      () =>
        subscriptions.every(({ channel }) => botMessages(channel).length === 1) &&
        DIGEST_TEAMS.every((team) => botMessages(digestChannelOf(team)).length === 1),
      20_000,
    );

    note("60 channels subscribed");
    // The first poll of a target is a baseline; an outage before it would be summarised, not alerted.
    const scheduler = new PollTargetStore({ redis: client, keys: keyspace(KEY_PREFIX) });
    const targets = seeded.teams.map((t, team) => pollTargetName(String(t.id), tokenOf(team)));
    await until(
      "every poll target has its baseline",
      async () =>
        (await Promise.all(targets.map((t) => scheduler.inspect(t)))).every((info) => info?.state != null),
      20_000,
    );
    note("30 targets baselined");
  });

  afterAll(async () => {
    await Promise.all(bots.map((bot) => bot.kill()));
    client?.disconnect();
    await slack?.close();
    await simulator?.close();
    await redis?.close();
  });

  /** The bot's messages at channel level (roots and the subscribe summary), oldest first. */
  const botMessages = (channel: string): StoredMessage[] =>
    slack.state.channelMessages(channel).filter((m) => m.user === BOT_USER || m.bot_id !== undefined);

  const allMessages = (channel: string): StoredMessage[] => slack.state.conversation(channel)?.messages ?? [];

  const rootsOf = (channel: string, incidentId: string) =>
    botMessages(channel).filter(
      (m) =>
        m.metadata?.event_type === ALERT_EVENT_TYPE && m.metadata.event_payload.incident_id === incidentId,
    );

  const colorOf = (message: StoredMessage) =>
    (message.attachments?.[0] as { color?: string } | undefined)?.color;

  const repliesTo = (channel: string, root: StoredMessage) =>
    allMessages(channel).filter((m) => m.thread_ts === root.ts && m.ts !== root.ts);

  const digestsIn = (channel: string) =>
    botMessages(channel).filter((m) => m.metadata?.event_type === DIGEST_EVENT_TYPE);

  /**
   * Time travel for schedules of one kind (`digest:`, `escalation:`): their due time is made now, in every
   * shard's schedule set (the bots read the wall clock: 09:00 in the subscriber's zone is hours away, and an
   * escalation a minute). Resolves with how many were moved.
   */
  const makeDue = async (kind: "digest:" | "escalation:") => {
    const scheduler = new PollTargetStore({ redis: client, keys: keyspace(KEY_PREFIX) });
    const keys = keyspace(KEY_PREFIX);
    let moved = 0;
    for (let shard = 0; shard < scheduler.shards; shard++) {
      for (const id of await client.zrange(keys.scheduleDue(shard), 0, -1)) {
        if (!id.startsWith(kind)) continue;
        await client.zadd(keys.scheduleDue(shard), Date.now(), id);
        moved++;
      }
    }
    return moved;
  };

  /** The escalation schedules of an incident still in the schedule sets, with their due times (diagnostics). */
  const escalationSchedulesOf = async (incidentId: string) => {
    const keys = keyspace(KEY_PREFIX);
    const scheduler = new PollTargetStore({ redis: client, keys });
    const found: string[] = [];
    for (let shard = 0; shard < scheduler.shards; shard++) {
      const entries = await client.zrange(keys.scheduleDue(shard), 0, -1, "WITHSCORES");
      for (let i = 0; i < entries.length; i += 2) {
        const id = entries[i]!;
        if (id.startsWith("escalation:") && (id.endsWith(`:${incidentId}`) || id.includes(`:${incidentId}:`)))
          found.push(`${id} due ${entries[i + 1]}`);
      }
    }
    return found.length > 0 ? found.join(", ") : "none";
  };

  const repliesOfKind = (channel: string, root: StoredMessage, eventType: string) =>
    repliesTo(channel, root).filter((m) => m.metadata?.event_type === eventType);

  const alertRootIds = (channel: string) =>
    botMessages(channel)
      .filter((m) => m.metadata?.event_type === ALERT_EVENT_TYPE)
      .map((m) => String(m.metadata?.event_payload.incident_id));

  /**
   * The outbox events still in every shard's stream. The delivery workers trim what they delivered, so
   * this sees only the recent ones: a delivered event shows in Slack instead.
   */
  const committedEvents = async () => {
    const scheduler = new PollTargetStore({ redis: client, keys: keyspace(KEY_PREFIX) });
    const events: { type: string; incidentId: string }[] = [];
    for (let shard = 0; shard < scheduler.shards; shard++) {
      const entries = await client.xrange(scheduler.outboxKey(shard), "-", "+");
      for (const [, fields] of entries) {
        const index = fields.indexOf("event");
        // Poll targets' alert events only: digests and escalations share the outbox (docs/architecture.md section 5).
        const target = fields[fields.indexOf("target") + 1] ?? "";
        if (index >= 0 && target.startsWith("team:"))
          events.push(decodeDeliverableEvent(fields[index + 1]) as OutboxEvent);
      }
    }
    return events;
  };

  async function until(what: string, probe: () => boolean | Promise<boolean>, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    while (!(await probe())) {
      if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
      await sleep(250);
    }
  }

  /** The suite's outages: a team's outages SPACING_MS apart, teams interleaved, durations of 1 to 16 s. */
  function script(): Outage[] {
    const random = prng(4);
    const outages: Outage[] = [];
    const lastRound = Math.ceil(suite.outages / TEAMS) - 1;
    for (let k = 0; outages.length < suite.outages; k++) {
      for (let team = 0; team < TEAMS && outages.length < suite.outages; team++) {
        const startAt = k * SPACING_MS + Math.round((team * SPACING_MS) / TEAMS);
        // Long ones overlap the team's next outage; the last round is short so the run ends sooner.
        const duration = k >= lastRound ? 1_000 + random() * 3_000 : 1_000 + random() * 15_000;
        outages.push({ team, monitorId: monitorIds[team]![k]!, startAt, endAt: startAt + duration });
      }
    }
    // The last outage of the first HELD teams stays open through the fault phase.
    for (let team = 0; team < HELD; team++) {
      const last = outages.filter((o) => o.team === team).at(-1)!;
      last.endAt = null;
    }
    return outages;
  }

  it("posts exactly one root per incident and channel, updated to green with one reply, and nothing else", async () => {
    const outages = script();
    // The script's own promise: never more than STORM_THRESHOLD starts of a team in any window.
    for (let team = 0; team < TEAMS; team++) {
      const starts = outages.filter((o) => o.team === team).map((o) => o.startAt);
      for (const s of starts) {
        expect(starts.filter((t) => t >= s && t < s + STORM_WINDOW_MS).length).toBeLessThanOrEqual(
          STORM_THRESHOLD,
        );
      }
    }

    // --- Phase 1: the outages, a bot killed, Redis restarted. -------------------------------------------
    type Step = { at: number; run: () => Promise<void> | void };
    const steps: Step[] = [];
    for (const outage of outages) {
      steps.push({
        at: outage.startAt,
        run: () => {
          const incident = simulator.control.fail(outage.monitorId, `Scripted outage of ${outage.monitorId}`);
          if (!incident) throw new Error(`monitor ${outage.monitorId} opened no incident`);
          outage.incidentId = incident.id;
        },
      });
      if (outage.endAt !== null) {
        steps.push({ at: outage.endAt, run: () => void simulator.control.recover(outage.monitorId) });
      }
    }
    const victim = bots[1]!;
    // Digests fall due just before the SIGKILL, and again (the same period) just after it: every bot races
    // to fire them, one may die delivering, and each channel still gets exactly one. The escalations of the
    // incidents open then fall due too.
    let digestsMoved = 0;
    let escalationsMoved = 0;
    for (const at of [KILL_AT_MS - 1_500, KILL_AT_MS + 1_500]) {
      steps.push({
        at,
        run: async () => {
          digestsMoved += await makeDue("digest:");
          escalationsMoved += await makeDue("escalation:");
          note("digests and escalations made due");
        },
      });
    }
    steps.push({
      at: KILL_AT_MS,
      run: async () => {
        await victim.kill();
        note(`SIGKILL ${victim.name}`);
      },
    });
    let redisAway = 0;
    steps.push({
      at: REDIS_RESTART_AT_MS,
      run: async () => {
        redisAway = await redis.restart();
        note(`Redis restarted (away ${redisAway} ms)`);
      },
    });
    steps.sort((a, b) => a.at - b.at);
    const t0 = Date.now();
    for (const step of steps) {
      const wait = t0 + step.at - Date.now();
      if (wait > 0) await sleep(wait);
      await step.run();
    }
    note("outage script done");
    expect(victim.exited()).toBe(true);
    // The bot itself is gone (not only a wrapper process): signal 0 finds no such process.
    expect(() => process.kill(victim.pid, 0)).toThrow();
    expect(redisAway).toBeGreaterThan(0);
    const survivors = bots.filter((bot) => bot !== victim);

    const incidentIds = outages.map((o) => o.incidentId!);
    expect(new Set(incidentIds).size).toBe(suite.outages);
    const known = new Set(incidentIds);
    const held = outages.filter((o) => o.endAt === null);
    const heldChannels = held.flatMap((o) => channelsOf(o.team).map((channel) => ({ o, channel })));

    // --- Phase 2: the API answers 500 for 10 s; no outage starts or ends meanwhile. ---------------------
    // Before it: the held incidents are posted (red), and every other recovery is committed to the outbox,
    // so that the pollers have nothing left to see but the failing API.
    await until(
      "the held incidents are posted and every other recovery is committed",
      async () => {
        if (!heldChannels.every(({ o, channel }) => rootsOf(channel, o.incidentId!).length === 1))
          return false;
        const resolved = new Set(
          (await committedEvents()).filter((e) => e.type === "resolved").map((e) => e.incidentId),
        );
        // Committed: still in the outbox, or already delivered (a green root) and maybe trimmed since.
        const recovered = (o: Outage) =>
          resolved.has(o.incidentId!) ||
          channelsOf(o.team).some((channel) =>
            rootsOf(channel, o.incidentId!).some((root) => colorOf(root) === GREEN),
          );
        return outages.every((o) => o.endAt === null || recovered(o));
      },
      90_000,
    );
    if (suite.faultPhase) {
      const pollErrorsBefore = await Promise.all(
        survivors.map(async (bot) => metricTotal(await bot.metrics(), "uptime_chatops_poll_errors_total")),
      );
      note("fault phase starts");
      simulator.control.setFault({ status: 500, durationMs: FAULT_MS });
      const faultEnds = Date.now() + FAULT_MS;
      while (Date.now() < faultEnds) {
        for (const { o, channel } of heldChannels) {
          const roots = rootsOf(channel, o.incidentId!);
          expect(roots).toHaveLength(1);
          // Still down: a failed poll is no recovery.
          expect(colorOf(roots[0]!)).toBe(RED);
        }
        for (let team = 0; team < TEAMS; team++) {
          for (const channel of channelsOf(team)) {
            // Nothing about an incident that was never scripted.
            expect(alertRootIds(channel).filter((id) => !known.has(id))).toEqual([]);
          }
        }
        await sleep(1_000);
      }
      const pollErrorsAfter = await Promise.all(
        survivors.map(async (bot) => metricTotal(await bot.metrics(), "uptime_chatops_poll_errors_total")),
      );
      // The pollers did meet the failing API (the phase tested something).
      expect(pollErrorsAfter.reduce((a, b) => a + b, 0)).toBeGreaterThan(
        pollErrorsBefore.reduce((a, b) => a + b, 0),
      );
    }
    note(suite.faultPhase ? "fault phase over; held incidents recover" : "held incidents recover");
    // The held incidents are still open and unacknowledged: their escalations, made due now, each post one
    // reminder before they recover.
    escalationsMoved += await makeDue("escalation:");
    const heldEscalating = held.flatMap((o) =>
      ESCALATE_TEAMS.has(o.team) ? [{ o, channel: channelsOf(o.team)[0]! }] : [],
    );
    const reminded = ({ o, channel }: { o: Outage; channel: string }) => {
      const [root] = rootsOf(channel, o.incidentId!);
      return root !== undefined && repliesOfKind(channel, root, ESCALATION_EVENT_TYPE).length === 1;
    };
    try {
      await until(
        "every held incident of an escalating channel got its reminder",
        () => heldEscalating.every(reminded),
        30_000,
      );
    } catch (error) {
      // Seen once in CI (fe8ba4c, the cluster suite) and not since: say which ones, and where their schedules are.
      const missing = await Promise.all(
        heldEscalating
          .filter((h) => !reminded(h))
          .map(async ({ o, channel }) => {
            const roots = rootsOf(channel, o.incidentId!);
            const replies = roots.flatMap((r) => repliesOfKind(channel, r, ESCALATION_EVENT_TYPE)).length;
            return `${channel}/${o.incidentId}: ${roots.length} roots, ${replies} reminders, schedules ${await escalationSchedulesOf(o.incidentId!)}`;
          }),
      );
      throw new Error(`${(error as Error).message}; at ${Date.now()}: ${missing.join("; ")}`);
    }
    for (const o of held) simulator.control.recover(o.monitorId);

    // --- Convergence: every incident complete in both channels of its team, then stable. ----------------
    const complete = () =>
      outages.every((o) =>
        channelsOf(o.team).every((channel) => {
          const roots = rootsOf(channel, o.incidentId!);
          return (
            roots.length === 1 &&
            colorOf(roots[0]!) === GREEN &&
            repliesOfKind(channel, roots[0]!, RECOVERY_EVENT_TYPE).length === 1
          );
        }),
      );
    const fingerprint = () =>
      Array.from({ length: TEAMS }, (_, team) =>
        channelsOf(team).map((channel) => allMessages(channel).length),
      )
        .flat()
        .join(",");
    await until("every incident is complete in every channel", complete, 120_000).catch((error) => {
      const missing = outages.flatMap((o) =>
        channelsOf(o.team).flatMap((channel) => {
          const roots = rootsOf(channel, o.incidentId!);
          const state =
            roots.length !== 1
              ? `${roots.length} roots`
              : colorOf(roots[0]!) !== GREEN
                ? "not green"
                : `${repliesOfKind(channel, roots[0]!, RECOVERY_EVENT_TYPE).length} replies`;
          return roots.length === 1 && state.endsWith(" replies") && state.startsWith("1 ")
            ? []
            : [`${channel}/${o.incidentId}: ${state}`];
        }),
      );
      throw new Error(`${(error as Error).message}\n${missing.slice(0, 20).join("\n")} (${missing.length})`);
    });
    note("complete");
    const settled = fingerprint();
    await sleep(3_000);
    expect(fingerprint()).toBe(settled);

    // --- The final record, channel by channel. ----------------------------------------------------------
    let roots = 0;
    let escalations = 0;
    const bornGreen: string[] = [];
    const heldIds = new Set(held.map((o) => o.incidentId!));
    for (let team = 0; team < TEAMS; team++) {
      const mine = new Set(outages.filter((o) => o.team === team).map((o) => o.incidentId!));
      for (const channel of channelsOf(team)) {
        let escalationsIn = 0;
        const top = botMessages(channel);
        // No storm roll-up, no unknown incident: the summary of `/uptime subscribe` and one root per incident.
        expect(top.filter((m) => m.metadata?.event_type === ROLLUP_EVENT_TYPE)).toEqual([]);
        expect(top.filter((m) => !m.metadata)).toHaveLength(1);
        expect(alertRootIds(channel).sort()).toEqual([...mine].sort());
        for (const incidentId of mine) {
          const [root] = rootsOf(channel, incidentId);
          expect(colorOf(root!)).toBe(GREEN);
          if (!root!.edited) bornGreen.push(`${channel}/${incidentId} ts ${root!.ts}`);
          const recoveries = repliesOfKind(channel, root!, RECOVERY_EVENT_TYPE);
          expect(recoveries).toHaveLength(1);
          expect(recoveries[0]!.subtype).not.toBe("thread_broadcast");
          // `--escalate 1m`: at most one reminder per incident, broadcast; a held incident (never acknowledged,
          // its escalation made due while open) always gets its one. Channels without --escalate never get one.
          const reminders = repliesOfKind(channel, root!, ESCALATION_EVENT_TYPE);
          const expected = escalates(team, channel) && heldIds.has(incidentId) ? 1 : reminders.length;
          expect(reminders, `${channel}/${incidentId}`).toHaveLength(escalates(team, channel) ? expected : 0);
          expect(reminders.length).toBeLessThanOrEqual(1);
          for (const reminder of reminders) expect(reminder.subtype).toBe("thread_broadcast");
          escalationsIn += reminders.length;
          roots++;
        }
        escalations += escalationsIn;
        // Nothing else in the channel: roots, their replies and the summary.
        expect(allMessages(channel)).toHaveLength(1 + 2 * mine.size + escalationsIn);
      }
    }
    expect(roots).toBe(suite.outages * 2);
    // The held incidents of the escalating teams, and those still open when escalations fell due early.
    expect(escalationsMoved).toBeGreaterThanOrEqual(heldEscalating.length);
    expect(escalations).toBeGreaterThanOrEqual(heldEscalating.length);
    note(`escalations posted: ${escalations} (${heldEscalating.length} held)`);
    // One digest per channel and period, across three replicas, a SIGKILL and a Redis restart; nothing else.
    expect(digestsMoved).toBe(DIGEST_TEAMS.length * 2);
    for (const team of DIGEST_TEAMS) {
      const channel = digestChannelOf(team);
      const digests = digestsIn(channel);
      const periods = digests.map((m) => String(m.metadata?.event_payload.period));
      // Once per period. A second period only when the run crossed 09:00 in the subscriber's zone between
      // the two time travels: the second then fires the new day's digest, as it should (seen at 08:00 UTC).
      expect(new Set(periods).size, channel).toBe(periods.length);
      expect(periods.length, channel).toBeGreaterThanOrEqual(1);
      expect(periods.length, channel).toBeLessThanOrEqual(2);
      expect(textOf(digests[0]!)).toContain(`Daily digest for Failover team ${pad(team)}`);
      expect(botMessages(channel).filter((m) => m.metadata?.event_type !== DIGEST_EVENT_TYPE)).toHaveLength(
        1,
      );
    }
    // A root is normally posted red and updated to green in place. When the "resolved" event is handled
    // before its "opened" (another process still held the opened entry, or it was pending in the killed
    // one), the root is posted as the incident is by then: green at once, with its one reply. Recorded,
    // not failed: either way the channel ends with one green root and one reply per incident.
    note(`roots posted already green: ${bornGreen.length} ${bornGreen.join(", ")}`);
  }, 240_000);
});
