// Type-only: the store never loads @slack/* at runtime (docs/architecture.md section 2); Bolt's InstallProvider calls it.
import type { Installation, InstallationQuery, InstallationStore } from "@slack/oauth";
import type { WorkspaceRef } from "../domain/workspace-ref";
import { CorruptRecordError } from "./corrupt-record-error";
import { emptyResealCount, type ResealCount, resealField } from "./crypto/reseal-field";
import type { TokenCipher } from "./crypto/token-cipher";
import type { Keyspace } from "./keys";
import type { RedisClient } from "./redis-connection";
import { scanKeysWithPrefix } from "./redis-helpers";
import { workspaceKey } from "./workspace";

type AnyInstallation = Installation<"v1" | "v2", boolean>;
type InstallationUser = AnyInstallation["user"];

export class InstallationNotFoundError extends Error {
  override name = "InstallationNotFoundError";
  constructor(ws: string) {
    super(`no Slack installation stored for ${ws}`);
  }
}

const APP = "app";
const userField = (userId: string) => `user:${userId}`;

/**
 * Bolt OAuth installations (multi-workspace and org-wide), encrypted at rest with the token cipher.
 * One hash per workspace (`T:<teamId>`) or org (`E:<enterpriseId>`, for org-wide installs; see
 * WorkspaceRef): `app` holds the latest installation without its user token part, `user:<id>` the user-token
 * part of each user who installed, so revoking one user's token is one HDEL and never rewrites `app`.
 * Each field is its own ciphertext bound to its key and field.
 */
export class RedisInstallationStore implements InstallationStore {
  private readonly redis: RedisClient;
  private readonly keys: Keyspace;
  private readonly cipher: TokenCipher;

  constructor(deps: { redis: RedisClient; keys: Keyspace; cipher: TokenCipher }) {
    this.redis = deps.redis;
    this.keys = deps.keys;
    this.cipher = deps.cipher;
  }

  async storeInstallation<AuthVersion extends "v1" | "v2">(
    installation: Installation<AuthVersion, boolean>,
  ): Promise<void> {
    const wsKey = workspaceKey({
      isEnterpriseInstall: installation.isEnterpriseInstall,
      enterpriseId: installation.enterprise?.id,
      teamId: installation.team?.id,
    });
    const key = this.keys.installation(wsKey);
    const { user } = installation;
    await this.redis.hset(key, {
      [APP]: this.seal(wsKey, APP, { ...installation, user: withoutUserToken(user) }),
      [userField(user.id)]: this.seal(wsKey, userField(user.id), user),
    });
  }

  /** Throws InstallationNotFoundError when nothing is stored (Bolt turns it into an authorization error). */
  async fetchInstallation(query: InstallationQuery<boolean>): Promise<AnyInstallation> {
    const wsKey = workspaceKey(query);
    const key = this.keys.installation(wsKey);
    // The requesting user's own user token when they installed with user scopes, else the installer's
    // when no user is named (as Bolt's FileInstallationStore does); never another user's.
    const userId = query.userId;
    const [app, requester] = userId
      ? await this.redis.hmget(key, APP, userField(userId))
      : [await this.redis.hget(key, APP), null];
    if (app == null) throw new InstallationNotFoundError(wsKey);
    const installation = this.open<AnyInstallation>(wsKey, key, APP, app);
    const ownerId = userId ?? installation.user.id;
    const sealedUser = userId ? requester : await this.redis.hget(key, userField(ownerId));
    if (sealedUser != null) {
      installation.user = this.open<InstallationUser>(wsKey, key, userField(ownerId), sealedUser);
    }
    return installation;
  }

  /** Without `userId`: the whole installation (app uninstalled, bot token revoked); with it: that user's token. */
  async deleteInstallation(query: InstallationQuery<boolean>): Promise<void> {
    const key = this.keys.installation(workspaceKey(query));
    if (query.userId === undefined) await this.redis.unlink(key);
    else await this.redis.hdel(key, userField(query.userId));
  }

  /** tokens_revoked (user tokens): forget those users' Slack user tokens. */
  async deleteUserTokens(ws: WorkspaceRef, userIds: readonly string[]): Promise<void> {
    if (userIds.length === 0) return;
    await this.redis.hdel(this.keys.installation(workspaceKey(ws)), ...userIds.map(userField));
  }

  /** app_uninstalled or bot token revoked. */
  async deleteWorkspace(ws: WorkspaceRef): Promise<void> {
    await this.redis.unlink(this.keys.installation(workspaceKey(ws)));
  }

  /** `npm run rotate-key`: every installation field sealed again under the first key (SCAN: one server). */
  async resealAll(): Promise<ResealCount> {
    const count = emptyResealCount();
    const prefix = this.keys.installation("");
    for await (const batch of scanKeysWithPrefix(this.redis, prefix)) {
      for (const key of batch) {
        const wsKey = key.slice(prefix.length);
        for (const field of await this.redis.hkeys(key)) {
          count[await resealField(this.redis, this.cipher, key, field, `installation:${wsKey}:${field}`)]++;
        }
      }
    }
    return count;
  }

  private seal(wsKey: string, field: string, value: unknown): string {
    return this.cipher.encrypt(JSON.stringify(value), `installation:${wsKey}:${field}`);
  }

  private open<T>(wsKey: string, key: string, field: string, sealed: string): T {
    const json = this.cipher.decrypt(sealed, `installation:${wsKey}:${field}`);
    try {
      return JSON.parse(json) as T;
    } catch {
      throw new CorruptRecordError(`${key}#${field}`, "installation is not JSON");
    }
  }
}

// What `app` keeps of the installer: the id. Token, refresh token, expiry and scopes live in `user:<id>`.
function withoutUserToken(user: InstallationUser): InstallationUser {
  return { id: user.id, token: undefined, scopes: undefined } as InstallationUser;
}
