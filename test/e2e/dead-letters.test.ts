// The poison-proof outbox end to end (docs/architecture.md section 5): a real `npm start` process on a private Redis
// (the default key prefix, as an operator's), the fake Slack, and `npm run alerts -- dead-letters
// [--replay]` run as the operator runs it. Events are written to the outbox as the commit script writes
// them; the poll side is not involved.
import { spawn } from "node:child_process";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalRedis, startPrivateRedis } from "../../dev/local-redis";
import { type FakeSlack, startFakeSlack } from "../../dev/playground/fake-slack";
import { generateKey } from "../../src/store/crypto/encryption-keys";
import { keyspace } from "../../src/store/keys";
import { OutboxStore, PARKING_CONSUMER } from "../../src/store/outbox-store";
import { PollTargetStore } from "../../src/store/poll-target-store";
import { SubscriptionStore } from "../../src/store/subscription-store";
import { workspaceKey } from "../../src/store/workspace";
import { sourceCommand } from "../support/bot-command";
import { type BotProcess, metricTotal, startBotProcess } from "../support/bot-process";
import { eventually, waitFor } from "../support/wait-for";

const SIGNING_SECRET = "dead-letter-signing-secret";
const BOT_TOKEN = "xoxb-dead-letter-bot";
const BOT_USER = "U0BOT";
const TEAM = "T0DEAD";
const CHANNEL = "C0DEAD";
const SLOW = "C0SLOW";
const TARGET = "team:7:deadletterhash";
const SLOW_TARGET = "team:8:slowhash";

/** `npm run alerts -- <args>` as a child process (tsx without npm's banner), with only these variables. */
function alertsCli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const cli = sourceCommand("src/alerts-cli.ts");
    const child = spawn(cli.command, [...cli.args, ...args], {
      cwd: cli.cwd,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

function event(type: "opened" | "resolved", id: string) {
  const started = "2026-03-02T10:00:00.000Z";
  return JSON.stringify({
    type,
    incidentId: id,
    monitorId: `m${id}`,
    at: started,
    incident: {
      id,
      monitorId: `m${id}`,
      started,
      ended: null,
      acknowledged: null,
      maintenance: false,
      reason: "HTTP 503",
    },
    apiTeamId: "7",
    monitor: { id: `m${id}`, name: `Service ${id}`, target: "https://svc.example.com", group: null },
    failingLocations: ["Frankfurt"],
  });
}

describe("dead letters: npm run alerts -- dead-letters [--replay], and SIGTERM", () => {
  let redis: LocalRedis;
  let slack: FakeSlack;
  let client: Redis;
  let bot: BotProcess;
  const keys = keyspace();
  let outbox: OutboxStore;
  let scheduler: PollTargetStore;

  const roots = (channel: string) =>
    slack.state.channelMessages(channel).map((m) => String(m.metadata?.event_payload.incident_id));

  beforeAll(async () => {
    redis = await startPrivateRedis();
    slack = await startFakeSlack({
      signingSecret: SIGNING_SECRET,
      botToken: BOT_TOKEN,
      botUserId: BOT_USER,
      teamId: TEAM,
      users: [{ id: "U0OPS", name: "ops", realName: "Ops" }],
      channels: [
        { id: CHANNEL, name: "dead", members: ["U0OPS", BOT_USER] },
        { id: SLOW, name: "slow", members: ["U0OPS", BOT_USER] },
      ],
      usergroups: [],
    });
    client = new Redis(redis.url);
    outbox = new OutboxStore({ redis: client });
    scheduler = new PollTargetStore({ redis: client, keys });
    const subscriptions = new SubscriptionStore({ redis: client, keys });
    for (const [channelId, target] of [
      [CHANNEL, TARGET],
      [SLOW, SLOW_TARGET],
    ] as const) {
      await subscriptions.create({
        workspace: { teamId: TEAM },
        channelId,
        apiTeamId: target.split(":")[1]!,
        filters: { monitors: [], groups: [] },
        mention: null,
        subscriber: { userId: "U0OPS", apiUserId: "5" },
        target,
      });
    }
    bot = await startBotProcess({
      name: "dead-letters-bot",
      env: {
        SLACK_BOT_TOKEN: BOT_TOKEN,
        SLACK_SIGNING_SECRET: SIGNING_SECRET,
        SLACK_API_URL: slack.apiUrl,
        UPTIME_API_URL: "http://127.0.0.1:9",
        REDIS_URL: redis.url,
        TOKEN_ENCRYPTION_KEY: generateKey(),
        ALERT_WORKERS: "1",
        LOG_LEVEL: "info",
      },
    });
  });
  afterAll(async () => {
    await bot?.kill();
    await client?.quit();
    await slack?.close();
    await redis?.stop();
  });

  const stream = () => scheduler.outboxKey(scheduler.shardOf(TARGET));

  it("lists an entry dead-lettered after its attempts and one the bot dead-letters at once; --replay delivers the first", async () => {
    const env = { REDIS_URL: redis.url };
    expect((await alertsCli(["dead-letters"], env)).stdout).toContain("No dead letters");

    // An event that failed its 10 attempts earlier (a Slack outage, say): dead-lettered as a worker does.
    // Written and read by the earlier replica in one transaction: the running bot reads the stream every
    // 100 ms, and between two separate commands it once took the entry first and posted it.
    await outbox.ensureGroup(stream());
    const replies = await client
      .multi()
      .xadd(stream(), "*", "target", TARGET, "event", event("opened", "91"))
      .xreadgroup("GROUP", outbox.group, "earlier-replica", "COUNT", 10, "STREAMS", stream(), ">")
      .exec();
    const failed = replies?.[0]?.[1] as string;
    expect(
      await outbox.deadLetter(stream(), failed, "attempts: 10 attempts failed; last: http_500", 10),
    ).toBe(true);
    // The running bot meets an unreadable record, then a good one.
    await client.xadd(stream(), "*", "target", TARGET, "event", "{written by a newer version");
    await client.xadd(stream(), "*", "target", TARGET, "event", event("opened", "92"));
    await waitFor(slack.events, () => roots(CHANNEL).includes("92"), 20_000);
    await eventually(async () =>
      metricTotal(await bot.metrics(), "uptime_chatops_alert_dead_letters_total", /reason="unreadable"/) === 1
        ? true
        : undefined,
    );

    const listed = await alertsCli(["dead-letters"], env);
    expect(listed.code).toBe(0);
    const lines = listed.stdout.trim().split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain("opened incident 91 (monitor m91)");
    expect(lines[0]).toContain(`target ${TARGET}`);
    expect(lines[0]).toContain("10 deliveries");
    expect(lines[0]).toContain("attempts: 10 attempts failed; last: http_500");
    expect(lines[1]).toContain("unreadable event");
    expect(lines[1]).toContain("1 delivery");
    expect(lines[1]).toMatch(/unreadable: /);
    expect(lines[2]).toBe("2 dead letters. Fix the cause, then: npm run alerts -- dead-letters --replay");
    expect(roots(CHANNEL)).toEqual(["92"]);
    // The gauge an operator alerts on: what waits in the dead-letter streams, whichever replica moved it.
    expect(metricTotal(await bot.metrics(), "uptime_chatops_alert_dead_letters")).toBe(2);

    const replayed = await alertsCli(["dead-letters", "--replay"], env);
    expect(replayed.code).toBe(0);
    expect(replayed.stdout.trim()).toBe(
      "Replayed 2 dead letters into the outbox; the delivery workers try them again now.",
    );
    // The first is delivered now; the unreadable one is as unreadable as before and comes back.
    await waitFor(slack.events, () => roots(CHANNEL).includes("91"), 20_000);
    await eventually(async () =>
      metricTotal(await bot.metrics(), "uptime_chatops_alert_dead_letters_total", /reason="unreadable"/) === 2
        ? true
        : undefined,
    );
    const after = (await alertsCli(["dead-letters"], env)).stdout.trim().split("\n");
    expect(after).toHaveLength(2);
    expect(after[0]).toContain("unreadable event");
    expect(roots(CHANNEL).sort()).toEqual(["91", "92"]);
  });

  it("answers bad input and an unreachable Redis with one line", async () => {
    const typo = await alertsCli(["dead-leters"], { REDIS_URL: redis.url });
    expect(typo.code).toBe(2);
    expect(typo.stderr.trim().split("\n")).toEqual([
      'uptime-chatops alerts: unknown command "dead-leters". usage: npm run alerts -- dead-letters [--replay]',
    ]);
    const missing = await alertsCli(["dead-letters"], {});
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe("uptime-chatops alerts: REDIS_URL is required");
    const away = await alertsCli(["dead-letters"], { REDIS_URL: "redis://:secret@127.0.0.1:1" });
    expect(away.code).toBe(1);
    expect(away.stderr.trim()).toBe(
      "uptime-chatops alerts: cannot reach Redis at 127.0.0.1:1: connect ECONNREFUSED 127.0.0.1:1",
    );
    // On a Redis Cluster (REDIS_CLUSTER_NODES) the same: one line when no seed answers.
    const noCluster = await alertsCli(["dead-letters"], { REDIS_CLUSTER_NODES: "127.0.0.1:1" });
    expect(noCluster.code).toBe(1);
    expect(noCluster.stderr.trim()).toBe(
      "uptime-chatops alerts: no seed of REDIS_CLUSTER_NODES answered (127.0.0.1:1): connect ECONNREFUSED 127.0.0.1:1",
    );
  });

  it("SIGTERM ends a channel's wait for its posting slot; the entry is handed over and the consumer leaves the group", async () => {
    const slowStream = scheduler.outboxKey(scheduler.shardOf(SLOW_TARGET));
    const [seconds] = await client.time();
    // Another replica took the channel's posting slots for the next 10 minutes.
    await client.set(
      keys.alertChannelSlot(workspaceKey({ teamId: TEAM }), SLOW),
      String(Number(seconds) * 1000 + 600_000),
      "PX",
      700_000,
    );
    const id = (await client.xadd(
      slowStream,
      "*",
      "target",
      SLOW_TARGET,
      "event",
      event("opened", "93"),
    )) as string;
    const owner = await eventually(async () => {
      const [row] = (await client.xpending(slowStream, "alert-delivery", "-", "+", 10)) as [string, string][];
      return row?.[0] === id ? row[1] : undefined;
    }, 20_000);
    expect(owner).not.toBe(PARKING_CONSUMER);

    // Without the abort the bot would wait out the 10-minute slot (past this test's limit).
    expect(await bot.terminate()).toBe(0);
    expect(roots(SLOW)).toEqual([]);
    expect(await client.xpending(slowStream, "alert-delivery", "-", "+", 10)).toEqual([
      [id, PARKING_CONSUMER, expect.any(Number), 1],
    ]);
    const consumers = ((await client.xinfo("CONSUMERS", slowStream, "alert-delivery")) as unknown[][]).map(
      (row) => String(row[1]),
    );
    expect(consumers).not.toContain(owner);
  });
});
