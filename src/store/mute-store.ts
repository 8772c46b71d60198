import type { Redis } from "ioredis";
import { type Clock, systemClock } from "../lib/clock";
import type { Keyspace } from "./keys";
import { type WorkspaceRef, workspaceKey } from "./workspace";

export class InvalidMuteError extends Error {
  override name = "InvalidMuteError";
}

/**
 * Mutes of one monitor in one channel (the alert's Mute overflow: 1 h, 4 h, 24 h). A muted monitor gets no
 * new root message there; messages already posted keep being updated. One key per mute, expiring with it.
 */
export class MuteStore {
  private readonly redis: Redis;
  private readonly keys: Keyspace;
  private readonly clock: Clock;

  constructor(deps: { redis: Redis; keys: Keyspace; clock?: Clock }) {
    this.redis = deps.redis;
    this.keys = deps.keys;
    this.clock = deps.clock ?? systemClock;
  }

  /** Mutes until `until` (ms); a later mute replaces an earlier one, either way. Returns `until`. */
  async mute(ws: WorkspaceRef, channelId: string, monitorId: string, until: number): Promise<number> {
    const ttl = Math.round(until - this.clock.now());
    if (!Number.isFinite(until) || ttl <= 0) throw new InvalidMuteError("a mute must end in the future");
    await this.redis.set(this.key(ws, channelId, monitorId), String(Math.round(until)), "PX", ttl);
    return Math.round(until);
  }

  /** Mutes for `hours` from now (the overflow's choice). */
  async muteFor(ws: WorkspaceRef, channelId: string, monitorId: string, hours: number): Promise<number> {
    if (!Number.isFinite(hours) || hours <= 0) throw new InvalidMuteError("mute hours must be positive");
    return this.mute(ws, channelId, monitorId, this.clock.now() + hours * 3_600_000);
  }

  /** Until when (ms) the monitor is muted in the channel; null when it is not. */
  async mutedUntil(ws: WorkspaceRef, channelId: string, monitorId: string): Promise<number | null> {
    const raw = await this.redis.get(this.key(ws, channelId, monitorId));
    const until = raw === null ? Number.NaN : Number(raw);
    // The stored time decides, not the key's expiry: clocks of replicas and Redis may differ a little.
    return Number.isFinite(until) && until > this.clock.now() ? until : null;
  }

  private key(ws: WorkspaceRef, channelId: string, monitorId: string): string {
    return this.keys.mute(workspaceKey(ws), channelId, monitorId);
  }
}
