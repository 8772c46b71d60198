import type { WorkspaceRef } from "../domain/workspace-ref";
import type { Keyspace } from "./keys";
import type { RedisClient } from "./redis-connection";
import { type ScriptRunner, scriptRunner } from "./scripts";
import { workspaceKey } from "./workspace";

/** Slack: chat.postMessage allows "about one message per second" per channel, with short bursts. */
export const DEFAULT_CHANNEL_SLOT_MS = 1000;

/**
 * Posting slots per Slack channel shared by every replica (docs/architecture.md section 5 "Slack limits"): each
 * reservation takes the next free slot in Redis and returns how long to wait for it, so replicas space
 * their posts instead of collecting 429s.
 */
export class ChannelRateLimiter {
  private readonly keys: Keyspace;
  private readonly scripts: ScriptRunner;
  readonly slotMs: number;

  constructor(deps: { redis: RedisClient; keys: Keyspace; slotMs?: number }) {
    this.keys = deps.keys;
    this.scripts = scriptRunner(deps.redis);
    this.slotMs = Math.max(1, Math.round(deps.slotMs ?? DEFAULT_CHANNEL_SLOT_MS));
  }

  /** Reserves a slot; resolves with the milliseconds to wait before posting (0: now). */
  async reserve(ws: WorkspaceRef, channelId: string): Promise<number> {
    const key = this.keys.alertChannelSlot(workspaceKey(ws), channelId);
    return Number(await this.scripts.run("channel-slot", [key], [this.slotMs]));
  }
}
