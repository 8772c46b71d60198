import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  freePort,
  RedisPortTakenError,
  redisAnswers,
  resolveRedis,
  spawnRedisServer,
  startPrivateRedis,
} from "../../dev/local-redis";
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

  // A free port is a guess another process may take first: the clean-clone CI once lost a cluster test to
  // "redis-server did not start on port N" with no reason given.
  it("says why a server did not start, and tells a taken port apart so that its caller can choose another", async () => {
    const holder = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => holder.listen(port, "127.0.0.1", resolve));
    const dir = mkdtempSync(join(tmpdir(), "uptime-chatops-taken-"));
    try {
      const failure = await spawnRedisServer(port, dir).catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(RedisPortTakenError);
      expect(String(failure)).toMatch(new RegExp(`port ${port}: .*Address already in use`, "i"));
    } finally {
      holder.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
