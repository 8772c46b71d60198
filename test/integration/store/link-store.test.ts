import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { UserRef } from "../../../src/domain/workspace-ref";
import { fixedClock } from "../../../src/lib/clock";
import { silentLogger } from "../../../src/lib/logger";
import { CorruptRecordError } from "../../../src/store/corrupt-record-error";
import { TokenCipher } from "../../../src/store/crypto/token-cipher";
import { keyspace } from "../../../src/store/keys";
import {
  InvalidLinkProfileError,
  LinkNotFoundError,
  type LinkProfile,
  LinkStore,
  NotATeamMemberError,
} from "../../../src/store/link-store";
import { TrackedHashReads } from "../../../src/store/tracked-hash-reads";
import { InvalidWorkspaceRefError } from "../../../src/store/workspace";
import { onCluster, testRedis } from "../../support/redis";
import { eventually } from "../../support/wait-for";
import { rawValues } from "./raw-values";

const { redis, prefix } = testRedis();
const setting = `k1:${randomBytes(32).toString("base64")}`;
const cipher = TokenCipher.fromSetting(setting);
const clock = fixedClock("2026-03-01T12:00:00Z");

const profile: LinkProfile = {
  apiUserId: "17",
  apiUserName: "Ada Lovelace",
  email: "ada@example.com",
  teams: [
    { id: "1", name: "Ops", role: "owner" },
    { id: "2", name: "Web", role: "read-only" },
  ],
};

let n = 0;
let keys = keyspace(prefix);
let store = new LinkStore({ redis, keys, cipher, clock });
beforeEach(() => {
  keys = keyspace(`${prefix}${++n}:`);
  store = new LinkStore({ redis, keys, cipher, clock });
});

const ada: UserRef = { teamId: "T1", userId: "U1" };
const token = `secret-token-${randomBytes(8).toString("hex")}`;

describe("LinkStore", () => {
  it("saves, reads the record without the token, and decrypts the token on request", async () => {
    const saved = await store.save(ada, token, profile);
    const expected = { ...profile, activeTeamId: "1", linkedAt: clock.now(), stale: false };
    expect(saved).toEqual(expected);
    expect(await store.get(ada)).toEqual(expected);
    expect(JSON.stringify(await store.get(ada))).not.toContain(token);
    expect(await store.getToken(ada)).toBe(token);
    expect(await store.listWorkspaceUsers({ teamId: "T1" })).toEqual(["U1"]);
  });

  it("answers null for users who never linked", async () => {
    expect(await store.get(ada)).toBeNull();
    expect(await store.getToken(ada)).toBeNull();
    expect(await store.dropRefusedToken(ada, token)).toBe(false);
    expect(await store.delete(ada)).toBe(false);
    expect(await rawValues(redis, keys.prefix)).toEqual(new Map()); // the drop left nothing behind
  });

  it("never stores the plaintext token, email aside (scans every key of the prefix)", async () => {
    await store.save(ada, token, profile);
    await store.save(
      { isEnterpriseInstall: true, enterpriseId: "E1", userId: "U9" },
      `${token}-org`,
      profile,
    );
    const values = await rawValues(redis, keys.prefix);
    expect(values.size).toBeGreaterThan(0);
    for (const [key, value] of values) {
      expect(value, key).not.toContain(token);
      expect(value, key).not.toContain(Buffer.from(token).toString("base64"));
    }
  });

  it("chooses the active team among the user's teams only", async () => {
    await store.save(ada, token, profile);
    expect((await store.setActiveTeam(ada, "2")).activeTeamId).toBe("2");
    expect((await store.get(ada))?.activeTeamId).toBe("2");
    await expect(store.setActiveTeam(ada, "3")).rejects.toBeInstanceOf(NotATeamMemberError);
    await expect(store.setActiveTeam({ ...ada, userId: "U2" }, "1")).rejects.toBeInstanceOf(
      LinkNotFoundError,
    );
    expect(await rawValues(redis, keys.link("T:T1", "U2"))).toEqual(new Map());
  });

  it("updates the teams as the API says now, keeping the token, the chosen team while still a member", async () => {
    await store.save(ada, token, profile);
    await store.setActiveTeam(ada, "2");
    const joined = await store.updateTeams(ada, [
      ...profile.teams,
      { id: "3", name: "Edge", role: "regular" },
    ]);
    expect(joined.teams.map((t) => t.id)).toEqual(["1", "2", "3"]);
    expect(joined.activeTeamId).toBe("2");
    expect(await store.getToken(ada)).toBe(token);
    const left = await store.updateTeams(ada, [{ id: "3", name: "Edge", role: "regular" }]);
    expect(left.activeTeamId).toBe("3");
    await expect(store.updateTeams({ teamId: "T1", userId: "U9" }, [])).rejects.toBeInstanceOf(
      LinkNotFoundError,
    );
  });

  it("keeps the chosen team on relink while still a member, else falls back to the first", async () => {
    await store.save(ada, token, profile);
    await store.setActiveTeam(ada, "2");
    clock.advance(1000);
    const relinked = await store.save(ada, "new-token", profile);
    expect(relinked.activeTeamId).toBe("2");
    expect(relinked.linkedAt).toBe(clock.now());
    const left = await store.save(ada, "newer-token", {
      ...profile,
      teams: [{ id: "1", name: "Ops", role: "regular" }],
    });
    expect(left.activeTeamId).toBe("1");
    expect((await store.get(ada))?.activeTeamId).toBe("1");
    await expect(store.save(ada, token, { ...profile, activeTeamId: "9" })).rejects.toBeInstanceOf(
      NotATeamMemberError,
    );
    const none = await store.save(ada, token, { ...profile, teams: [] });
    expect(none.activeTeamId).toBeNull();
  });

  it("refuses invalid profiles and empty tokens with a typed error", async () => {
    await expect(store.save(ada, "", profile)).rejects.toBeInstanceOf(InvalidLinkProfileError);
    await expect(store.save(ada, token, { ...profile, apiUserId: "" } as LinkProfile)).rejects.toBeInstanceOf(
      InvalidLinkProfileError,
    );
    await expect(store.save({ teamId: "T1", userId: "U 1" }, token, profile)).rejects.toBeInstanceOf(
      InvalidWorkspaceRefError,
    );
  });

  it("marks a link stale: the token is dropped, the record stays flagged until relink", async () => {
    await store.save(ada, token, profile);
    expect(await store.dropRefusedToken(ada, token)).toBe(true);
    expect((await store.get(ada))?.stale).toBe(true);
    expect(await store.getToken(ada)).toBeNull();
    expect(JSON.stringify(await redis.hgetall(keys.link("T:T1", "U1")))).not.toContain("v1.k1.");
    await store.save(ada, token, profile);
    expect((await store.get(ada))?.stale).toBe(false);
    expect(await store.getToken(ada)).toBe(token);
  });

  it("deletes one link", async () => {
    await store.save(ada, token, profile);
    await store.save({ ...ada, userId: "U2" }, token, profile);
    expect(await store.delete(ada)).toBe(true);
    expect(await store.get(ada)).toBeNull();
    expect(await store.listWorkspaceUsers({ teamId: "T1" })).toEqual(["U2"]);
  });

  it("keeps workspaces, and org-wide from workspace installs, apart", async () => {
    const refs: UserRef[] = [
      { teamId: "T1", userId: "U1" },
      { teamId: "T2", userId: "U1" },
      { enterpriseId: "E1", teamId: "T1", userId: "U1" }, // workspace install inside a Grid: same as T1
      { isEnterpriseInstall: true, enterpriseId: "E1", teamId: "T1", userId: "U1" },
      { isEnterpriseInstall: true, enterpriseId: "E1", teamId: "T3", userId: "U1" }, // same org user
    ];
    await store.save(refs[0]!, "t1", profile);
    await store.save(refs[1]!, "t2", profile);
    await store.save(refs[3]!, "org", profile);
    expect(await store.getToken(refs[0]!)).toBe("t1");
    expect(await store.getToken(refs[1]!)).toBe("t2");
    expect(await store.getToken(refs[2]!)).toBe("t1");
    expect(await store.getToken(refs[3]!)).toBe("org");
    expect(await store.getToken(refs[4]!)).toBe("org");

    expect(await store.deleteWorkspace({ teamId: "T1" })).toBe(1);
    expect(await store.get(refs[0]!)).toBeNull();
    expect(await store.getToken(refs[1]!)).toBe("t2");
    expect(await store.getToken(refs[3]!)).toBe("org");

    expect(await store.deleteWorkspace({ isEnterpriseInstall: true, enterpriseId: "E1" })).toBe(1);
    expect(await store.get(refs[4]!)).toBeNull();
    expect(await store.getToken(refs[1]!)).toBe("t2");
    expect(await store.listWorkspaceUsers({ teamId: "T1" })).toEqual([]);
    expect(await store.listWorkspaceUsers({ teamId: "T2" })).toEqual(["U1"]);
  });

  it("deletes a whole workspace of many users without leaving keys", async () => {
    const users = Array.from({ length: 30 }, (_, i) => `U${i}`);
    await Promise.all(users.map((userId) => store.save({ teamId: "T5", userId }, token, profile)));
    expect(await store.listWorkspaceUsers({ teamId: "T5" })).toHaveLength(30);
    expect(await store.deleteWorkspace({ teamId: "T5" })).toBe(30);
    expect(await rawValues(redis, keys.prefix)).toEqual(new Map());
  });

  it("deletes the links of named users (tokens_revoked)", async () => {
    for (const userId of ["U1", "U2", "U3"]) await store.save({ teamId: "T1", userId }, token, profile);
    expect(await store.deleteUsers({ teamId: "T1" }, ["U1", "U3", "U7"])).toBe(2);
    expect(await store.listWorkspaceUsers({ teamId: "T1" })).toEqual(["U2"]);
    expect(await store.getToken({ teamId: "T1", userId: "U2" })).toBe(token);
  });

  it("refuses a token ciphertext copied into another user's record: no token, the link reads as stale", async () => {
    await store.save(ada, token, profile);
    await store.save({ ...ada, userId: "U2" }, "mine", profile);
    const stolen = await redis.hget(keys.link("T:T1", "U1"), "token");
    await redis.hset(keys.link("T:T1", "U2"), "token", stolen!);
    expect(await store.getToken({ ...ada, userId: "U2" })).toBeNull();
    expect((await store.getWithToken({ ...ada, userId: "U2" }))?.token).toBeNull();
  });

  it("reads tokens written before a key rotation", async () => {
    await store.save(ada, token, profile);
    const rotated = TokenCipher.fromSetting(`k2:${randomBytes(32).toString("base64")},${setting}`);
    expect(await new LinkStore({ redis, keys, cipher: rotated }).getToken(ada)).toBe(token);
  });

  it("reads a link whose key was removed from the setting as stale, and brings it back with the key", async () => {
    const saved = await store.save(ada, token, profile);
    const withoutKey = new LinkStore({
      redis,
      keys,
      cipher: TokenCipher.fromSetting(`k2:${randomBytes(32).toString("base64")}`),
    });
    expect(await withoutKey.getToken(ada)).toBeNull();
    expect(await withoutKey.getWithToken(ada)).toEqual({ link: { ...saved, stale: true }, token: null });
    expect(await store.getWithToken(ada)).toEqual({ link: saved, token });
  });

  it("re-seals every token under the first key (rotate-key) and counts what it did", async () => {
    const oldKey = `k1:${randomBytes(32).toString("base64")}`;
    const newKey = `k2:${randomBytes(32).toString("base64")}`;
    const before = new LinkStore({ redis, keys, cipher: TokenCipher.fromSetting(oldKey) });
    for (const userId of ["U1", "U2", "U3"])
      await before.save({ teamId: "T9", userId }, `${token}-${userId}`, profile);
    const lost = `k0:${randomBytes(32).toString("base64")}`;
    await new LinkStore({ redis, keys, cipher: TokenCipher.fromSetting(lost) }).save(
      { teamId: "T9", userId: "U4" },
      token,
      profile,
    );
    const both = new LinkStore({ redis, keys, cipher: TokenCipher.fromSetting(`${newKey},${oldKey}`) });
    const count = await both.resealAll();
    expect(count).toMatchObject({ resealed: 3, unreadable: 1 });
    expect((await both.resealAll()).resealed).toBe(0);
    const onlyNew = new LinkStore({ redis, keys, cipher: TokenCipher.fromSetting(newKey) });
    expect(await onlyNew.getToken({ teamId: "T9", userId: "U2" })).toBe(`${token}-U2`);
    expect(await onlyNew.getToken({ teamId: "T9", userId: "U4" })).toBeNull();
  });

  it("drops a refused token only while the link still holds it: a login in between is kept", async () => {
    await store.save(ada, "refused-token", profile);
    await store.save(ada, "fresh-token", profile);
    expect(await store.dropRefusedToken(ada, "refused-token")).toBe(false);
    expect(await store.getToken(ada)).toBe("fresh-token");
    expect((await store.get(ada))?.stale).toBe(false);
    expect(await store.dropRefusedToken(ada, "fresh-token")).toBe(true);
    expect(await store.getToken(ada)).toBeNull();
    // Dropped already: a second confirmation (another replica's) changes nothing.
    expect(await store.dropRefusedToken(ada, "fresh-token")).toBe(false);
  });

  it("reads the record and its token in one call, as the sessions of /uptime do", async () => {
    expect(await store.getWithToken(ada)).toBeNull();
    const saved = await store.save(ada, token, profile);
    expect(await store.getWithToken(ada)).toEqual({ link: saved, token });
    await store.dropRefusedToken(ada, token);
    expect(await store.getWithToken(ada)).toEqual({ link: { ...saved, stale: true }, token: null });
    await store.save({ ...ada, userId: "U2" }, "mine", profile);
    const stolen = await redis.hget(keys.link("T:T1", "U2"), "token");
    await redis.hset(
      keys.link("T:T1", "U3"),
      "profile",
      (await redis.hget(keys.link("T:T1", "U2"), "profile")) ?? "",
    );
    await redis.hset(keys.link("T:T1", "U3"), "token", stolen!);
    expect(await store.getWithToken({ ...ada, userId: "U3" })).toMatchObject({
      link: { stale: true },
      token: null,
    });
  });

  it("reads what changed since its last read, though it reuses what it decoded: relink, edit, corruption", async () => {
    await store.save(ada, token, profile);
    expect((await store.getWithToken(ada))?.token).toBe(token);
    await store.save(ada, "second-token", { ...profile, apiUserName: "Ada King" });
    expect(await store.getWithToken(ada)).toMatchObject({
      link: { apiUserName: "Ada King" },
      token: "second-token",
    });
    // Written by another process, behind this store's back.
    const key = keys.link("T:T1", "U1");
    const stored = JSON.parse((await redis.hget(key, "profile"))!);
    await redis.hset(key, "profile", JSON.stringify({ ...stored, apiUserName: "Countess" }));
    expect((await store.get(ada))?.apiUserName).toBe("Countess");
    await redis.hset(key, "token", cipher.encrypt("third-token", "link:T:T1:U1"));
    expect(await store.getToken(ada)).toBe("third-token");
    await redis.hset(key, "profile", "{not json");
    await expect(store.getWithToken(ada)).rejects.toBeInstanceOf(CorruptRecordError);
    // Shared between reads, so frozen: a caller cannot change what the next read returns.
    await store.save(ada, token, profile);
    const link = (await store.get(ada))!;
    expect(() => ((link.teams as { name: string }[])[0]!.name = "changed")).toThrow(TypeError);
    expect((await store.get(ada))?.teams[0]?.name).toBe("Ops");
  });

  it("holds no opened token of a link once it is deleted, marked stale or uninstalled", async () => {
    // Private on purpose (nothing else may read it): what this process keeps of the users' tokens.
    const held = (of: LinkStore) => (of as unknown as { decoded: { size: number } }).decoded.size;
    const others = ["U2", "U3"].map((userId) => ({ teamId: "T1", userId }));
    for (const ref of [ada, ...others]) {
      await store.save(ref, token, profile);
      await store.getWithToken(ref);
    }
    expect(held(store)).toBe(3);
    await store.delete(ada);
    expect(held(store)).toBe(2);
    await store.dropRefusedToken(others[0]!, token);
    expect(held(store)).toBe(1);
    await store.deleteWorkspace({ teamId: "T1" });
    expect(held(store)).toBe(0);
  });

  it("reports a corrupt record with a typed error", async () => {
    await redis.hset(keys.link("T:T1", "U1"), "profile", "{not json");
    await expect(store.get(ada)).rejects.toBeInstanceOf(CorruptRecordError);
    await redis.hset(keys.link("T:T1", "U1"), "profile", JSON.stringify({ v: 1 }));
    await expect(store.get(ada)).rejects.toBeInstanceOf(CorruptRecordError);
    await expect(store.getWithToken(ada)).rejects.toBeInstanceOf(CorruptRecordError);
    expect((await store.save(ada, token, profile)).activeTeamId).toBe("1"); // a relink heals it
    expect(await store.getToken(ada)).toBe(token);
  });
});

// Skipped in the cluster project: on a Cluster links are read directly (hashReadsFor), nothing is tracked.
describe.skipIf(onCluster())("LinkStore with tracked reads (two replicas on one Redis)", () => {
  const replicas: TrackedHashReads[] = [];
  afterEach(async () => {
    for (const reads of replicas.splice(0)) await reads.close();
  });
  const replica = () => {
    const reads = new TrackedHashReads(redis as Redis, { logger: silentLogger });
    replicas.push(reads);
    return { reads, store: new LinkStore({ redis, keys, cipher, clock, reads }) };
  };

  it("answers a repeated query from memory, and sees another replica's logout, relink and stale mark", async () => {
    const a = replica();
    const b = replica();
    await eventually(async () => (a.reads.active && b.reads.active) || undefined);
    const saved = await b.store.save(ada, token, profile);
    expect(await a.store.getWithToken(ada)).toEqual({ link: saved, token });
    expect(await a.store.getWithToken(ada)).toEqual({ link: saved, token });
    expect(a.reads.readsSent).toBe(1);

    // Each change made on replica b reaches replica a's next read once Redis has told it.
    await b.store.dropRefusedToken(ada, token);
    await eventually(async () => ((await a.store.getWithToken(ada))?.token === null ? true : undefined));
    await b.store.save(ada, "second-token", profile);
    await eventually(async () =>
      (await a.store.getWithToken(ada))?.token === "second-token" ? true : undefined,
    );
    await b.store.delete(ada);
    await eventually(async () => ((await a.store.getWithToken(ada)) === null ? true : undefined));
    expect(await a.store.getToken(ada)).toBeNull();
  });

  it("reads its own writes at once: logout, stale mark, team choice, uninstall", async () => {
    const { reads, store: own } = replica();
    await eventually(async () => reads.active || undefined);
    await own.save(ada, token, profile);
    expect((await own.getWithToken(ada))?.token).toBe(token);
    expect((await own.setActiveTeam(ada, "2")).activeTeamId).toBe("2");
    expect((await own.get(ada))?.activeTeamId).toBe("2");
    await own.dropRefusedToken(ada, token);
    expect(await own.getWithToken(ada)).toMatchObject({ token: null, link: { stale: true } });
    await own.save(ada, token, profile);
    expect((await own.getWithToken(ada))?.token).toBe(token);
    await own.delete(ada);
    expect(await own.getWithToken(ada)).toBeNull();
    await own.save(ada, token, profile);
    expect(await own.get(ada)).not.toBeNull();
    await own.deleteWorkspace({ teamId: "T1" });
    expect(await own.get(ada)).toBeNull();
  });
});
