import { z } from "zod";
import type { UserRef, WorkspaceRef } from "../domain/workspace-ref";
import { type Clock, systemClock } from "../lib/clock";
import { CorruptRecordError, parseRecord } from "./corrupt-record-error";
import { emptyResealCount, type ResealCount, resealField } from "./crypto/reseal-field";
import { type TokenCipher, TokenDecryptError } from "./crypto/token-cipher";
import { DecodedLinks } from "./decoded-links";
import type { Keyspace } from "./keys";
import type { RedisClient } from "./redis-connection";
import { deleteKeys, execOrThrow, scanKeysWithPrefix, setFieldsIfExists } from "./redis-helpers";
import { type ScriptRunner, scriptRunner } from "./scripts";
import { directHashReads, type HashReads } from "./tracked-hash-reads";
import { userOwner, validUserId, workspaceKey } from "./workspace";

/** One API team of the linked user. `role` is kept as the API wrote it (A3: unknown roles stay strings). */
export interface ApiTeam {
  id: string;
  name: string;
  role: string;
}

/** What `GET /users/me` (with teams) told us when the token was verified. */
export interface LinkProfile {
  apiUserId: string;
  apiUserName: string;
  email?: string | undefined;
  teams: ApiTeam[];
  /** Defaults to the previous choice when still a member, else the first team. */
  activeTeamId?: string | undefined;
}

export interface LinkRecord {
  apiUserId: string;
  apiUserName: string;
  email?: string;
  teams: ApiTeam[];
  /** null only when the user belongs to no team. */
  activeTeamId: string | null;
  /** Epoch milliseconds. */
  linkedAt: number;
  /** The token answered 401: it has been dropped, the user must link again. */
  stale: boolean;
}

export class LinkNotFoundError extends Error {
  override name = "LinkNotFoundError";
  constructor() {
    super("this Slack user has no linked Uptime account");
  }
}

export class NotATeamMemberError extends Error {
  override name = "NotATeamMemberError";
  constructor(readonly teamId: string) {
    super(`the linked Uptime user is not a member of team ${teamId}`);
  }
}

export class InvalidLinkProfileError extends Error {
  override name = "InvalidLinkProfileError";
}

const apiTeamSchema = z.object({ id: z.string().min(1), name: z.string(), role: z.string() });
const profileSchema = z.object({
  apiUserId: z.string().min(1),
  apiUserName: z.string(),
  email: z.string().optional(),
  teams: z.array(apiTeamSchema),
  activeTeamId: z.string().min(1).optional(),
});
const storedProfileSchema = z.object({
  v: z.literal(1),
  apiUserId: z.string(),
  apiUserName: z.string(),
  email: z.string().optional(),
  teams: z.array(apiTeamSchema),
  activeTeamId: z.string().nullable(),
  linkedAt: z.number(),
});
type StoredProfile = z.infer<typeof storedProfileSchema>;

const F = { profile: "profile", token: "token", active: "active", stale: "stale" } as const;

/**
 * A Slack user's link to their Uptime API account (`login`/`logout`/`whoami`/`team`).
 * One hash per user: the profile, the encrypted token (opened only by `getToken` and `getWithToken`), an
 * active-team override and a stale flag kept as separate fields so that those updates never rewrite the
 * profile. A set per workspace lists its linked users so that `deleteWorkspace` never SCANs.
 * Keys follow the org-wide / workspace rule documented on WorkspaceRef.
 */
export class LinkStore {
  private readonly redis: RedisClient;
  private readonly scripts: ScriptRunner;
  private readonly keys: Keyspace;
  private readonly cipher: TokenCipher;
  private readonly clock: Clock;
  // What each read decoded, reused while Redis hands back the same strings (decoded-links.ts).
  private readonly decoded = new DecodedLinks<StoredProfile>();
  /** Where a link is read from: Redis every time, or kept until Redis says it changed (tracked-hash-reads.ts). */
  private readonly reads: HashReads;

  constructor(deps: {
    redis: RedisClient;
    keys: Keyspace;
    cipher: TokenCipher;
    clock?: Clock;
    reads?: HashReads;
  }) {
    this.redis = deps.redis;
    this.scripts = scriptRunner(deps.redis);
    this.reads = deps.reads ?? directHashReads(deps.redis);
    this.keys = deps.keys;
    this.cipher = deps.cipher;
    this.clock = deps.clock ?? systemClock;
  }

  /** Links (or relinks) a user with a verified token; clears `stale`. */
  async save(ref: UserRef, token: string, profile: LinkProfile): Promise<LinkRecord> {
    const parsed = profileSchema.safeParse(profile);
    if (!parsed.success)
      throw new InvalidLinkProfileError(`link profile is not valid: ${parsed.error.message}`);
    if (token.length === 0) throw new InvalidLinkProfileError("the token to link is empty");
    const input = parsed.data;
    const isMember = (id: string | null | undefined) => !!id && input.teams.some((team) => team.id === id);
    if (input.activeTeamId !== undefined && !isMember(input.activeTeamId)) {
      throw new NotATeamMemberError(input.activeTeamId);
    }
    // A corrupt old record must not block the relink that replaces it.
    const previous =
      input.activeTeamId === undefined
        ? await this.get(ref).catch((error: unknown) => {
            if (error instanceof CorruptRecordError) return null;
            throw error;
          })
        : null;
    const activeTeamId =
      input.activeTeamId ??
      (isMember(previous?.activeTeamId) ? previous!.activeTeamId : (input.teams[0]?.id ?? null));

    const stored: StoredProfile = {
      v: 1,
      apiUserId: input.apiUserId,
      apiUserName: input.apiUserName,
      ...(input.email !== undefined ? { email: input.email } : {}),
      teams: input.teams,
      activeTeamId,
      linkedAt: this.clock.now(),
    };
    const key = this.linkKey(ref);
    // The record is written before its index entry and removed after it (see delete): whatever
    // interleaving, a link that exists is indexed, so app_uninstalled finds it.
    await this.reads.writing([key], () =>
      execOrThrow(
        this.redis
          .multi()
          .del(key)
          .hset(key, {
            [F.profile]: JSON.stringify(stored),
            [F.token]: this.cipher.encrypt(token, owner(ref)),
          }),
      ),
    );
    await this.redis.sadd(this.keys.linkIndex(workspaceKey(ref)), ref.userId);
    return toRecord(stored, null, null);
  }

  async get(ref: UserRef): Promise<LinkRecord | null> {
    const key = this.linkKey(ref);
    const { [F.profile]: profile, [F.active]: active, [F.stale]: stale } = await this.reads.read(key);
    if (profile == null) return null;
    return toRecord(this.stored(key, profile), active ?? null, stale ?? null);
  }

  /**
   * The record and its decrypted token in ONE round trip (every `/uptime` query opens a session with this);
   * null when not linked. `token` is null when the link is stale, and a link whose key was removed is
   * reported stale (see openToken).
   */
  async getWithToken(ref: UserRef): Promise<{ link: LinkRecord; token: string | null } | null> {
    const key = this.linkKey(ref);
    const fields = await this.reads.read(key);
    const { [F.profile]: profile, [F.active]: active, [F.stale]: stale, [F.token]: ciphertext } = fields;
    if (profile == null) return null;
    const link = toRecord(this.stored(key, profile), active ?? null, stale ?? null);
    // A stale link has had its token dropped; a leftover one is never used.
    if (link.stale || ciphertext == null) return { link, token: null };
    const token = this.decoded.token(key, ciphertext, (sealed) => this.openToken(sealed, ref));
    return token === null ? { link: { ...link, stale: true }, token } : { link, token };
  }

  /**
   * The decrypted API token; null when not linked, stale, or sealed under a key TOKEN_ENCRYPTION_KEY no
   * longer holds (see openToken).
   */
  async getToken(ref: UserRef): Promise<string | null> {
    const key = this.linkKey(ref);
    const ciphertext = (await this.reads.read(key))[F.token];
    return ciphertext == null
      ? null
      : this.decoded.token(key, ciphertext, (sealed) => this.openToken(sealed, ref));
  }

  /**
   * A token that no configured key can open is a stale link (docs/architecture.md section 7): the user is asked to log in
   * again, never "something went wrong". That covers a key id removed from the setting, a key replaced
   * under the same id (a bare key is always `k1`) and a ciphertext moved to another owner's record: none
   * of them can be told apart from the others, and none yields a token. The record is left as it is, so
   * that putting the key back brings the link back.
   */
  private openToken(ciphertext: string, ref: UserRef): string | null {
    try {
      return this.cipher.decrypt(ciphertext, owner(ref));
    } catch (error) {
      if (error instanceof TokenDecryptError) return null;
      throw error;
    }
  }

  /**
   * `npm run rotate-key`: every link's token sealed again under the first key of the setting. Walks the
   * keyspace with SCAN (one Redis server; run it against each master of a Cluster).
   */
  async resealAll(): Promise<ResealCount> {
    const count = emptyResealCount();
    const prefix = `${this.keys.prefix}link:`;
    for await (const batch of scanKeysWithPrefix(this.redis, prefix)) {
      for (const key of batch) {
        // The key is `<prefix>link:<ws>:<userId>` and the token's owner (its AAD) is `link:<ws>:<userId>`.
        count[await resealField(this.redis, this.cipher, key, F.token, key.slice(this.keys.prefix.length))]++;
      }
    }
    return count;
  }

  /** Chooses the team `/uptime` works on; it must be one of the user's teams. */
  async setActiveTeam(ref: UserRef, teamId: string): Promise<LinkRecord> {
    const record = await this.get(ref);
    if (!record) throw new LinkNotFoundError();
    if (!record.teams.some((team) => team.id === teamId)) throw new NotATeamMemberError(teamId);
    const key = this.linkKey(ref);
    const set = await this.reads.writing([key], () =>
      setFieldsIfExists(this.redis, key, { [F.active]: teamId }),
    );
    if (!set) throw new LinkNotFoundError();
    return { ...record, activeTeamId: teamId };
  }

  /**
   * The user's teams as `GET /users/me?include=teams` says now (`/uptime team` re-reads them, so that a team
   * joined after login appears). Only the profile's teams change; an active team the user left falls back
   * to the first, as at login. The updated link, or LinkNotFoundError.
   */
  async updateTeams(ref: UserRef, teams: ApiTeam[]): Promise<LinkRecord> {
    const key = this.linkKey(ref);
    const [profile] = await this.redis.hmget(key, F.profile);
    if (!profile) throw new LinkNotFoundError();
    const parsed = z.array(apiTeamSchema).safeParse(teams);
    if (!parsed.success) throw new InvalidLinkProfileError(`teams are not valid: ${parsed.error.message}`);
    const stored = parseStored(key, profile);
    const next: StoredProfile = {
      ...stored,
      teams: parsed.data,
      activeTeamId: parsed.data.some((t) => t.id === stored.activeTeamId)
        ? stored.activeTeamId
        : (parsed.data[0]?.id ?? null),
    };
    const set = await this.reads.writing([key], () =>
      setFieldsIfExists(this.redis, key, { [F.profile]: JSON.stringify(next) }),
    );
    if (!set) throw new LinkNotFoundError();
    const record = await this.get(ref);
    if (!record) throw new LinkNotFoundError();
    return record;
  }

  /**
   * `GET /users/me` confirmed that `token` is refused (401): drop it (nothing usable is kept) but keep the
   * profile, flagged, so that the user is told to link again rather than "not linked". Compare-and-set: only
   * while the link still holds that very token, so that a login made since the refused call is kept. True
   * when this call dropped it.
   */
  async dropRefusedToken(ref: UserRef, token: string): Promise<boolean> {
    const key = this.linkKey(ref);
    const sealed = (await this.redis.hmget(key, F.token))[0];
    if (sealed == null || this.openToken(sealed, ref) !== token) return false;
    this.decoded.forget(key);
    const dropped = await this.reads.writing([key], () =>
      this.scripts.run("link-drop-token", [key], [sealed]),
    );
    return dropped === 1;
  }

  /** `/uptime logout`. True when a link was deleted. */
  async delete(ref: UserRef): Promise<boolean> {
    await this.redis.srem(this.keys.linkIndex(workspaceKey(ref)), validUserId(ref.userId));
    const key = this.linkKey(ref);
    this.decoded.forget(key);
    return (await this.reads.writing([key], () => this.redis.unlink(key))) === 1;
  }

  /** tokens_revoked (user tokens): the links of these users. Returns how many were deleted. */
  async deleteUsers(ws: WorkspaceRef, userIds: readonly string[]): Promise<number> {
    return this.unlinkUsers(workspaceKey(ws), userIds.map(validUserId));
  }

  /** app_uninstalled: every link of the workspace (or org, for an org-wide install). */
  async deleteWorkspace(ws: WorkspaceRef): Promise<number> {
    const wsKey = workspaceKey(ws);
    return this.unlinkUsers(wsKey, await this.redis.smembers(this.keys.linkIndex(wsKey)));
  }

  /** The linked users of a workspace, sorted. A user whose logout is in progress may still be listed. */
  async listWorkspaceUsers(ws: WorkspaceRef): Promise<string[]> {
    return (await this.redis.smembers(this.keys.linkIndex(workspaceKey(ws)))).sort();
  }

  // Index entries go first, records second (the reverse of save), and only the members read are removed,
  // so a link saved meanwhile keeps its index entry. The emptied set disappears by itself.
  private async unlinkUsers(wsKey: string, userIds: readonly string[]): Promise<number> {
    const index = this.keys.linkIndex(wsKey);
    for (let start = 0; start < userIds.length; start += 500) {
      await this.redis.srem(index, ...userIds.slice(start, start + 500));
    }
    const keys = userIds.map((userId) => this.keys.link(wsKey, userId));
    for (const key of keys) this.decoded.forget(key);
    return this.reads.writing(keys, () => deleteKeys(this.redis, keys));
  }

  private stored(key: string, profile: string): StoredProfile {
    return this.decoded.profile(key, profile, (raw) => parseStored(key, raw));
  }

  private linkKey(ref: UserRef): string {
    return this.keys.link(workspaceKey(ref), validUserId(ref.userId));
  }
}

function owner(ref: UserRef): string {
  return userOwner("link", ref);
}

function parseStored(key: string, json: string): StoredProfile {
  return parseRecord(key, json, storedProfileSchema, "profile");
}

function toRecord(stored: StoredProfile, active: string | null, stale: string | null): LinkRecord {
  // An override naming a team the user has since left falls back to the one chosen at link time.
  const override = active && stored.teams.some((team) => team.id === active) ? active : null;
  return {
    apiUserId: stored.apiUserId,
    apiUserName: stored.apiUserName,
    ...(stored.email !== undefined ? { email: stored.email } : {}),
    teams: stored.teams,
    activeTeamId: override ?? stored.activeTeamId,
    linkedAt: stored.linkedAt,
    stale: stale === "1",
  };
}
