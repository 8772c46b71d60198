import { z } from "zod";
import type { Rota } from "../domain/oncall-rota";
import type { WorkspaceRef } from "../domain/workspace-ref";
import type { PostAttempt } from "./alert-message-store";
import { parseRecord } from "./corrupt-record-error";
import type { Keyspace } from "./keys";
import type { RedisClient } from "./redis-connection";
import { workspaceKey } from "./workspace";

const SLACK_ID = /^[A-Z0-9]{1,30}$/;

const attemptSchema = z.object({ eventId: z.string(), at: z.number(), answered: z.boolean().optional() });

const rotaSchema = z.object({
  v: z.literal(1),
  people: z.array(z.string().regex(SLACK_ID)).min(1).max(50),
  everyDays: z.number().int().min(1).max(28),
  at: z.object({
    weekday: z.number().int().min(0).max(6).optional(),
    hour: z.number().int().min(0).max(23),
    minute: z.number().int().min(0).max(59),
  }),
  timeZone: z.string().min(1).max(80),
  anchor: z.number(),
  override: z.object({ user: z.string().regex(SLACK_ID), from: z.number(), until: z.number() }).optional(),
  group: z.object({ id: z.string().regex(SLACK_ID), handle: z.string().min(1).max(80) }).optional(),
  setBy: z.string().regex(SLACK_ID),
  setAt: z.number(),
  /** The subscription of the channel whose outbox carries the handovers (a team the setter may write). */
  subscriptionId: z.string().min(1),
  /** The last handover announced: its period, and what of it is done (a retry does only the rest). */
  handover: z
    .object({
      period: z.string(),
      user: z.string().regex(SLACK_ID),
      attempt: attemptSchema.optional(),
      ts: z.string().optional(),
      dm: z.boolean().optional(),
    })
    .optional(),
});

/** A channel's rota as stored: the rota, the subscription that carries it, and its last handover. */
export type StoredRota = Rota & Omit<z.infer<typeof rotaSchema>, "v" | keyof Rota>;
export type RotaHandoverState = NonNullable<StoredRota["handover"]>;
export type { PostAttempt };

/** One rota per channel (`/uptime oncall`): a JSON string per channel, written whole. */
export class RotaStore {
  private readonly redis: RedisClient;
  private readonly keys: Keyspace;

  constructor(deps: { redis: RedisClient; keys: Keyspace }) {
    this.redis = deps.redis;
    this.keys = deps.keys;
  }

  async get(ws: WorkspaceRef, channelId: string): Promise<StoredRota | null> {
    const key = this.key(ws, channelId);
    const raw = await this.redis.get(key);
    if (raw === null) return null;
    const { v: _v, ...rota } = parseRecord(key, raw, rotaSchema, "rota");
    return rota;
  }

  async put(ws: WorkspaceRef, channelId: string, rota: StoredRota): Promise<void> {
    const record = rotaSchema.parse({ v: 1, ...rota });
    await this.redis.set(this.key(ws, channelId), JSON.stringify(record));
  }

  /** True when there was one. */
  async remove(ws: WorkspaceRef, channelId: string): Promise<boolean> {
    return (await this.redis.del(this.key(ws, channelId))) === 1;
  }

  private key(ws: WorkspaceRef, channelId: string): string {
    return this.keys.channelRota(workspaceKey(ws), channelId);
  }
}
