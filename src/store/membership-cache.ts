import { z } from "zod";
import type { UserRef } from "../domain/workspace-ref";
import type { Keyspace } from "./keys";
import type { ApiTeam } from "./link-store";
import type { RedisClient } from "./redis-connection";
import { validUserId, workspaceKey } from "./workspace";

/** What the API said about a person's teams, and when (the bot's clock, epoch ms). */
export interface CachedMemberships {
  /** The API user the answer is about: a relink as someone else does not inherit it. */
  apiUserId: string;
  checkedAt: number;
  teams: ApiTeam[];
}

const schema = z.object({
  apiUserId: z.string().min(1),
  checkedAt: z.number(),
  teams: z.array(z.object({ id: z.string().min(1), name: z.string(), role: z.string() })),
});

/**
 * The last answer of `GET /users/me?include=teams` per linked Slack user, shared by every replica, so that
 * alert changes need not ask the API each time (services/team-membership.ts decides how old an answer may
 * be). In Redis rather than in each process: a refusal one replica read from the API replaces the answer
 * every replica reuses, and Redis's expiry bounds the memory without a size limit of our own. It is a
 * cache: an entry this version cannot read is a miss, never an error.
 */
export class MembershipCache {
  private readonly redis: RedisClient;
  private readonly keys: Keyspace;

  constructor(deps: { redis: RedisClient; keys: Keyspace }) {
    this.redis = deps.redis;
    this.keys = deps.keys;
  }

  async get(ref: UserRef): Promise<CachedMemberships | null> {
    const raw = await this.redis.get(this.key(ref));
    if (raw === null) return null;
    try {
      const parsed = schema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  /** Keeps the answer for `ttlMs` at most (Redis's clock), replacing the previous one. */
  async put(ref: UserRef, memberships: CachedMemberships, ttlMs: number): Promise<void> {
    await this.redis.set(this.key(ref), JSON.stringify(memberships), "PX", Math.max(1, Math.round(ttlMs)));
  }

  private key(ref: UserRef): string {
    return this.keys.memberships(workspaceKey(ref), validUserId(ref.userId));
  }
}
