import { randomBytes } from "node:crypto";
import type { Installation } from "@slack/oauth";
import { beforeEach, describe, expect, it } from "vitest";
import { TokenCipher, TokenDecryptError } from "../../../src/store/crypto/token-cipher";
import { InstallationNotFoundError, RedisInstallationStore } from "../../../src/store/installation-store";
import { keyspace } from "../../../src/store/keys";
import { InvalidWorkspaceRefError } from "../../../src/store/workspace";
import { testRedis } from "../../support/redis";
import { rawValues } from "./raw-values";

const { redis, prefix } = testRedis();
const cipher = TokenCipher.fromSetting(randomBytes(32).toString("base64"));

let n = 0;
let keys = keyspace(prefix);
let store = new RedisInstallationStore({ redis, keys, cipher });
beforeEach(() => {
  keys = keyspace(`${prefix}${++n}:`);
  store = new RedisInstallationStore({ redis, keys, cipher });
});

const botToken = `xoxb-${randomBytes(8).toString("hex")}`;
const userToken = `xoxp-${randomBytes(8).toString("hex")}`;

const workspaceInstall: Installation<"v2", false> = {
  team: { id: "T1", name: "Acme" },
  enterprise: { id: "E1", name: "Acme Grid" },
  user: { id: "U1", token: userToken, scopes: ["identify"] },
  bot: { token: botToken, scopes: ["chat:write", "commands"], id: "B1", userId: "UB1" },
  appId: "A1",
  tokenType: "bot",
  isEnterpriseInstall: false,
  authVersion: "v2",
};

const orgInstall: Installation<"v2", true> = {
  team: undefined,
  enterprise: { id: "E7", name: "Org" },
  user: { id: "W1", token: undefined, scopes: undefined },
  bot: { token: `${botToken}-org`, scopes: ["chat:write"], id: "B7", userId: "WB7" },
  appId: "A1",
  enterpriseUrl: "https://org.enterprise.slack.com/",
  tokenType: "bot",
  isEnterpriseInstall: true,
  authVersion: "v2",
};

describe("RedisInstallationStore", () => {
  it("re-seals every field under the first key (rotate-key); the old key alone then opens nothing", async () => {
    const oldSetting = `k1:${randomBytes(32).toString("base64")}`;
    const newSetting = `k2:${randomBytes(32).toString("base64")}`;
    const old = new RedisInstallationStore({ redis, keys, cipher: TokenCipher.fromSetting(oldSetting) });
    await old.storeInstallation(workspaceInstall);
    await old.storeInstallation(orgInstall);
    const both = new RedisInstallationStore({
      redis,
      keys,
      cipher: TokenCipher.fromSetting(`${newSetting},${oldSetting}`),
    });
    // Two installations, each an `app` and a `user:<id>` field.
    expect(await both.resealAll()).toEqual({ resealed: 4, current: 0, unreadable: 0 });
    expect(await both.resealAll()).toEqual({ resealed: 0, current: 4, unreadable: 0 });
    const onlyNew = new RedisInstallationStore({ redis, keys, cipher: TokenCipher.fromSetting(newSetting) });
    const query = { teamId: "T1", enterpriseId: "E1", isEnterpriseInstall: false } as const;
    expect(await onlyNew.fetchInstallation(query)).toEqual(workspaceInstall);
    await expect(old.fetchInstallation(query)).rejects.toBeInstanceOf(TokenDecryptError);
  });

  it("round-trips a workspace install (in a Grid) by team id", async () => {
    await store.storeInstallation(workspaceInstall);
    const query = { teamId: "T1", enterpriseId: "E1", isEnterpriseInstall: false } as const;
    expect(await store.fetchInstallation(query)).toEqual(workspaceInstall);
    expect(await store.fetchInstallation({ ...query, enterpriseId: undefined })).toEqual(workspaceInstall);
    expect(await store.fetchInstallation({ ...query, userId: "U1" })).toEqual(workspaceInstall);
  });

  it("round-trips an org-wide install by enterprise id, whatever workspace asks", async () => {
    await store.storeInstallation(orgInstall);
    const query = { teamId: undefined, enterpriseId: "E7", isEnterpriseInstall: true } as const;
    expect(await store.fetchInstallation(query)).toEqual(orgInstall);
    await expect(
      store.fetchInstallation({ teamId: "T9", enterpriseId: "E7", isEnterpriseInstall: false }),
    ).rejects.toBeInstanceOf(InstallationNotFoundError);
  });

  it("encrypts bot and user tokens at rest", async () => {
    await store.storeInstallation(workspaceInstall);
    await store.storeInstallation(orgInstall);
    for (const [key, value] of await rawValues(redis, keys.prefix)) {
      expect(value, key).not.toContain(botToken);
      expect(value, key).not.toContain(userToken);
      expect(value, key).not.toContain("chat:write");
    }
  });

  it("gives a user their own user token, never another user's", async () => {
    await store.storeInstallation(workspaceInstall);
    const second = { ...workspaceInstall, user: { id: "U2", token: "xoxp-u2", scopes: ["search:read"] } };
    await store.storeInstallation(second);
    const query = { teamId: "T1", enterpriseId: "E1", isEnterpriseInstall: false } as const;
    expect((await store.fetchInstallation(query)).user).toEqual(second.user);
    expect((await store.fetchInstallation({ ...query, userId: "U1" })).user).toEqual(workspaceInstall.user);
    const stranger = await store.fetchInstallation({ ...query, userId: "U3" });
    expect(stranger.user.token).toBeUndefined();
    expect(stranger.bot?.token).toBe(botToken);

    await store.deleteInstallation({ ...query, userId: "U1" });
    expect((await store.fetchInstallation({ ...query, userId: "U1" })).user.token).toBeUndefined();
    await store.deleteUserTokens({ teamId: "T1" }, ["U2"]);
    expect((await store.fetchInstallation(query)).user.token).toBeUndefined();
    expect((await store.fetchInstallation(query)).bot?.token).toBe(botToken);
  });

  it("deletes a whole installation and says so on fetch", async () => {
    await store.storeInstallation(workspaceInstall);
    await store.storeInstallation(orgInstall);
    await store.deleteInstallation({ teamId: "T1", enterpriseId: "E1", isEnterpriseInstall: false });
    await expect(
      store.fetchInstallation({ teamId: "T1", enterpriseId: "E1", isEnterpriseInstall: false }),
    ).rejects.toBeInstanceOf(InstallationNotFoundError);
    expect(
      (await store.fetchInstallation({ teamId: undefined, enterpriseId: "E7", isEnterpriseInstall: true }))
        .bot?.token,
    ).toBe(`${botToken}-org`);
    await store.deleteWorkspace({ isEnterpriseInstall: true, enterpriseId: "E7" });
    expect(await rawValues(redis, keys.prefix)).toEqual(new Map());
  });

  it("refuses an installation that names no owner, and a ciphertext moved to another workspace", async () => {
    await expect(
      store.storeInstallation({ ...orgInstall, enterprise: undefined } as unknown as Installation),
    ).rejects.toBeInstanceOf(InvalidWorkspaceRefError);
    await store.storeInstallation(workspaceInstall);
    const sealed = await redis.hget(keys.installation("T:T1"), "app");
    await redis.hset(keys.installation("T:T2"), "app", sealed!);
    await expect(
      store.fetchInstallation({ teamId: "T2", enterpriseId: undefined, isEnterpriseInstall: false }),
    ).rejects.toBeInstanceOf(TokenDecryptError);
  });
});
