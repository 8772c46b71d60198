import { z } from "zod";
import type { UserRef, WorkspaceRef } from "../domain/workspace-ref";
import { type Clock, systemClock } from "../lib/clock";
import type { Keyspace } from "./keys";
import type { RedisClient } from "./redis-connection";
import { deleteKeys, execOrThrow } from "./redis-helpers";
import { validUserId, workspaceKey } from "./workspace";

/** How long an action tried while unlinked waits for the user to link. */
export const PENDING_ACTION_TTL_MS = 60 * 60 * 1000;

/**
 * The actions that can wait for a link. Ids are API ids (strings, as the API writes them); the source
 * message lets the completed action update the alert the user clicked.
 */
export const pendingActionSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("acknowledge"),
    apiTeamId: z.string().min(1),
    incidentId: z.string().min(1),
    channelId: z.string().min(1).optional(),
    messageTs: z.string().min(1).optional(),
  }),
]);
export type PendingAction = z.infer<typeof pendingActionSchema>;

/**
 * What an unlinked user tried to do as it travels in Slack: the Link button's value and the login modal's
 * metadata (ui/codecs.ts deferredActionCodec). An acknowledge is also remembered here as a PendingAction
 * (with the alert message to update); a Pause/Resume travels in the modal only.
 */
export type DeferredAction =
  | { action: "ack"; incidentId: string; teamId: string }
  | { action: "pause"; monitorId: string }
  | { action: "resume"; monitorId: string };

/** Anything that validates an action (a zod schema does), so services can widen the set of actions. */
export interface ActionCodec<A> {
  parse(value: unknown): A;
}

export interface PendingEntry<A> {
  action: A;
  /** Epoch milliseconds. */
  createdAt: number;
}

export class InvalidPendingActionError extends Error {
  override name = "InvalidPendingActionError";
}

/**
 * One pending action per user (a newer one replaces the older), kept for an hour and handed out once:
 * `take` is a GETDEL, so two replicas finishing the same link cannot both complete it. A per-workspace
 * index (expiring with its newest entry) lets app_uninstalled delete them without SCAN.
 */
export class PendingActionStore<A = PendingAction> {
  private readonly redis: RedisClient;
  private readonly keys: Keyspace;
  private readonly codec: ActionCodec<A>;
  private readonly clock: Clock;
  private readonly ttlMs: number;

  constructor(deps: {
    redis: RedisClient;
    keys: Keyspace;
    codec?: ActionCodec<A>;
    clock?: Clock;
    ttlMs?: number;
  }) {
    this.redis = deps.redis;
    this.keys = deps.keys;
    this.codec = deps.codec ?? (pendingActionSchema as unknown as ActionCodec<A>);
    this.clock = deps.clock ?? systemClock;
    this.ttlMs = deps.ttlMs ?? PENDING_ACTION_TTL_MS;
  }

  async put(ref: UserRef, action: A): Promise<void> {
    let valid: A;
    try {
      valid = this.codec.parse(action);
    } catch (error) {
      throw new InvalidPendingActionError(`pending action is not valid: ${(error as Error).message}`);
    }
    const wsKey = workspaceKey(ref);
    const userId = validUserId(ref.userId);
    const entry: PendingEntry<A> & { v: 1 } = { v: 1, action: valid, createdAt: this.clock.now() };
    await this.redis.set(this.keys.pendingAction(wsKey, userId), JSON.stringify(entry), "PX", this.ttlMs);
    const index = this.keys.pendingIndex(wsKey);
    // Every member is younger than the TTL, so the set outlives each entry it lists.
    await execOrThrow(this.redis.multi().sadd(index, userId).pexpire(index, this.ttlMs));
  }

  /** The pending action, removed; null when none, expired, or written in a shape this version no longer reads. */
  async take(ref: UserRef): Promise<PendingEntry<A> | null> {
    const wsKey = workspaceKey(ref);
    const userId = validUserId(ref.userId);
    const json = await this.redis.getdel(this.keys.pendingAction(wsKey, userId));
    await this.redis.srem(this.keys.pendingIndex(wsKey), userId);
    if (json == null) return null;
    try {
      const entry = JSON.parse(json) as { v?: unknown; action?: unknown; createdAt?: unknown };
      if (entry.v !== 1 || typeof entry.createdAt !== "number") return null;
      return { action: this.codec.parse(entry.action), createdAt: entry.createdAt };
    } catch {
      // Best effort by design: a link must not fail because an action from an older version is unreadable.
      return null;
    }
  }

  /** tokens_revoked (user tokens): these users' pending actions. */
  async deleteUsers(ws: WorkspaceRef, userIds: readonly string[]): Promise<number> {
    const wsKey = workspaceKey(ws);
    if (userIds.length === 0) return 0;
    await this.redis.srem(this.keys.pendingIndex(wsKey), ...userIds.map(validUserId));
    return deleteKeys(
      this.redis,
      userIds.map((userId) => this.keys.pendingAction(wsKey, userId)),
    );
  }

  /** app_uninstalled: every pending action of the workspace. */
  async deleteWorkspace(ws: WorkspaceRef): Promise<number> {
    const wsKey = workspaceKey(ws);
    const index = this.keys.pendingIndex(wsKey);
    const userIds = await this.redis.smembers(index);
    await this.redis.unlink(index);
    return deleteKeys(
      this.redis,
      userIds.map((userId) => this.keys.pendingAction(wsKey, userId)),
    );
  }
}
