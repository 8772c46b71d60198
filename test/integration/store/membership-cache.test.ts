import { describe, expect, it } from "vitest";
import type { UserRef } from "../../../src/domain/workspace-ref";
import { keyspace } from "../../../src/store/keys";
import { MembershipCache } from "../../../src/store/membership-cache";
import { workspaceKey } from "../../../src/store/workspace";
import { testRedis } from "../../support/redis";

const { redis, prefix } = testRedis();
const keys = keyspace(prefix);
const cache = new MembershipCache({ redis, keys });
const rita: UserRef = { teamId: "T1", userId: "U0RITA" };
const answer = {
  apiUserId: "3",
  checkedAt: 1_700_000_000_000,
  teams: [{ id: "1", name: "Acme Production", role: "read-only" }],
};

describe("MembershipCache", () => {
  it("keeps a person's last answer for the time given, per workspace and user", async () => {
    expect(await cache.get(rita)).toBeNull();
    await cache.put(rita, answer, 60_000);
    expect(await cache.get(rita)).toEqual(answer);
    expect(await cache.get({ teamId: "T2", userId: "U0RITA" })).toBeNull();
    const ttl = await redis.pttl(keys.memberships(workspaceKey(rita), rita.userId));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it("reads an entry it cannot understand as a miss", async () => {
    const ref = { teamId: "T1", userId: "U0BROKEN" };
    await redis.set(keys.memberships(workspaceKey(ref), ref.userId), "{not json");
    expect(await cache.get(ref)).toBeNull();
    await redis.set(keys.memberships(workspaceKey(ref), ref.userId), JSON.stringify({ apiUserId: "3" }));
    expect(await cache.get(ref)).toBeNull();
  });
});
