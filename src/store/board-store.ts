import { z } from "zod";
import type { WorkspaceRef } from "../domain/workspace-ref";
import type { Keyspace } from "./keys";
import type { RedisClient } from "./redis-connection";
import { workspaceKey } from "./workspace";

const entrySchema = z.object({
  monitorId: z.string(),
  name: z.string(),
  group: z.string().nullable(),
  state: z.enum(["down", "acknowledged", "slow"]),
  since: z.number(),
  incidentId: z.string().optional(),
  ackedBy: z.string().nullable().optional(),
});

const boardSchema = z.object({
  v: z.literal(1),
  subscriptionId: z.string(),
  group: z.string().nullable(),
  by: z.string(),
  /** The board's message, once posted. */
  ts: z.string().optional(),
  /** The post's attempt: a retry looks it up by metadata before posting again (post-once). */
  attempt: z.object({ eventId: z.string(), at: z.number(), answered: z.boolean().optional() }).optional(),
  pinned: z.boolean().optional(),
  /** A digest of what the message shows now: an equal drawing is never sent again. */
  drawn: z.string().optional(),
  entries: z.array(entrySchema),
  paused: z.array(z.object({ monitorId: z.string(), name: z.string(), group: z.string().nullable() })),
});

export type BoardRecord = z.infer<typeof boardSchema>;

/** A board that shows nothing new for this long is forgotten with its key (the message stays). */
const BOARD_TTL_SECONDS = 90 * 24 * 3600;

/** One live board per channel (`/uptime board`): its message and what it shows, as one JSON string. */
export class BoardStore {
  constructor(private readonly d: { redis: RedisClient; keys: Keyspace }) {}

  async get(ws: WorkspaceRef, channelId: string): Promise<BoardRecord | null> {
    const raw = await this.d.redis.get(this.key(ws, channelId));
    if (raw === null) return null;
    try {
      const parsed = boardSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  async put(ws: WorkspaceRef, channelId: string, record: BoardRecord): Promise<void> {
    await this.d.redis.set(this.key(ws, channelId), JSON.stringify(record), "EX", BOARD_TTL_SECONDS);
  }

  async remove(ws: WorkspaceRef, channelId: string): Promise<void> {
    await this.d.redis.del(this.key(ws, channelId));
  }

  private key(ws: WorkspaceRef, channelId: string): string {
    return this.d.keys.board(workspaceKey(ws), channelId);
  }
}
