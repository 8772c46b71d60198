import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { TokenCipher } from "./crypto/token-cipher";
import type { Keyspace } from "./keys";
import type { RedisClient } from "./redis-connection";

/** What a step asks its runner to confirm, and on what (resolved in their active team when it ran). */
const stepChangeSchema = z.object({
  kind: z.enum(["pause", "resume", "acknowledge"]),
  /** The monitor's id (pause, resume) or the incident's (acknowledge). */
  id: z.string().min(1),
  /** The monitor's name (an incident's monitor, for acknowledge); null when the API gave none. */
  name: z.string().nullable(),
  teamId: z.string().min(1),
  teamName: z.string(),
});
export type StepChange = z.infer<typeof stepChangeSchema>;

const recordSchema = z.object({
  v: z.literal(1),
  id: z.string().min(1),
  /** The Slack workspace (Bolt context fields) and the person running the workflow. */
  enterpriseId: z.string().optional(),
  teamId: z.string().optional(),
  isEnterpriseInstall: z.boolean().optional(),
  userId: z.string().min(1),
  change: stepChangeSchema,
  functionExecutionId: z.string().min(1),
  /** The confirmation message in the runner's DM with the app. */
  channel: z.string().min(1),
  ts: z.string().min(1),
  /** Epoch ms on the bot's clock: Cancel is assumed once it passes. */
  deadline: z.number(),
  /** The run's `bot_access_token`, encrypted (bound to this record's id). */
  token: z.string().min(1),
});
export type StepConfirmationRecord = Omit<z.infer<typeof recordSchema>, "v" | "token">;

/** How long a record outlives its deadline in Redis, so that a late sweep still finds it. */
const RECORD_GRACE_MS = 60 * 60_000;

/**
 * Workflow steps waiting for their runner's Confirm (docs/slack-app.md "Workflow Builder steps"): one record
 * per step run, a sorted set of deadlines that every replica's sweep reads, and a short claim so that a
 * click and a sweep (or two replicas) never answer the same run twice. Each write touches one key, so no
 * hash tag is needed on a Redis Cluster. A claim that its holder never released (the replica died) ends
 * with its lease, and the record is answered again by the next click or sweep.
 */
export class StepConfirmationStore {
  constructor(private readonly deps: { redis: RedisClient; keys: Keyspace; cipher: TokenCipher }) {}

  /** A fresh id for a confirmation (also its buttons' value). */
  static newId(): string {
    return randomBytes(12).toString("hex");
  }

  async put(record: StepConfirmationRecord, runToken: string, nowMs: number): Promise<void> {
    const { redis, keys, cipher } = this.deps;
    const stored = { v: 1 as const, ...record, token: cipher.encrypt(runToken, owner(record.id)) };
    const ttlMs = Math.max(1, record.deadline - nowMs) + RECORD_GRACE_MS;
    await redis.set(keys.stepConfirmation(record.id), JSON.stringify(stored), "PX", Math.round(ttlMs));
    await redis.zadd(keys.stepConfirmationDue(), Math.round(record.deadline), record.id);
  }

  /** The waiting confirmation with its run token decrypted; null once answered, expired or unreadable. */
  async get(id: string): Promise<{ record: StepConfirmationRecord; runToken: string } | null> {
    if (!/^[a-f0-9]{1,64}$/.test(id)) return null;
    const json = await this.deps.redis.get(this.deps.keys.stepConfirmation(id));
    if (json === null) return null;
    try {
      const { v: _v, token, ...record } = recordSchema.parse(JSON.parse(json));
      return { record, runToken: this.deps.cipher.decrypt(token, owner(id)) };
    } catch {
      // Written by another version, or under a key no longer configured: nothing this process can answer.
      return null;
    }
  }

  /** Whether this caller may answer the confirmation now (for `leaseMs`); false while another one does. */
  async claim(id: string, leaseMs: number): Promise<boolean> {
    const ok = await this.deps.redis.set(this.deps.keys.stepConfirmationClaim(id), "1", "PX", leaseMs, "NX");
    return ok === "OK";
  }

  /** Gives a claim back without answering (a failure worth trying again). */
  async release(id: string): Promise<void> {
    await this.deps.redis.del(this.deps.keys.stepConfirmationClaim(id));
  }

  /** The confirmation is answered: nothing of it stays. */
  async end(id: string): Promise<void> {
    const { redis, keys } = this.deps;
    await redis.del(keys.stepConfirmation(id));
    await redis.zrem(keys.stepConfirmationDue(), id);
    await redis.del(keys.stepConfirmationClaim(id));
  }

  /** Ids whose deadline is at or before `nowMs`, oldest first. */
  due(nowMs: number, limit = 50): Promise<string[]> {
    return this.deps.redis.zrangebyscore(
      this.deps.keys.stepConfirmationDue(),
      "-inf",
      Math.floor(nowMs),
      "LIMIT",
      0,
      limit,
    );
  }

  /** An id in the deadlines whose record is gone (expired in Redis): dropped from the set. */
  async forget(id: string): Promise<void> {
    await this.deps.redis.zrem(this.deps.keys.stepConfirmationDue(), id);
  }
}

function owner(id: string): string {
  return `step-confirmation:${id}`;
}
