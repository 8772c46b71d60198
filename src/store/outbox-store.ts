import { deadLettersOf } from "./keys";
import type { RedisClient } from "./redis-connection";
import { type ScriptRunner, scriptRunner } from "./scripts";

/** Consumer group of the delivery workers on every outbox stream. */
export const DEFAULT_CONSUMER_GROUP = "alert-delivery";
/** The consumer that holds a stopped process's pending entries until a live replica reclaims them. */
export const PARKING_CONSUMER = "parked";
/** Approximate bound of each dead-letter stream: far more than an operator replays by hand. */
export const DEAD_LETTER_MAX_LEN = 10_000;

/** One outbox entry as a worker receives it; `deliveries` counts this one (1 on a first read). */
export interface OutboxEntry {
  id: string;
  /** The raw fields: `target` and `event` when it was written by the commit script. */
  fields: Record<string, string>;
  deliveries: number;
}

export type DeadLetterReason = "unreadable" | "attempts";

export interface DeadLetter {
  /** Its id in the dead-letter stream (what --replay uses). */
  id: string;
  /** The dead-letter stream it is in. */
  stream: string;
  outboxId: string;
  reason: string;
  deliveries: number;
  /** When it was moved (ms). */
  at: number;
  target: string | null;
  event: string | null;
}

type RawEntry = [id: string, fields: string[] | null];

/**
 * The outbox streams as the delivery workers and `npm run alerts` use them (docs/architecture.md section 5
 * "Poison-proof outbox"): consumer-group reads, reclaiming with the stream's own delivery count,
 * dead letters, the clean removal of a stopped consumer, and trimming below what was acknowledged.
 * Every multi-key script touches one outbox and its dead-letter stream, which share a hash tag.
 */
export class OutboxStore {
  private readonly redis: RedisClient;
  private readonly scripts: ScriptRunner;
  readonly group: string;

  constructor(deps: { redis: RedisClient; group?: string }) {
    this.redis = deps.redis;
    this.scripts = scriptRunner(deps.redis);
    this.group = deps.group ?? DEFAULT_CONSUMER_GROUP;
  }

  /**
   * Appends an entry written outside a poll's commit (an acknowledge's redraws): the same two fields as
   * the commit script's, so the delivery workers read it like any other. Returns its id.
   */
  async append(stream: string, target: string, event: string): Promise<string> {
    return (await this.redis.xadd(stream, "*", "target", target, "event", event)) as string;
  }

  /** Creates the group at the start of the stream (MKSTREAM), so entries written before are read too. */
  async ensureGroup(stream: string): Promise<void> {
    try {
      await this.redis.xgroup("CREATE", stream, this.group, "0", "MKSTREAM");
    } catch (error) {
      if (!String((error as Error).message).includes("BUSYGROUP")) throw error;
    }
  }

  /** New entries for `consumer` (XREADGROUP >); `blockMs` blocks on `connection`, which it holds meanwhile. */
  async read(
    connection: RedisClient,
    stream: string,
    consumer: string,
    count: number,
    blockMs?: number,
  ): Promise<OutboxEntry[]> {
    const block = blockMs !== undefined ? (["BLOCK", blockMs] as const) : [];
    const reply = (await connection.xreadgroup(
      "GROUP",
      this.group,
      consumer,
      "COUNT",
      count,
      ...(block as ["BLOCK", number]),
      "STREAMS",
      stream,
      ">",
    )) as [string, RawEntry[]][] | null;
    return (reply?.[0]?.[1] ?? []).map(([id, fields]) => ({ id, fields: fieldsOf(fields), deliveries: 1 }));
  }

  /** The ids of the entries `consumer` owns, not acknowledged (XPENDING), oldest first, at most `count`. */
  async pendingOf(stream: string, consumer: string, count: number): Promise<string[]> {
    const rows = (await this.redis.xpending(stream, this.group, "-", "+", count, consumer)) as [
      string,
      ...unknown[],
    ][];
    return rows.map(([id]) => id);
  }

  /** Takes over entries idle at least `minIdleMs` (XAUTOCLAIM), each with its delivery count. */
  async reclaim(
    stream: string,
    consumer: string,
    minIdleMs: number,
    cursor: string,
    count: number,
  ): Promise<{ next: string; entries: OutboxEntry[] }> {
    const [next, entries] = await this.scripts.run(
      "outbox-reclaim",
      [stream],
      [this.group, consumer, Math.max(0, Math.round(minIdleMs)), cursor, count],
    );
    return {
      next,
      entries: entries.map(([id, fields, deliveries]) => ({
        id,
        fields: fieldsOf(fields),
        deliveries: Number(deliveries),
      })),
    };
  }

  /** Sets the idle time of the entries `consumer` still owns (0: a heartbeat); no delivery is counted. */
  async touch(stream: string, consumer: string, ids: readonly string[], idleMs = 0): Promise<number> {
    if (ids.length === 0) return 0;
    return this.scripts.run(
      "outbox-touch",
      [stream],
      [this.group, consumer, Math.max(0, Math.round(idleMs)), ...ids],
    );
  }

  /**
   * Gives back the delivery a reclaim counted for entries `consumer` is still handling (its heartbeat came
   * too late): the count stays the attempts made. Left alone when the count moved on or the entry was
   * settled meanwhile; the idle time is kept. Returns how many got it back.
   */
  async uncount(
    stream: string,
    consumer: string,
    entries: readonly Pick<OutboxEntry, "id" | "deliveries">[],
  ): Promise<number> {
    if (entries.length === 0) return 0;
    return this.scripts.run(
      "outbox-uncount",
      [stream],
      [this.group, consumer, ...entries.flatMap((entry) => [entry.id, entry.deliveries])],
    );
  }

  async ack(stream: string, id: string): Promise<void> {
    await this.redis.xack(stream, this.group, id);
  }

  /** Moves an entry to the dead-letter stream and acknowledges it; false when someone else acknowledged it. */
  async deadLetter(
    stream: string,
    id: string,
    reason: string,
    deliveries: number,
    now: number = Date.now(),
  ): Promise<boolean> {
    const moved = await this.scripts.run(
      "outbox-dead-letter",
      [stream, deadLettersOf(stream)],
      [this.group, id, oneLine(reason), deliveries, now, DEAD_LETTER_MAX_LEN],
    );
    return moved === 1;
  }

  /**
   * Hands `consumer`'s pending entries to the parking consumer, due at once for any replica, then
   * removes the consumer from the group (XGROUP DELCONSUMER would otherwise orphan them).
   */
  async release(stream: string, consumer: string, dueIdleMs: number): Promise<number> {
    return this.scripts.run(
      "outbox-release",
      [stream],
      [this.group, consumer, PARKING_CONSUMER, Math.max(0, Math.round(dueIdleMs))],
    );
  }

  /** Deletes the entries every group acknowledged; never an unread or pending one. */
  async trim(stream: string): Promise<number> {
    return this.scripts.run("outbox-trim", [stream], []);
  }

  /** Removes consumers with nothing pending that were idle at least `minIdleMs` (a killed process's). */
  async sweepConsumers(stream: string, minIdleMs: number): Promise<number> {
    return this.scripts.run(
      "outbox-sweep-consumers",
      [stream],
      [this.group, Math.max(0, Math.round(minIdleMs))],
    );
  }

  /** The dead letters of an outbox stream, oldest first (at most `limit`). */
  async deadLetters(stream: string, limit = 1000): Promise<DeadLetter[]> {
    const key = deadLettersOf(stream);
    const entries = (await this.redis.xrange(key, "-", "+", "COUNT", limit)) as RawEntry[];
    return entries.map(([id, raw]) => {
      const fields = fieldsOf(raw);
      return {
        id,
        stream: key,
        outboxId: fields.outboxId ?? "",
        reason: fields.reason ?? "",
        deliveries: Number(fields.deliveries ?? 0),
        at: Number(fields.at ?? 0),
        target: fields.target ?? null,
        event: fields.event ?? null,
      };
    });
  }

  /** Writes a dead letter back to the end of its outbox; the new entry id, or null when it is gone. */
  async replay(stream: string, deadLetterId: string): Promise<string | null> {
    const id = await this.scripts.run("dead-letter-replay", [stream, deadLettersOf(stream)], [deadLetterId]);
    return id === "" ? null : id;
  }
}

function fieldsOf(raw: string[] | null | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!raw) return fields;
  for (let i = 0; i + 1 < raw.length; i += 2) fields[raw[i]!] = raw[i + 1]!;
  return fields;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim().slice(0, 500);
}
