import { describe, expect, it } from "vitest";
import { keyspace } from "../../../src/store/keys";
import { type UnfurlRecord, UnfurlStore } from "../../../src/store/unfurl-store";
import { testRedis } from "../../support/redis";

const { redis, prefix } = testRedis();
const keys = keyspace(prefix);
const store = new UnfurlStore({ redis, keys });

function record(ts: string, overrides: Partial<UnfurlRecord> = {}): UnfurlRecord {
  return {
    channel: "C0GENERAL",
    ts,
    url: "https://uptime.example.com/incidents/42",
    target: { kind: "incident", incidentId: "42" },
    postedBy: { teamId: "T1", userId: "U0ALICE" },
    ...overrides,
  };
}

describe("UnfurlStore", () => {
  it("keeps an incident's unfurls for the time given, one per message and URL", async () => {
    await store.remember("42", record("1.000001"), 3600);
    await store.remember("42", record("1.000001"), 3600);
    await store.remember("42", record("1.000002", { postedBy: { teamId: "T1", userId: "U0BOB" } }), 3600);
    const listed = await store.list("42");
    expect(listed.map((r) => [r.ts, r.postedBy.userId]).sort()).toEqual([
      ["1.000001", "U0ALICE"],
      ["1.000002", "U0BOB"],
    ]);
    expect(await store.list("43")).toEqual([]);
    const ttl = await redis.ttl(keys.unfurls("42"));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(3600);
    await store.forget("42");
    expect(await store.list("42")).toEqual([]);
  });

  it("skips a record it cannot read, and keeps at most 50 per incident", async () => {
    await redis.hset(keys.unfurls("7"), "broken", "{not json");
    for (let i = 0; i < 55; i++) await store.remember("7", record(`2.${String(i).padStart(6, "0")}`), 60);
    const listed = await store.list("7");
    // 49 new ones fit beside the unreadable field; the rest were refused, and nothing threw.
    expect(listed).toHaveLength(49);
    expect(listed.every((r) => r.channel === "C0GENERAL")).toBe(true);
  });
});
