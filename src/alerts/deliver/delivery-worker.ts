import { hostname } from "node:os";
import type { Redis } from "ioredis";
import { type BackoffOptions, backoffDelay, sleep } from "../../lib/backoff";
import { type Clock, systemClock } from "../../lib/clock";
import { type Logger, silentLogger } from "../../lib/logger";
import { decodeOutboxEvent, OutboxEventError } from "../alert-event";
import { type AlertMetrics, noopAlertMetrics } from "../metrics";
import type { AlertDelivery } from "./alert-delivery";

export const DEFAULT_CONSUMER_GROUP = "alert-delivery";

export interface DeliveryWorkerOptions {
  redis: Redis;
  /** The outbox streams, one per scheduler shard (SchedulerStore.outboxKey(shard)). */
  outboxKeys: readonly string[];
  delivery: Pick<AlertDelivery, "deliver">;
  /** Concurrent loops in this process (ALERT_WORKERS); the shards are split between them. */
  workers?: number;
  group?: string;
  /** Unique per process: hostname and pid by default; each loop appends its index. */
  consumer?: string;
  /** XREADGROUP BLOCK of a loop that owns one shard (ms). */
  blockMs?: number;
  /**
   * The pause between empty rounds of a loop that reads several shards (ms; default 100). It cannot block
   * on all of them at once (one slot per command), and this pause is added to the alert latency: with the
   * default ALERT_WORKERS=1 one loop reads all 16 shards, and a pause of blockMs (2 s) made the p99 from
   * an incident's start to its root miss "poll interval + 1 s" (bench/alerts.bench.ts).
   */
  idleRoundMs?: number;
  /** Entries pending longer than this (a crashed replica's, or a transient failure's) are reclaimed (ms). */
  reclaimIdleMs?: number;
  /** How often a loop looks for entries to reclaim (ms); half the idle time by default. */
  reclaimEveryMs?: number;
  /** Entries read at once per shard. */
  batchSize?: number;
  /** Deliveries of one entry in this process before it is dropped (a poison entry must not loop forever). */
  maxAttempts?: number;
  /** Pause of a loop after a transient failure, growing while failures repeat. */
  retryBackoff?: BackoffOptions;
  clock?: Clock;
  logger?: Logger;
  metrics?: AlertMetrics;
}

type StreamEntry = [id: string, fields: string[] | null];

/**
 * Reads the shards' outbox streams with a consumer group and hands each event to AlertDelivery
 * (DESIGN.md section 5). An entry is XACKed only once every channel's outcome is stored; one that
 * fails transiently stays pending and is reclaimed (XAUTOCLAIM) after `reclaimIdleMs`, by this or any
 * other replica, which is also how a crashed replica's work is redone.
 *
 * Each loop reads its shards one key at a time (Redis Cluster: one slot per command) on a connection of
 * its own, since a blocking read holds its connection.
 */
export class DeliveryWorker {
  private readonly o: Required<
    Omit<DeliveryWorkerOptions, "retryBackoff" | "clock" | "logger" | "metrics" | "reclaimEveryMs">
  > & { reclaimEveryMs: number; retryBackoff: BackoffOptions };
  private readonly clock: Clock;
  private readonly logger: Logger;
  private readonly metrics: AlertMetrics;
  private readonly attempts = new Map<string, number>();
  private abort = new AbortController();
  private loops: Promise<void>[] = [];
  private connections: Redis[] = [];
  private readonly groupsReady = new Set<string>();

  constructor(options: DeliveryWorkerOptions) {
    const reclaimIdleMs = options.reclaimIdleMs ?? 60_000;
    this.o = {
      redis: options.redis,
      outboxKeys: [...options.outboxKeys],
      delivery: options.delivery,
      workers: Math.max(1, Math.floor(options.workers ?? 1)),
      group: options.group ?? DEFAULT_CONSUMER_GROUP,
      consumer: options.consumer ?? `${hostname()}-${process.pid}`,
      blockMs: options.blockMs ?? 2000,
      idleRoundMs: options.idleRoundMs ?? 100,
      reclaimIdleMs,
      reclaimEveryMs: options.reclaimEveryMs ?? Math.max(10, Math.floor(reclaimIdleMs / 2)),
      batchSize: options.batchSize ?? 10,
      maxAttempts: options.maxAttempts ?? 20,
      retryBackoff: options.retryBackoff ?? { baseMs: 500, maxMs: 30_000 },
    };
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger ?? silentLogger;
    this.metrics = options.metrics ?? noopAlertMetrics;
  }

  get running(): boolean {
    return this.loops.length > 0;
  }

  /** Creates the consumer groups (at the start of each stream, MKSTREAM) and starts the loops. */
  async start(): Promise<void> {
    if (this.running) return;
    this.abort = new AbortController();
    for (const key of this.o.outboxKeys) await this.ensureGroup(key);
    for (let index = 0; index < this.o.workers; index++) {
      const connection = this.o.redis.duplicate();
      this.connections.push(connection);
      this.loops.push(this.loop(index, connection));
    }
  }

  /** Drains: the in-flight event finishes, nothing more is read; what was read but not handled stays pending. */
  async stop(): Promise<void> {
    this.abort.abort(new Error("delivery worker stopping"));
    await Promise.allSettled(this.loops);
    this.loops = [];
    await Promise.allSettled(this.connections.map((connection) => connection.quit()));
    this.connections = [];
  }

  /** The shards a loop reads: round-robin, and every loop gets at least one. */
  shardsOf(index: number): string[] {
    const keys = this.o.outboxKeys;
    const own = keys.filter((_, shard) => shard % this.o.workers === index);
    return own.length > 0 ? own : keys.length > 0 ? [keys[index % keys.length]!] : [];
  }

  private get stopping(): boolean {
    return this.abort.signal.aborted;
  }

  private async loop(index: number, connection: Redis): Promise<void> {
    const keys = this.shardsOf(index);
    const consumer = `${this.o.consumer}-${index}`;
    let failures = 0;
    let nextReclaim = 0;
    while (!this.stopping) {
      try {
        let handled = 0;
        let retried = false;
        if (Date.now() >= nextReclaim) {
          nextReclaim = Date.now() + this.o.reclaimEveryMs;
          for (const key of keys) {
            const result = await this.reclaim(connection, key, consumer);
            handled += result.handled;
            retried ||= result.retried;
          }
        }
        for (const key of keys) {
          if (this.stopping) break;
          const block = keys.length === 1 && handled === 0;
          const entries = await this.read(connection, key, consumer, block);
          const result = await this.handleAll(key, entries);
          handled += result.handled;
          retried ||= result.retried;
        }
        failures = retried ? failures + 1 : 0;
        if (retried) await this.pause(backoffDelay(failures, this.o.retryBackoff));
        else if (handled === 0 && keys.length !== 1) await this.pause(this.o.idleRoundMs);
      } catch (error) {
        if (this.stopping) break;
        failures++;
        this.logger.error({ err: error, consumer }, "alert delivery loop failed; retrying");
        await this.pause(backoffDelay(failures, this.o.retryBackoff));
      }
    }
  }

  private async read(
    connection: Redis,
    key: string,
    consumer: string,
    block: boolean,
  ): Promise<StreamEntry[]> {
    const args = block ? ["BLOCK", this.o.blockMs] : [];
    try {
      const reply = (await connection.xreadgroup(
        "GROUP",
        this.o.group,
        consumer,
        "COUNT",
        this.o.batchSize,
        ...(args as ["BLOCK", number]),
        "STREAMS",
        key,
        ">",
      )) as [string, StreamEntry[]][] | null;
      return reply?.[0]?.[1] ?? [];
    } catch (error) {
      // The stream (and its group) was deleted meanwhile: create them again.
      if (String((error as Error).message).includes("NOGROUP")) {
        this.groupsReady.delete(key);
        await this.ensureGroup(key);
        return [];
      }
      throw error;
    }
  }

  /** XAUTOCLAIM the entries idle longer than reclaimIdleMs, and handle them like new ones. */
  private async reclaim(
    connection: Redis,
    key: string,
    consumer: string,
  ): Promise<{ handled: number; retried: boolean }> {
    let cursor = "0-0";
    let handled = 0;
    let retried = false;
    // A bounded sweep per round: the rest waits for the next round instead of starving new entries.
    for (let round = 0; round < 10 && !this.stopping; round++) {
      let reply: [string, StreamEntry[], string[]?];
      try {
        reply = (await connection.xautoclaim(
          key,
          this.o.group,
          consumer,
          this.o.reclaimIdleMs,
          cursor,
          "COUNT",
          this.o.batchSize,
        )) as [string, StreamEntry[], string[]?];
      } catch (error) {
        if (String((error as Error).message).includes("NOGROUP")) {
          this.groupsReady.delete(key);
          await this.ensureGroup(key);
          return { handled, retried };
        }
        throw error;
      }
      const [next, entries] = reply;
      const result = await this.handleAll(key, entries);
      handled += result.handled;
      retried ||= result.retried;
      cursor = next;
      if (cursor === "0-0") break;
    }
    return { handled, retried };
  }

  private async handleAll(
    key: string,
    entries: StreamEntry[],
  ): Promise<{ handled: number; retried: boolean }> {
    let handled = 0;
    let retried = false;
    for (const [id, fields] of entries) {
      // Drain: the event in flight finishes; the rest stays pending for whoever reclaims it.
      if (this.stopping) break;
      handled++;
      if (!(await this.handle(key, id, fields))) retried = true;
    }
    return { handled, retried };
  }

  /** Delivers one entry; true when it was acknowledged (done or dropped), false when it stays pending. */
  private async handle(key: string, id: string, fields: string[] | null): Promise<boolean> {
    const entry = fieldsOf(fields);
    const enqueuedAt = Number(id.split("-")[0]);
    if (Number.isFinite(enqueuedAt))
      this.metrics.outboxLag(Math.max(0, this.clock.now() - enqueuedAt) / 1000);
    let retry: boolean;
    try {
      if (!entry.target) throw new OutboxEventError("outbox entry has no target field");
      const event = decodeOutboxEvent(entry.event);
      retry = (await this.o.delivery.deliver(id, entry.target, event)).retry;
    } catch (error) {
      if (!(error instanceof OutboxEventError)) throw error;
      this.logger.error({ err: error, stream: key, id }, "dropping an outbox entry that cannot be read");
      this.metrics.delivery("dropped");
      retry = false;
    }
    if (retry) {
      const attempts = (this.attempts.get(id) ?? 0) + 1;
      this.attempts.set(id, attempts);
      if (attempts < this.o.maxAttempts) return false;
      this.logger.error({ stream: key, id, attempts }, "dropping an outbox entry that keeps failing");
      this.metrics.delivery("dropped");
    }
    this.attempts.delete(id);
    await this.o.redis.xack(key, this.o.group, id);
    return true;
  }

  private async ensureGroup(key: string): Promise<void> {
    if (this.groupsReady.has(key)) return;
    try {
      await this.o.redis.xgroup("CREATE", key, this.o.group, "0", "MKSTREAM");
    } catch (error) {
      if (!String((error as Error).message).includes("BUSYGROUP")) throw error;
    }
    this.groupsReady.add(key);
  }

  private async pause(ms: number): Promise<void> {
    await sleep(ms, this.abort.signal).catch(() => {});
  }
}

function fieldsOf(fields: string[] | null): { target?: string; event?: string } {
  const entry: { target?: string; event?: string } = {};
  if (!fields) return entry;
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const name = fields[i];
    if (name === "target" || name === "event") entry[name] = fields[i + 1];
  }
  return entry;
}

/** Every shard's outbox stream key of a scheduler (the workers' `outboxKeys`). */
export function outboxKeysOf(scheduler: { shards: number; outboxKey(shard: number): string }): string[] {
  return Array.from({ length: scheduler.shards }, (_, shard) => scheduler.outboxKey(shard));
}
