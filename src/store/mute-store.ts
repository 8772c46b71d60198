import { z } from "zod";
import type { WorkspaceRef } from "../domain/workspace-ref";
import { type Clock, systemClock, wallClockTime } from "../lib/clock";
import type { Keyspace } from "./keys";
import type { RedisClient } from "./redis-connection";
import { execOrThrow } from "./redis-helpers";
import { workspaceKey } from "./workspace";

export class InvalidMuteError extends Error {
  override name = "InvalidMuteError";
}

/** Who muted, and what the mute was about, as the channel is told (docs/architecture.md section 1, "Mute is visible"). */
export interface MuteInfo {
  /** The Slack user who muted; null for a mute without one (tests, old records). */
  by?: string | null;
  /** The monitor's name when muted, so lists and `/uptime unmute <name>` need no API call. */
  monitorName?: string | null;
  /** The API team of the monitor: who may unmute (a linked member of it). */
  apiTeamId?: string | null;
  /** Until this incident recovers, `until` being only the latest end. */
  untilRecovered?: string | null;
}

/** One live mute of one monitor in one channel. */
export interface Mute {
  monitorId: string;
  /** Until when (ms). */
  until: number;
  by: string | null;
  monitorName: string | null;
  apiTeamId: string | null;
  /** The incident whose recovery ends the mute; null (or absent) for a mute of a set duration. */
  untilRecovered?: string | null;
}

const storedSchema = z.object({
  v: z.literal(1),
  until: z.number(),
  by: z.string().nullable(),
  name: z.string().nullable(),
  team: z.string().nullable(),
  /** Added with mutes until recovered; a version without it reads the mute as lasting until `until`. */
  rec: z.string().optional(),
});

/**
 * Mutes of one monitor in one channel (the alert's Mute overflow: 1 h, 4 h, 24 h). A muted monitor gets no
 * new root message there; messages already posted keep being updated and show who muted until when.
 * One hash per channel (monitor id -> mute) so that `/uptime subscriptions` lists a channel's mutes; the key
 * expires with its last mute and ended mutes are pruned when read.
 */
export class MuteStore {
  private readonly redis: RedisClient;
  private readonly keys: Keyspace;
  private readonly clock: Clock;

  constructor(deps: { redis: RedisClient; keys: Keyspace; clock?: Clock }) {
    this.redis = deps.redis;
    this.keys = deps.keys;
    this.clock = deps.clock ?? systemClock;
  }

  /** Mutes until `until` (ms); a later mute replaces an earlier one, either way. Returns `until`. */
  async mute(
    ws: WorkspaceRef,
    channelId: string,
    monitorId: string,
    until: number,
    info: MuteInfo = {},
  ): Promise<number> {
    const ttl = Math.round(until - this.clock.now());
    if (!Number.isFinite(until) || ttl <= 0) throw new InvalidMuteError("a mute must end in the future");
    const end = Math.round(until);
    const stored: z.infer<typeof storedSchema> = {
      v: 1,
      until: end,
      by: info.by ?? null,
      name: info.monitorName ?? null,
      team: info.apiTeamId ?? null,
      ...(info.untilRecovered ? { rec: info.untilRecovered } : {}),
    };
    const key = this.key(ws, channelId);
    // NX gives a new hash its expiry, GT only ever lengthens it: the key lives as long as its longest mute.
    const expireAt = wallClockTime(this.clock, end);
    await execOrThrow(
      this.redis
        .multi()
        .hset(key, monitorId, JSON.stringify(stored))
        .pexpireat(key, expireAt, "NX")
        .pexpireat(key, expireAt, "GT"),
    );
    return end;
  }

  /** Mutes for `hours` from now (the overflow's choice). */
  async muteFor(
    ws: WorkspaceRef,
    channelId: string,
    monitorId: string,
    hours: number,
    info: MuteInfo = {},
  ): Promise<number> {
    if (!Number.isFinite(hours) || hours <= 0) throw new InvalidMuteError("mute hours must be positive");
    return this.mute(ws, channelId, monitorId, this.clock.now() + hours * 3_600_000, info);
  }

  /** Until when (ms) the monitor is muted in the channel; null when it is not. */
  async mutedUntil(ws: WorkspaceRef, channelId: string, monitorId: string): Promise<number | null> {
    return (await this.get(ws, channelId, monitorId))?.until ?? null;
  }

  /** The monitor's live mute in the channel; null when it is not muted. */
  async get(ws: WorkspaceRef, channelId: string, monitorId: string): Promise<Mute | null> {
    const raw = await this.redis.hget(this.key(ws, channelId), monitorId);
    return raw === null ? null : this.live(monitorId, raw);
  }

  /** The channel's live mutes, soonest end first. */
  async listChannel(ws: WorkspaceRef, channelId: string): Promise<Mute[]> {
    const key = this.key(ws, channelId);
    const all = await this.redis.hgetall(key);
    const live: Mute[] = [];
    const ended: string[] = [];
    for (const [monitorId, raw] of Object.entries(all)) {
      const mute = this.live(monitorId, raw);
      if (mute) live.push(mute);
      else ended.push(monitorId);
    }
    // Pruning is housekeeping; a mute written meanwhile under the same field is live and fails nothing here
    // worse than being listed once more.
    if (ended.length > 0) await this.redis.hdel(key, ...ended).catch(() => 0);
    return live.sort((a, b) => a.until - b.until || a.monitorId.localeCompare(b.monitorId));
  }

  /**
   * Lifts a mute until recovered when `incidentId` is the incident it waits for (the incident recovered).
   * Returns the mute lifted, or null when the monitor's mute is another one (or none).
   */
  async endByRecovery(
    ws: WorkspaceRef,
    channelId: string,
    monitorId: string,
    incidentId: string,
  ): Promise<Mute | null> {
    const mute = await this.get(ws, channelId, monitorId);
    if (mute?.untilRecovered !== incidentId) return null;
    return (await this.unmute(ws, channelId, monitorId)) ?? mute;
  }

  /** Lifts the monitor's mute in the channel. Returns the mute that was live, or null. */
  async unmute(ws: WorkspaceRef, channelId: string, monitorId: string): Promise<Mute | null> {
    const key = this.key(ws, channelId);
    const [raw] = (await execOrThrow(this.redis.multi().hget(key, monitorId).hdel(key, monitorId))) as [
      string | null,
      number,
    ];
    return raw === null ? null : this.live(monitorId, raw);
  }

  // The stored time decides, not the key's expiry: clocks of replicas and Redis may differ a little.
  // A record this version cannot read counts as no mute: a mute that fails open only makes alerts louder.
  private live(monitorId: string, raw: string): Mute | null {
    let parsed: z.infer<typeof storedSchema>;
    try {
      const result = storedSchema.safeParse(JSON.parse(raw));
      if (!result.success) return null;
      parsed = result.data;
    } catch {
      return null;
    }
    if (!(parsed.until > this.clock.now())) return null;
    return {
      monitorId,
      until: parsed.until,
      by: parsed.by,
      monitorName: parsed.name,
      apiTeamId: parsed.team,
      ...(parsed.rec ? { untilRecovered: parsed.rec } : {}),
    };
  }

  private key(ws: WorkspaceRef, channelId: string): string {
    return this.keys.channelMutes(workspaceKey(ws), channelId);
  }
}
