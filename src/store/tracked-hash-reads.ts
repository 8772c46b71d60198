import { Redis } from "ioredis";
import type { Logger } from "../lib/logger";
import { setBounded } from "../lib/set-bounded";
import type { RedisClient } from "./redis-connection";

/** The channel a RESP2 connection receives Redis's invalidation messages on (CLIENT TRACKING REDIRECT). */
const INVALIDATE = "__redis__:invalidate";

/** Whole hashes read with HGETALL, each kept until Redis says it changed. */
export interface HashReads {
  /** The hash's fields; an empty object when the key does not exist. */
  read(key: string): Promise<Record<string, string>>;
  /**
   * Runs a write of `keys` (made on another connection), so that no read of this process made before the
   * write is kept after it: the next read of each key after `write` settles goes to Redis.
   */
  writing<T>(keys: readonly string[], write: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Every read goes to Redis (a Redis Cluster, and every store built without tracked reads). */
export function directHashReads(redis: RedisClient): HashReads {
  return {
    read: (key) => redis.hgetall(key),
    writing: (_keys, write) => write(),
    close: async () => {},
  };
}

/** Tracked reads on one Redis; direct reads on a Cluster (see TrackedHashReads). */
export function hashReadsFor(redis: RedisClient, logger: Logger): HashReads {
  return redis instanceof Redis ? new TrackedHashReads(redis, { logger }) : directHashReads(redis);
}

/**
 * Hashes read through a connection of their own with Redis's client-side caching (CLIENT TRACKING,
 * Redis 6+): Redis remembers the keys this connection read and, when one changes, is deleted or expires
 * (whoever writes it: another replica, `npm run rotate-key`, an admin by hand), sends its name to a second
 * connection subscribed to INVALIDATE. A key read again after that comes from Redis. Every
 * `/uptime` query opens its caller's link, and a round trip for it was most of the bot's cost per query.
 *
 * Nothing is kept unless both connections are up and tracking is on: a read is kept only when tracking
 * was on when it was sent and nothing was invalidated (nor a connection lost) before its answer came, so a
 * read racing a change is never kept. A lost connection empties the cache, and tracking is set up again
 * when both are back. An invalidation empties the whole cache: links change rarely, and no key name has
 * to be parsed out of the message. Where Redis refuses tracking (an older server, an ACL without CLIENT or
 * SUBSCRIBE), every read goes to Redis, with one warning.
 *
 * On one Redis only: on a Cluster each master tracks its own keys, and the links are read directly.
 */
export class TrackedHashReads implements HashReads {
  private readonly reader: Redis;
  private readonly subscriber: Redis;
  private readonly entries = new Map<string, Record<string, string>>();
  private readonly maxEntries: number;
  private readonly logger: Logger;
  /** True while reads sent on `reader` are tracked and their invalidations can reach `subscriber`. */
  private tracking = false;
  /** Bumped by every invalidation, lost connection and write: a read that saw it change is not kept. */
  private epoch = 0;
  /** Bumped by every lost connection: tracking set up across one is not trusted. */
  private connections = 0;
  private subscriberId: string | null = null;
  private refused = false;
  private closed = false;
  private sent = 0;

  constructor(redis: Redis, options: { logger: Logger; maxEntries?: number }) {
    this.logger = options.logger;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.reader = redis.duplicate();
    // Subscribed again by hand after a reconnect (subscribe()): the new connection's id must be read first.
    this.subscriber = redis.duplicate({ autoResubscribe: false });
    for (const connection of [this.reader, this.subscriber]) {
      connection.on("error", (err) => this.logger.warn({ err }, "redis connection error (tracked reads)"));
    }
    this.reader.on("close", () => this.lost());
    this.subscriber.on("close", () => {
      // A reconnected subscriber has another id: the reader must be redirected to it.
      this.subscriberId = null;
      this.lost();
    });
    this.subscriber.on("message", (channel: string) => {
      if (channel === INVALIDATE) this.invalidate();
    });
    this.subscriber.on("ready", () => void this.subscribe());
    this.reader.on("ready", () => void this.track());
  }

  /** How many hashes are kept (for tests). */
  get size(): number {
    return this.entries.size;
  }

  /** True while reads are kept (for tests). */
  get active(): boolean {
    return this.tracking;
  }

  /** How many reads went to Redis (for tests). */
  get readsSent(): number {
    return this.sent;
  }

  async read(key: string): Promise<Record<string, string>> {
    const kept = this.tracking ? this.entries.get(key) : undefined;
    if (kept) return kept;
    const tracked = this.tracking;
    const epoch = this.epoch;
    this.sent++;
    const fields = await this.reader.hgetall(key);
    // A missing key is not kept: a user who is not linked yet is about to be.
    // A connection lost meanwhile bumped the epoch too (lost()).
    if (tracked && epoch === this.epoch && Object.keys(fields).length > 0) {
      setBounded(this.entries, key, Object.freeze(fields), this.maxEntries);
    }
    return fields;
  }

  async writing<T>(keys: readonly string[], write: () => Promise<T>): Promise<T> {
    this.forget(keys);
    try {
      return await write();
    } finally {
      // A read sent on the reader connection may have been answered before the write ran, and kept.
      this.forget(keys);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.lost();
    this.reader.disconnect();
    this.subscriber.disconnect();
  }

  private forget(keys: readonly string[]): void {
    this.epoch++;
    for (const key of keys) this.entries.delete(key);
  }

  private invalidate(): void {
    this.epoch++;
    this.entries.clear();
  }

  private lost(): void {
    this.tracking = false;
    this.connections++;
    this.invalidate();
  }

  /** On the subscriber's every (re)connect: its id, then the subscription; then tracking on the reader. */
  private async subscribe(): Promise<void> {
    if (this.closed || this.refused) return;
    try {
      const id = String(await this.subscriber.client("ID"));
      await this.subscriber.subscribe(INVALIDATE);
      this.subscriberId = id;
      await this.track();
    } catch (error) {
      this.refuse(error);
    }
  }

  /** On the reader's every (re)connect, and once the subscriber is ready: tracking redirected to it. */
  private async track(): Promise<void> {
    const id = this.subscriberId;
    if (this.closed || this.refused || id === null || this.reader.status !== "ready") return;
    const connections = this.connections;
    try {
      // OFF first: a reader still tracking for a subscriber that reconnected (a new id) cannot be redirected.
      await this.reader.client("TRACKING", "OFF");
      await this.reader.client("TRACKING", "ON", "REDIRECT", id);
    } catch (error) {
      this.refuse(error);
      return;
    }
    // A connection lost meanwhile: the next ready event sets tracking up again.
    if (connections === this.connections && this.subscriberId === id && !this.closed) this.tracking = true;
  }

  private refuse(error: unknown): void {
    if (this.closed) return;
    // A lost connection is not a refusal: the ready event tries again.
    if (this.reader.status !== "ready" || this.subscriber.status !== "ready") return;
    this.refused = true;
    this.lost();
    this.logger.warn(
      { err: (error as Error).message },
      "Redis refused client-side caching (CLIENT TRACKING): every link read goes to Redis",
    );
  }
}
