import { describe, expect, it } from "vitest";
import { keyspace } from "../../../src/store/keys";
import { UnfurlConsentStore, type UnfurlPrompt } from "../../../src/store/unfurl-consent-store";
import { UnfurlStore } from "../../../src/store/unfurl-store";
import { testRedis } from "../../support/redis";

const { redis, prefix } = testRedis();
const keys = keyspace(prefix);
const store = new UnfurlConsentStore({ redis, keys });
const alice = { teamId: "T1", userId: "U0ALICE" };
const aliceElsewhere = { teamId: "T2", userId: "U0ALICE" };

const prompt: UnfurlPrompt = {
  channel: "C0GENERAL",
  ts: "1.000001",
  links: [{ url: "https://uptime.example.com/monitors/7", target: { kind: "monitor", monitorId: "7" } }],
  postedBy: alice,
  kind: "channel",
  external: false,
};

describe("UnfurlConsentStore", () => {
  it("keeps Show and Not here per conversation, and Never everywhere until switched off", async () => {
    expect(await store.choice(alice, "C0GENERAL")).toBeNull();
    await store.choose(alice, "C0GENERAL", "show");
    await store.choose(alice, "C0QUIET", "not-here");
    expect(await store.choice(alice, "C0GENERAL")).toBe("show");
    expect(await store.choice(alice, "C0QUIET")).toBe("not-here");
    expect(await store.choice(alice, "C0OTHER")).toBeNull();
    // The same user id in another workspace is another person.
    expect(await store.choice(aliceElsewhere, "C0GENERAL")).toBeNull();

    await store.choose(alice, "C0OTHER", "never");
    expect(await store.choice(alice, "C0GENERAL")).toBe("never");
    expect(await store.never(alice)).toBe(true);
    await store.setNever(alice, false);
    // Turned back on: each conversation's own answer again.
    expect(await store.choice(alice, "C0GENERAL")).toBe("show");
    expect(await store.choice(alice, "C0OTHER")).toBeNull();
  });

  it("the Slack Connect switch is per workspace and off by default", async () => {
    expect(await store.externalAllowed({ teamId: "T1" })).toBe(false);
    await store.setExternalAllowed({ teamId: "T1" }, true);
    expect(await store.externalAllowed({ teamId: "T1" })).toBe(true);
    expect(await store.externalAllowed({ teamId: "T2" })).toBe(false);
    await store.setExternalAllowed({ teamId: "T1" }, false);
    expect(await store.externalAllowed({ teamId: "T1" })).toBe(false);
  });

  it("a question is taken once, with a TTL, and an unreadable one is no question", async () => {
    await store.savePrompt("a".repeat(24), prompt, 60);
    const ttl = await redis.ttl(keys.unfurlPrompt("a".repeat(24)));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);
    expect(await store.takePrompt("a".repeat(24))).toEqual(prompt);
    expect(await store.takePrompt("a".repeat(24))).toBeNull();
    await redis.set(keys.unfurlPrompt("b".repeat(24)), "{not json");
    expect(await store.takePrompt("b".repeat(24))).toBeNull();
  });

  it("UnfurlStore drops one card's record and keeps the others", async () => {
    const unfurls = new UnfurlStore({ redis, keys });
    const record = (ts: string) => ({
      channel: "C0GENERAL",
      ts,
      url: "https://uptime.example.com/incidents/9",
      target: { kind: "incident" as const, incidentId: "9" },
      postedBy: alice,
      kind: "channel" as const,
      external: false,
    });
    await unfurls.remember("9", record("1.000001"), 3600);
    await unfurls.remember("9", record("1.000002"), 3600);
    await unfurls.forgetOne("9", record("1.000001"));
    expect((await unfurls.list("9")).map((r) => [r.ts, r.kind, r.external])).toEqual([
      ["1.000002", "channel", false],
    ]);
  });
});
