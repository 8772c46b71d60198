import { hostname } from "node:os";
import { type BackoffOptions, backoffDelay, sleep } from "../../lib/backoff";
import { type Clock, systemClock } from "../../lib/clock";
import { type Logger, silentLogger } from "../../lib/logger";
import { DEFAULT_CONSUMER_GROUP, type OutboxEntry, OutboxStore } from "../../store/outbox-store";
import { blockingConnection, type RedisClient } from "../../store/redis-connection";
import { type AlertMetrics, noopAlertMetrics } from "../metrics";
import { type OutboxDelivery, OutboxEntryHandler } from "./outbox-entry-handler";

/** More than a loop holds in flight plus one read's batch; any beyond wait for the reclaim. */
const LOST_READS_CHECKED = 1000;

/** Deliveries of one entry (counted by the stream) before it moves to the dead-letter stream. */
export const DEFAULT_MAX_ATTEMPTS = 10;

export interface DeliveryWorkerOptions {
  redis: RedisClient;
  outboxKeys: readonly string[];
  delivery: OutboxDelivery;
  /** Concurrent read loops in this process (ALERT_WORKERS); the shards are split between them. */
  workers?: number;
  group?: string;
  consumer?: string;
  blockMs?: number;
  /** Kept short: one read cannot block on every shard, and this pause adds to every alert's latency. */
  idleRoundMs?: number;
  /** Entries in flight get a heartbeat every third of it, so a slow channel is never taken over. */
  reclaimIdleMs?: number;
  reclaimEveryMs?: number;
  batchSize?: number;
  maxAttempts?: number;
  /** Wait before the next attempt of an entry that failed, growing with its delivery count (capped by reclaimIdleMs). */
  retryBackoff?: BackoffOptions;
  /** Entries read and not yet finished, per loop: reading pauses while that many are in flight. */
  maxInFlight?: number;
  trimEveryMs?: number;
  /** A killed process's consumer (a stopped one removes itself). */
  deadConsumerIdleMs?: number;
  clock?: Clock;
  logger?: Logger;
  metrics?: AlertMetrics;
}

interface Loop {
  index: number;
  consumer: string;
  keys: string[];
  connection: RedisClient;
  inFlight: Map<string, Set<string>>;
  count: number;
  /** The connection was lost or a round failed: a read's reply may have been lost with it. */
  recheckPending: boolean;
}

// Poison-proof (docs/architecture.md section 5): an error blocks no other entry; attempts are the
// stream's delivery count so replicas agree; one serial queue per channel keeps outbox order.
export class DeliveryWorker {
  private readonly o: Required<
    Omit<DeliveryWorkerOptions, "retryBackoff" | "clock" | "logger" | "metrics" | "reclaimEveryMs">
  > & { reclaimEveryMs: number; retryBackoff: BackoffOptions };
  private readonly clock: Clock;
  private readonly logger: Logger;
  private readonly metrics: AlertMetrics;
  private readonly outbox: OutboxStore;
  private readonly entries: OutboxEntryHandler;
  private readonly handling = new Set<Promise<void>>();
  private abort = new AbortController();
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private loops: Loop[] = [];
  private running$: Promise<void>[] = [];

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
      reclaimEveryMs: options.reclaimEveryMs ?? Math.max(10, Math.min(1000, Math.floor(reclaimIdleMs / 2))),
      batchSize: options.batchSize ?? 10,
      maxAttempts: Math.max(1, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS),
      retryBackoff: options.retryBackoff ?? { baseMs: 2000, maxMs: reclaimIdleMs },
      maxInFlight: Math.max(1, options.maxInFlight ?? 500),
      trimEveryMs: options.trimEveryMs ?? 60_000,
      deadConsumerIdleMs: options.deadConsumerIdleMs ?? 3_600_000,
    };
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger ?? silentLogger;
    this.metrics = options.metrics ?? noopAlertMetrics;
    this.outbox = new OutboxStore({ redis: options.redis, group: this.o.group });
    this.entries = new OutboxEntryHandler({
      outbox: this.outbox,
      delivery: this.o.delivery,
      maxAttempts: this.o.maxAttempts,
      retryBackoff: this.o.retryBackoff,
      reclaimIdleMs,
      signal: () => this.abort.signal,
      clock: this.clock,
      logger: this.logger,
      metrics: this.metrics,
    });
  }

  get running(): boolean {
    return this.loops.length > 0;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.abort = new AbortController();
    for (const key of this.o.outboxKeys) await this.outbox.ensureGroup(key);
    for (let index = 0; index < this.o.workers; index++) {
      const loop: Loop = {
        index,
        consumer: `${this.o.consumer}-${index}`,
        keys: this.shardsOf(index),
        // Its reads block up to blockMs: REDIS_COMMAND_TIMEOUT_MS counts after the block.
        connection: blockingConnection(this.o.redis, this.o.blockMs),
        inFlight: new Map(),
        count: 0,
        recheckPending: false,
      };
      // A single Redis says "close" when its connection drops; a Cluster says "-node" per lost node.
      const lost = () => {
        loop.recheckPending = true;
      };
      loop.connection.on("close", lost);
      loop.connection.on("-node", lost);
      this.loops.push(loop);
      this.running$.push(this.run(loop));
    }
    // A timer, not a step of the loops: a loop waiting for room or blocked on a read still beats.
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), this.heartbeatMs);
    this.heartbeatTimer.unref();
  }

  /** Waits end, finished entries are acked, pending ones are handed to the parking consumer. */
  async stop(): Promise<void> {
    this.abort.abort(new Error("delivery worker stopping"));
    // Ends a blocking read at once; entries it was given meanwhile are pending here, handed over below.
    for (const loop of this.loops) loop.connection.disconnect();
    await Promise.allSettled(this.running$);
    await Promise.allSettled([...this.handling]);
    clearInterval(this.heartbeatTimer);
    for (const loop of this.loops) {
      for (const key of loop.keys) {
        try {
          const handedOver = await this.outbox.release(key, loop.consumer, this.o.reclaimIdleMs);
          if (handedOver > 0) {
            this.logger.info(
              { stream: key, consumer: loop.consumer, handedOver },
              "pending alert deliveries handed to the other replicas",
            );
          }
        } catch (error) {
          // Redis is away: the entries stay with this consumer and are reclaimed after reclaimIdleMs.
          this.logger.warn({ err: error, stream: key, consumer: loop.consumer }, "could not leave the group");
        }
      }
    }
    this.loops = [];
    this.running$ = [];
  }

  shardsOf(index: number): string[] {
    const keys = this.o.outboxKeys;
    const own = keys.filter((_, shard) => shard % this.o.workers === index);
    return own.length > 0 ? own : keys.length > 0 ? [keys[index % keys.length]!] : [];
  }

  private get stopping(): boolean {
    return this.abort.signal.aborted;
  }

  private async run(loop: Loop): Promise<void> {
    let failures = 0;
    let nextReclaim = 0;
    let nextTrim = Date.now() + this.o.trimEveryMs;
    while (!this.stopping) {
      try {
        let dispatched = 0;
        if (loop.recheckPending) {
          loop.recheckPending = false;
          if ((await this.recoverLostReads(loop)) > 0) nextReclaim = 0;
        }
        if (Date.now() >= nextTrim) {
          nextTrim = Date.now() + this.o.trimEveryMs;
          for (const key of loop.keys) {
            await this.outbox.trim(key);
            await this.outbox.sweepConsumers(key, this.o.deadConsumerIdleMs);
          }
        }
        if (Date.now() >= nextReclaim) {
          nextReclaim = Date.now() + this.o.reclaimEveryMs;
          for (const key of loop.keys) dispatched += await this.reclaim(loop, key);
        }
        for (const key of loop.keys) {
          if (this.stopping) break;
          await this.waitForRoom(loop);
          if (this.stopping) break;
          const block = loop.keys.length === 1 && dispatched === 0 ? this.o.blockMs : undefined;
          const entries = await this.read(loop, key, block);
          dispatched += await this.dispatch(loop, key, entries);
        }
        failures = 0;
        if (dispatched === 0 && loop.keys.length !== 1) await this.pause(this.o.idleRoundMs);
      } catch (error) {
        if (this.stopping) break;
        loop.recheckPending = true;
        failures++;
        this.logger.error({ err: error, consumer: loop.consumer }, "alert delivery loop failed; retrying");
        await this.pause(backoffDelay(failures, { baseMs: 500, maxMs: 30_000 }));
      }
    }
  }

  private get heartbeatMs(): number {
    return Math.max(10, Math.floor(this.o.reclaimIdleMs / 3));
  }

  private async read(loop: Loop, key: string, blockMs: number | undefined): Promise<OutboxEntry[]> {
    try {
      return await this.outbox.read(loop.connection, key, loop.consumer, this.o.batchSize, blockMs);
    } catch (error) {
      // The stream (and its group) was deleted meanwhile: create them again.
      if (!isNoGroup(error)) throw error;
      await this.outbox.ensureGroup(key);
      return [];
    }
  }

  // Entries handed to a read whose reply was lost would otherwise wait reclaimIdleMs for any replica.
  private async recoverLostReads(loop: Loop): Promise<number> {
    let recovered = 0;
    for (const key of loop.keys) {
      const inFlight = loop.inFlight.get(key);
      let pending: string[];
      try {
        pending = await this.outbox.pendingOf(key, loop.consumer, LOST_READS_CHECKED);
      } catch (error) {
        // The stream (and its group) was deleted meanwhile: nothing is pending, and the read creates them.
        if (!isNoGroup(error)) throw error;
        continue;
      }
      const lost = pending.filter((id) => !inFlight?.has(id));
      recovered += await this.outbox.touch(key, loop.consumer, lost, this.o.reclaimIdleMs);
    }
    if (recovered > 0) {
      this.logger.warn(
        { consumer: loop.consumer, recovered },
        "alert deliveries read before a lost connection are due again",
      );
    }
    return recovered;
  }

  private async reclaim(loop: Loop, key: string): Promise<number> {
    let cursor = "0-0";
    let dispatched = 0;
    // A bounded sweep per round: the rest waits for the next round instead of starving new entries.
    for (let round = 0; round < 10 && !this.stopping; round++) {
      await this.waitForRoom(loop);
      let reply: { next: string; entries: OutboxEntry[] };
      try {
        reply = await this.outbox.reclaim(key, loop.consumer, this.o.reclaimIdleMs, cursor, this.o.batchSize);
      } catch (error) {
        if (!isNoGroup(error)) throw error;
        await this.outbox.ensureGroup(key);
        return dispatched;
      }
      // Still in flight here (a stall past the heartbeat): the delivery counted is given back, not burnt.
      const inFlight = loop.inFlight.get(key);
      const fresh = reply.entries.filter((entry) => !inFlight?.has(entry.id));
      const handled = reply.entries.filter((entry) => !fresh.includes(entry));
      dispatched += await this.dispatch(loop, key, fresh);
      await this.outbox.uncount(key, loop.consumer, handled);
      cursor = reply.next;
      if (cursor === "0-0") break;
    }
    return dispatched;
  }

  /** Channels are queued before the next batch is read, so each channel's queue keeps outbox order. */
  private async dispatch(loop: Loop, key: string, entries: OutboxEntry[]): Promise<number> {
    if (entries.length === 0) return 0;
    const plans = await Promise.all(entries.map((entry) => this.entries.plan(key, entry)));
    const ids = loop.inFlight.get(key) ?? new Set<string>();
    loop.inFlight.set(key, ids);
    entries.forEach((entry, i) => {
      ids.add(entry.id);
      loop.count++;
      // Untracked before a failed entry's backoff is written, so a heartbeat cannot undo that backoff.
      const untrack = () => ids.delete(entry.id);
      const handled = this.entries
        .handle(key, loop.consumer, entry, plans[i]!, untrack)
        .catch((error: unknown) => {
          // Only Redis failing on the ack or dead letter gets here: the entry stays pending.
          this.logger.error({ err: error, stream: key, id: entry.id }, "could not settle an outbox entry");
        })
        .finally(() => {
          untrack();
          loop.count--;
          this.handling.delete(handled);
        });
      this.handling.add(handled);
    });
    return entries.length;
  }

  /** Keeps the entries in flight here (queued behind a slow channel, say) from looking idle to others. */
  private async heartbeat(): Promise<void> {
    try {
      for (const loop of this.loops) {
        for (const [key, ids] of loop.inFlight) {
          if (ids.size > 0) await this.outbox.touch(key, loop.consumer, [...ids], 0);
        }
      }
    } catch (error) {
      this.logger.warn({ err: error }, "outbox heartbeat failed; entries in flight may be taken over");
    }
  }

  private async waitForRoom(loop: Loop): Promise<void> {
    while (loop.count >= this.o.maxInFlight && !this.stopping) await this.pause(10);
  }

  private async pause(ms: number): Promise<void> {
    await sleep(ms, this.abort.signal).catch(() => {});
  }
}

function isNoGroup(error: unknown): boolean {
  return String((error as Error)?.message).includes("NOGROUP");
}

export function outboxKeysOf(scheduler: { shards: number; outboxKey(shard: number): string }): string[] {
  return Array.from({ length: scheduler.shards }, (_, shard) => scheduler.outboxKey(shard));
}
