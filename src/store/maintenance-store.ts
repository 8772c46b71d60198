import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { QuietScope } from "../domain/quiet-windows";
import { windowCovers } from "../domain/quiet-windows";
import type { WorkspaceRef } from "../domain/workspace-ref";
import { type Clock, systemClock, wallClockTime } from "../lib/clock";
import type { PostAttempt } from "./alert-message-store";
import type { Keyspace } from "./keys";
import type { RedisClient } from "./redis-connection";
import { execOrThrow } from "./redis-helpers";
import { workspaceKey } from "./workspace";

/** A window's records outlive its end by this long: a late or redelivered end event still finds them. */
const KEEP_AFTER_END_MS = 24 * 3_600_000;

const attemptSchema = z.object({ eventId: z.string(), at: z.number(), answered: z.boolean().optional() });
const scopeSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("monitor"), monitorId: z.string(), name: z.string().nullable() }),
  z.object({ kind: z.literal("group"), group: z.string() }),
  z.object({ kind: z.literal("all") }),
]);
const windowSchema = z.object({
  v: z.literal(1),
  id: z.string(),
  scope: scopeSchema,
  startAt: z.number(),
  endAt: z.number(),
  by: z.string(),
  reason: z.string().nullable(),
  /**
   * The subscription whose schedule fires the notes (its channel's), and the API team the window belongs
   * to: it covers only that team's monitors. Every stored window has it (the planning subscription's team
   * since the first version), so no migration is needed: a window planned before teams were compared is
   * read as its planner's subscription's team, which is the team it was planned for.
   */
  subscriptionId: z.string(),
  apiTeamId: z.string(),
  /** The team's name as its planner read it, for the sentences (absent in older windows). */
  teamName: z.string().optional(),
  /** Set once the end was delivered: opens after it are alerted at once, whatever a replica's clock says. */
  ended: z.boolean().optional(),
  /** Who ended it early (`/uptime maintenance end`). */
  endedBy: z.string().optional(),
  startNoteTs: z.string().optional(),
  startAttempt: attemptSchema.optional(),
  endNoteTs: z.string().optional(),
  endAttempt: attemptSchema.optional(),
});
/** One planned quiet window of a channel. */
export type MaintenanceWindow = z.infer<typeof windowSchema>;
export type NewMaintenanceWindow = Omit<MaintenanceWindow, "v" | "id">;
export type { PostAttempt };

/**
 * Planned quiet windows per channel (docs/alerts.md "Planned quiet windows"): one hash per
 * channel (window id -> window), so that a channel's windows are listed without a SCAN, and one hash per
 * window of the incidents it held back. Written by the command (plan, end) and, under the channel's lock, by
 * the delivery (notes posted, ended, incidents held). Keys expire a day after their last window ends.
 */
export class MaintenanceStore {
  private readonly redis: RedisClient;
  private readonly keys: Keyspace;
  private readonly clock: Clock;

  constructor(deps: { redis: RedisClient; keys: Keyspace; clock?: Clock }) {
    this.redis = deps.redis;
    this.keys = deps.keys;
    this.clock = deps.clock ?? systemClock;
  }

  /** Stores a new window under a fresh short id (what people type to end it). */
  async plan(ws: WorkspaceRef, channelId: string, window: NewMaintenanceWindow): Promise<MaintenanceWindow> {
    const key = this.key(ws, channelId);
    for (;;) {
      // Four base-36 characters: short to type, and a clash within one channel is retried.
      const id = (randomBytes(4).readUInt32BE(0) % 36 ** 4).toString(36).padStart(4, "0");
      const stored: MaintenanceWindow = { v: 1, id, ...window };
      if ((await this.redis.hsetnx(key, id, JSON.stringify(stored))) === 1) {
        await this.expireWith(key, stored.endAt);
        return stored;
      }
    }
  }

  async get(ws: WorkspaceRef, channelId: string, id: string): Promise<MaintenanceWindow | null> {
    const raw = await this.redis.hget(this.key(ws, channelId), id);
    return raw === null ? null : parse(raw);
  }

  /** Rewrites a window (the notes posted, its end); under the channel's lock or by its one command. */
  async put(ws: WorkspaceRef, channelId: string, window: MaintenanceWindow): Promise<void> {
    const key = this.key(ws, channelId);
    await this.redis.hset(key, window.id, JSON.stringify(window));
    await this.expireWith(key, window.endAt);
  }

  async remove(ws: WorkspaceRef, channelId: string, id: string): Promise<void> {
    await this.redis.hdel(this.key(ws, channelId), id);
  }

  /** The channel's windows not over yet (planned or going on), soonest start first. */
  async listChannel(ws: WorkspaceRef, channelId: string): Promise<MaintenanceWindow[]> {
    const all = await this.redis.hgetall(this.key(ws, channelId));
    const now = this.clock.now();
    return Object.values(all)
      .map(parse)
      .filter((w): w is MaintenanceWindow => w !== null && !w.ended && w.endAt > now)
      .sort((a, b) => a.startAt - b.startAt || a.id.localeCompare(b.id));
  }

  /**
   * The window holding back this monitor's alerts in the channel now, if any (windowCovers, among the
   * windows not ended by time or by their end's delivery).
   */
  async covering(
    ws: WorkspaceRef,
    channelId: string,
    monitor: { monitorId: string; group: string | null | undefined; apiTeamId: string },
  ): Promise<MaintenanceWindow | null> {
    const now = this.clock.now();
    const live = await this.listChannel(ws, channelId);
    return live.find((w) => windowCovers(w as typeof w & { scope: QuietScope }, monitor, now)) ?? null;
  }

  /** Remembers an incident held back by a window, with the subscription it came through. */
  async hold(
    ws: WorkspaceRef,
    channelId: string,
    window: Pick<MaintenanceWindow, "id" | "endAt">,
    incidentId: string,
    subscriptionId: string,
  ): Promise<void> {
    const key = this.keys.maintenanceHeld(workspaceKey(ws), channelId, window.id);
    await execOrThrow(
      this.redis.multi().hset(key, incidentId, subscriptionId).pexpireat(key, this.expiryAt(window.endAt)),
    );
  }

  /** The incidents a window held back: incident id -> subscription id. */
  async held(ws: WorkspaceRef, channelId: string, windowId: string): Promise<Record<string, string>> {
    return this.redis.hgetall(this.keys.maintenanceHeld(workspaceKey(ws), channelId, windowId));
  }

  private async expireWith(key: string, endAt: number): Promise<void> {
    // NX gives a new hash its expiry, GT only lengthens it: the key lives as long as its latest window.
    const at = this.expiryAt(endAt);
    await execOrThrow(this.redis.multi().pexpireat(key, at, "NX").pexpireat(key, at, "GT"));
  }

  /** A day after `endAt` (or after now, if it is over), on the wall clock (Redis's). */
  private expiryAt(endAt: number): number {
    return wallClockTime(this.clock, Math.max(endAt, this.clock.now()) + KEEP_AFTER_END_MS);
  }

  private key(ws: WorkspaceRef, channelId: string): string {
    return this.keys.channelMaintenance(workspaceKey(ws), channelId);
  }
}

// A record this version cannot read counts as no window: a window that fails open only makes alerts louder.
function parse(raw: string): MaintenanceWindow | null {
  try {
    const result = windowSchema.safeParse(JSON.parse(raw));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}
