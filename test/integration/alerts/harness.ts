import { type FakeSlack, startFakeSlack } from "../../../dev/playground/fake-slack";
import { AlertDelivery, type AlertDeliveryDeps } from "../../../src/alerts/engine/alert-delivery";
import {
  DeliveryWorker,
  type DeliveryWorkerOptions,
  outboxKeysOf,
} from "../../../src/alerts/engine/delivery-worker";
import { ScheduleStore } from "../../../src/alerts/engine/schedules/schedule-store";
import { DigestDelivery } from "../../../src/alerts/kinds/digest/digest-delivery";
import type { OutboxEvent } from "../../../src/alerts/model";
import { SubscriptionPauses } from "../../../src/alerts/subscriptions/subscription-pauses";
import type { Clock } from "../../../src/lib/clock";
import type { SlackPoster } from "../../../src/slack/slack-poster";
import { WebApiPoster } from "../../../src/slack/web-api-poster";
import { AlertMessageStore } from "../../../src/store/alert-message-store";
import { ChannelRateLimiter } from "../../../src/store/channel-rate-limiter";
import { generateKey } from "../../../src/store/crypto/encryption-keys";
import { TokenCipher } from "../../../src/store/crypto/token-cipher";
import { DigestPostStore } from "../../../src/store/digest-post-store";
import { keyspace } from "../../../src/store/keys";
import { LinkStore } from "../../../src/store/link-store";
import { MuteStore } from "../../../src/store/mute-store";
import { OutboxStore } from "../../../src/store/outbox-store";
import { PollTargetStore } from "../../../src/store/poll-target-store";
import type { RedisClient as Redis } from "../../../src/store/redis-connection";
import { type NewSubscription, SubscriptionStore } from "../../../src/store/subscription-store";
import { type ChartRenderer, createChartRenderer } from "../../../src/ui/charts/chart-renderer";
import type { UptimeClient } from "../../../src/uptime";
import { quietLogger } from "../fake-slack/quiet-logger";

export const BOT = "U0BOT";
export const WS = { teamId: "T0DEMO" } as const;
export const API_TEAM = "12";
export const TARGET = `team:${API_TEAM}:hash1`;
const PEOPLE = ["U0ALICE", "U0BOB"];

export async function startSlack(): Promise<FakeSlack> {
  return startFakeSlack({
    signingSecret: "s3cret",
    channels: [
      { id: "C0ALERTS", name: "alerts", members: [...PEOPLE, BOT] },
      { id: "C0OPS", name: "ops", members: [...PEOPLE, BOT] },
      { id: "C0QUIET", name: "quiet", members: PEOPLE },
    ],
  });
}

let suite = 0;

/** Stores, a delivery and workers on a fresh key prefix, posting to the fake Slack through WebClient. */
export function alertSetup(redis: Redis, prefix: string, fake: FakeSlack) {
  const keys = keyspace(`${prefix}${++suite}:`);
  const scheduler = new PollTargetStore({ redis, keys, shards: 2 });
  const subscriptions = new SubscriptionStore({ redis, keys });
  const messages = new AlertMessageStore({ redis, keys });
  const mutes = new MuteStore({ redis, keys });
  const rateLimiter = new ChannelRateLimiter({ redis, keys, slotMs: 5 });
  const webPoster = WebApiPoster.fromToken(fake.config.botToken, {
    slackApiUrl: fake.apiUrl,
    logger: quietLogger(),
  });
  const outbox = new OutboxStore({ redis });
  /** The outbox stream of TARGET's shard: where emit() writes. */
  const outboxKey = scheduler.outboxKey(scheduler.shardOf(TARGET));
  const links = new LinkStore({ redis, keys, cipher: TokenCipher.fromSetting(generateKey()) });
  const workers: DeliveryWorker[] = [];

  function delivery(overrides: Partial<AlertDeliveryDeps> = {}) {
    const posterFor = overrides.posterFor ?? (() => webPoster);
    return new AlertDelivery({
      subscriptions,
      messages,
      mutes,
      rateLimiter,
      posterFor,
      pauses: new SubscriptionPauses({ subscriptions, links, posterFor }),
      lockWaitMs: 2000,
      ...overrides,
    });
  }

  function worker(options: Partial<DeliveryWorkerOptions> & { poster?: SlackPoster } = {}) {
    const { poster, ...rest } = options;
    const w = new DeliveryWorker({
      redis,
      outboxKeys: outboxKeysOf(scheduler),
      delivery: delivery(poster ? { posterFor: () => poster } : {}),
      blockMs: 50,
      reclaimIdleMs: 300,
      reclaimEveryMs: 100,
      retryBackoff: { baseMs: 20, maxMs: 100 },
      consumer: `test-${workers.length}`,
      ...rest,
    });
    workers.push(w);
    return w;
  }

  async function subscribe(channelId: string, extra: Partial<NewSubscription> = {}) {
    const { subscription } = await subscriptions.create({
      workspace: WS,
      channelId,
      apiTeamId: API_TEAM,
      filters: { monitors: [], groups: [] },
      mention: { kind: "here" },
      subscriber: { userId: "U0ALICE", apiUserId: "5" },
      target: TARGET,
      ...extra,
    });
    return subscription;
  }

  /** Writes events to the target's outbox exactly as the scheduler's commit script does. */
  async function emit(...events: OutboxEvent[]): Promise<string[]> {
    const ids: string[] = [];
    for (const event of events) {
      ids.push(
        (await redis.xadd(outboxKey, "*", "target", TARGET, "event", JSON.stringify(event))) as string,
      );
    }
    return ids;
  }

  /** Resolves once every entry of every outbox was read and acknowledged by the group. */
  async function drained(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      let done = true;
      for (const key of outboxKeysOf(scheduler)) {
        const length = await redis.xlen(key);
        if (length === 0) continue;
        const groups = (await redis.xinfo("GROUPS", key)) as unknown[][];
        const info = groups[0] ? toRecord(groups[0]) : null;
        const last = toRecord((await redis.xinfo("STREAM", key)) as unknown[])["last-generated-id"];
        if (info?.pending !== 0 || info["last-delivered-id"] !== last) done = false;
      }
      if (done) return;
      if (Date.now() > deadline) throw new Error("outbox not drained in time");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** The scheduled side (docs/architecture.md section 5 "Schedules"): the schedule store and a digest delivery on these stores. */
  function scheduleParts(options: { client: UptimeClient; poster?: SlackPoster; clock?: Clock }) {
    const posterFor = () => options.poster ?? webPoster;
    const schedules = new ScheduleStore({ redis, keys, scheduler });
    charts ??= createChartRenderer();
    const digests = new DigestDelivery({
      charts,
      links,
      posts: new DigestPostStore({ redis, keys }),
      messages,
      posterFor,
      pauses: new SubscriptionPauses({ subscriptions, links, posterFor }),
      client: () => options.client,
      ...(options.clock ? { clock: options.clock } : {}),
      gate: { mutes },
    });
    return { schedules, digests };
  }

  let charts: ChartRenderer | undefined;
  async function stopAll() {
    await Promise.all(workers.map((w) => w.stop()));
    await charts?.close();
  }

  return {
    keys,
    scheduler,
    subscriptions,
    links,
    messages,
    mutes,
    rateLimiter,
    webPoster,
    outbox,
    outboxKey,
    delivery,
    worker,
    scheduleParts,
    subscribe,
    emit,
    drained,
    stopAll,
  };
}

function toRecord(flat: unknown[]): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) record[String(flat[i])] = flat[i + 1];
  return record;
}

const T0 = Date.parse("2026-03-02T10:00:00Z");

/** An event of incident `id` of monitor `monitorId`, `minutes` after T0. */
export function alertEvent(
  type: OutboxEvent["type"],
  id: string,
  options: {
    monitorId?: string;
    startedMin?: number;
    endedMin?: number;
    ackMin?: number;
    group?: string | null;
  } = {},
): OutboxEvent {
  const monitorId = options.monitorId ?? String(100 + Number(id));
  const iso = (min: number | undefined) =>
    min === undefined ? null : new Date(T0 + min * 60_000).toISOString();
  const started = iso(options.startedMin ?? 0)!;
  const ended = type === "resolved" ? iso(options.endedMin ?? (options.startedMin ?? 0) + 4.2) : null;
  const acknowledged = type === "acknowledged" ? iso(options.ackMin ?? (options.startedMin ?? 0) + 1) : null;
  return {
    type,
    incidentId: id,
    monitorId,
    at: ended ?? acknowledged ?? started,
    incident: { id, monitorId, started, ended, acknowledged, maintenance: false, reason: "HTTP 503" },
    apiTeamId: API_TEAM,
    monitor: {
      id: monitorId,
      name: `Service ${monitorId}`,
      target: `https://s${monitorId}.example.com`,
      group: options.group ?? null,
    },
    failingLocations: ["Frankfurt"],
    teamMonitorCount: 42,
    ...(type === "opened" ? { teamName: "Acme Production" } : {}),
  };
}

/** A channel of its own in the shared fake Slack (the app is a member), for one test. */
export function freshChannel(fake: FakeSlack, name: string): string {
  const id = `C0${name.toUpperCase()}${Math.floor(Math.random() * 1e6)}`;
  fake.state.conversations.set(id, {
    id,
    name: id.toLowerCase(),
    isPrivate: false,
    isArchived: false,
    isIm: false,
    isMpim: false,
    created: 0,
    members: [...PEOPLE, BOT],
    messages: [],
  });
  return id;
}

/** The group's pending entries of a stream: id, owner and the stream's own delivery count. */
export async function pendingOf(
  redis: Redis,
  stream: string,
  group = "alert-delivery",
): Promise<{ id: string; consumer: string; deliveries: number }[]> {
  const rows = (await redis.xpending(stream, group, "-", "+", 100)) as [string, string, number, number][];
  return rows.map(([id, consumer, , deliveries]) => ({ id, consumer, deliveries: Number(deliveries) }));
}

/** The consumer names of the delivery group on a stream. */
export async function consumersOf(redis: Redis, stream: string, group = "alert-delivery"): Promise<string[]> {
  const rows = (await redis.xinfo("CONSUMERS", stream, group)) as unknown[][];
  return rows.map((row) => String(toRecord(row).name));
}
