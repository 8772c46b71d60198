import { describe, expect, it } from "vitest";
import { redisAnswers, resolveRedis, startPrivateRedis } from "../../dev/local-redis";
import { testRedis } from "../support/redis";

describe("local Redis resolution", () => {
  it("gives each test its own namespace on the run's Redis", async () => {
    const a = testRedis();
    const b = testRedis();
    expect(a.prefix).not.toBe(b.prefix);
    await a.redis.set(`${a.prefix}k`, "1");
    expect(await b.redis.get(`${b.prefix}k`)).toBeNull();
    expect(await a.redis.get(`${a.prefix}k`)).toBe("1");
  });

  it("starts a private redis-server when the URL does not answer, and stops it", async () => {
    expect(await redisAnswers("redis://127.0.0.1:1", 300)).toBe(false);
    const local = await resolveRedis("redis://127.0.0.1:1");
    expect(local.owned).toBe(true);
    expect(await redisAnswers(local.url)).toBe(true);
    await local.stop();
    expect(await redisAnswers(local.url, 300)).toBe(false);
  });

  it("uses a URL that answers without starting anything", async () => {
    const own = await startPrivateRedis();
    const reused = await resolveRedis(own.url);
    expect(reused.owned).toBe(false);
    expect(reused.url).toBe(own.url);
    await own.stop();
  });
});
