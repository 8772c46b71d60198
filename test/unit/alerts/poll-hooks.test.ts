import { beforeEach, describe, expect, it } from "vitest";
import type { SubscriptionPausedNotice } from "../../../src/alerts";
import { pollHooks } from "../../../src/alerts/subscriptions/poll-hooks";
import { silentLogger } from "../../../src/lib/logger";
import { generateKey } from "../../../src/store/crypto/encryption-keys";
import { TokenCipher } from "../../../src/store/crypto/token-cipher";
import { keyspace } from "../../../src/store/keys";
import { LinkStore } from "../../../src/store/link-store";
import { SubscriptionStore } from "../../../src/store/subscription-store";
import type { UserRef } from "../../../src/store/workspace";
import { testRedis } from "../../support/redis";

const alice: UserRef = { teamId: "T0TEST", userId: "U0ALICE" };
const TARGET = "team:1:0123456789abcdef";
const meta = { v: 1 as const, apiTeamId: "1", tokenRef: alice };

describe("poll hooks: the subscriber's token, and what happens when it is rejected", () => {
  let links: LinkStore;
  let subscriptions: SubscriptionStore;
  let told: SubscriptionPausedNotice[];
  let hooks: ReturnType<typeof pollHooks>;

  beforeEach(async () => {
    const { redis, prefix } = testRedis();
    const keys = keyspace(prefix);
    links = new LinkStore({ redis, keys, cipher: TokenCipher.fromSetting(generateKey()) });
    subscriptions = new SubscriptionStore({ redis, keys });
    told = [];
    hooks = pollHooks({
      links,
      subscriptions,
      logger: silentLogger,
      notifySubscriptionPaused: async (notice) => void told.push(notice),
    });
    await links.save(alice, "secret-token", {
      apiUserId: "1",
      apiUserName: "Olivia",
      teams: [{ id: "1", name: "Acme Production", role: "owner" }],
    });
    for (const channelId of ["C0ALERTS", "C0OPS"]) {
      await subscriptions.create({
        workspace: { teamId: "T0TEST" },
        channelId,
        apiTeamId: "1",
        filters: { monitors: [], groups: [] },
        mention: null,
        subscriber: { userId: "U0ALICE", apiUserId: "1" },
        target: TARGET,
      });
    }
  });

  it("resolves the token from the link, and null once the link is gone", async () => {
    expect(await hooks.resolveToken(meta)).toBe("secret-token");
    await links.delete(alice);
    expect(await hooks.resolveToken(meta)).toBeNull();
  });

  it("on a 401 marks the link stale, pauses every subscription of the target and tells the subscriber once", async () => {
    await hooks.onTokenRejected(TARGET, "unauthorized", meta);
    expect((await links.get(alice))?.stale).toBe(true);
    expect(await hooks.resolveToken(meta)).toBeNull();
    const subs = await subscriptions.listByTarget(TARGET);
    expect(subs.map((s) => s.paused?.reason)).toEqual(["token_rejected", "token_rejected"]);
    expect(subs.every((s) => s.paused?.notified)).toBe(true);
    expect(told.map((n) => [n.channelId, n.teamName, n.reason]).sort()).toEqual([
      ["C0ALERTS", "Acme Production", "token_rejected"],
      ["C0OPS", "Acme Production", "token_rejected"],
    ]);

    // Another replica, or the next poll, hits the same rejection: nobody is told twice.
    await hooks.onTokenRejected(TARGET, "no_token", meta);
    expect(told).toHaveLength(2);
  });

  it("on a lost team keeps the link and says the team cannot be read any more", async () => {
    await hooks.onTokenRejected(TARGET, "no_access", meta);
    expect((await links.get(alice))?.stale).toBe(false);
    expect(told.map((n) => n.reason)).toEqual(["team_access_lost", "team_access_lost"]);
  });
});
