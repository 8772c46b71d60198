// Redis over TLS with a password, as README "Running in production" configures it: one Redis
// (`rediss://:password@host`) and a Redis Cluster (REDIS_CLUSTER_NODES with REDIS_CLUSTER_TLS and
// REDIS_CLUSTER_PASSWORD), both with a private CA (REDIS_TLS_CA_FILE). Real redis-servers (Debian's is built
// with TLS) with a CA and certificate made here by openssl; only 127.0.0.1.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../dev/local-redis";
import { loadConfig } from "../../src/config/config";
import { loadRedisConfig } from "../../src/config/redis-config";
import { silentLogger } from "../../src/lib/logger";
import {
  checkEvictionPolicy,
  EvictingRedisError,
  refuseEvictingRedis,
} from "../../src/store/eviction-policy";
import { connectRedis, RedisNotReadyError } from "../../src/store/redis-connection";

const PASSWORD = "tls test password";

describe("Redis over TLS with a password", () => {
  let dir: string;
  let caFile: string;
  const servers: ChildProcess[] = [];
  let single: number;
  let clusterPort: number;

  /** A redis-server speaking TLS only (`--port 0`), requiring PASSWORD. */
  async function startTlsRedis(port: number, extra: string[], name: string): Promise<void> {
    const child = spawn(
      "redis-server",
      [
        "--port",
        "0",
        "--tls-port",
        String(port),
        "--bind",
        "127.0.0.1",
        "--tls-cert-file",
        join(dir, "server.pem"),
        "--tls-key-file",
        join(dir, "server.key"),
        "--tls-ca-cert-file",
        caFile,
        "--tls-auth-clients",
        "no",
        "--requirepass",
        PASSWORD,
        "--dir",
        mkdtempSync(join(dir, `${name}-`)),
        "--save",
        "",
        "--appendonly",
        "no",
        ...extra,
      ],
      { stdio: "ignore" },
    );
    servers.push(child);
    const deadline = Date.now() + 10_000;
    for (;;) {
      const probe = new Redis({
        host: "127.0.0.1",
        port,
        password: PASSWORD,
        tls: { ca: readFileSync(caFile, "utf8") },
        lazyConnect: true,
        retryStrategy: () => null,
        maxRetriesPerRequest: 0,
      });
      probe.on("error", () => {});
      try {
        await probe.connect();
        if ((await probe.ping()) === "PONG") {
          if (extra.includes("--cluster-enabled")) {
            await probe.call("CLUSTER", "ADDSLOTSRANGE", "0", "16383");
            // The node says cluster_state:ok a moment after it owns every slot.
            while (!/cluster_state:ok/.test(String(await probe.call("CLUSTER", "INFO")))) {
              if (Date.now() > deadline) throw new Error(`${name}: cluster_state not ok`);
              await new Promise((resolve) => setTimeout(resolve, 100));
            }
          }
          return;
        }
      } catch {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${name} did not start`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      } finally {
        probe.disconnect();
      }
    }
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "uc-redis-tls-"));
    caFile = join(dir, "ca.pem");
    const openssl = (args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "pipe" });
    openssl([
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=uc test CA",
      "-keyout",
      "ca.key",
      "-out",
      "ca.pem",
    ]);
    openssl([
      "req",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-subj",
      "/CN=127.0.0.1",
      "-keyout",
      "server.key",
      "-out",
      "server.csr",
    ]);
    writeFileSync(join(dir, "san.ext"), "subjectAltName=IP:127.0.0.1\n");
    openssl([
      "x509",
      "-req",
      "-in",
      "server.csr",
      "-CA",
      "ca.pem",
      "-CAkey",
      "ca.key",
      "-CAcreateserial",
      "-days",
      "1",
      "-extfile",
      "san.ext",
      "-out",
      "server.pem",
    ]);
    single = await freePort();
    // The cluster bus listens on the port + 10000.
    do clusterPort = await freePort();
    while (clusterPort > 55_000);
    await startTlsRedis(single, [], "single");
    await startTlsRedis(
      clusterPort,
      [
        "--cluster-enabled",
        "yes",
        // A one-node cluster knows no address of its own to announce in CLUSTER SLOTS until told.
        "--cluster-announce-ip",
        "127.0.0.1",
        "--cluster-config-file",
        "nodes.conf",
        "--tls-cluster",
        "yes",
        "--masterauth",
        PASSWORD,
      ],
      "cluster",
    );
  }, 60_000);
  afterAll(() => {
    for (const child of servers) child.kill("SIGKILL");
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const url = () => `rediss://:${encodeURIComponent(PASSWORD)}@127.0.0.1:${single}`;

  it("works with rediss:// and the password in REDIS_URL, trusting the CA of REDIS_TLS_CA_FILE", async () => {
    const { redis: target } = loadRedisConfig({ REDIS_URL: url(), REDIS_TLS_CA_FILE: caFile });
    const redis = await connectRedis(target);
    try {
      await redis.set("uc-tls:single", "sealed");
      expect(await redis.get("uc-tls:single")).toBe("sealed");
      // The bot's start-up check reads the policy through the same connection: Redis' default passes.
      expect(await checkEvictionPolicy(redis)).toEqual({ unreadable: [] });
    } finally {
      redis.disconnect();
    }
  });

  it("refuses a server certificate no trusted CA signed, and a wrong password", async () => {
    const untrusted = loadRedisConfig({ REDIS_URL: url() }).redis;
    const noCa = await connectRedis(untrusted);
    noCa.on("error", () => {});
    await expect(noCa.ping()).rejects.toThrow();
    noCa.disconnect();
    const wrong = await connectRedis(
      loadRedisConfig({
        REDIS_URL: `rediss://:wrong@127.0.0.1:${single}`,
        REDIS_TLS_CA_FILE: caFile,
      }).redis,
    );
    wrong.on("error", () => {});
    await expect(wrong.ping()).rejects.toThrow(/WRONGPASS|NOAUTH|invalid password/i);
    wrong.disconnect();
  });

  it("refuses an evicting maxmemory-policy with one line, and passes noeviction", async () => {
    const redis = await connectRedis(loadRedisConfig({ REDIS_URL: url(), REDIS_TLS_CA_FILE: caFile }).redis);
    try {
      for (const policy of ["allkeys-lru", "volatile-ttl"]) {
        await redis.config("SET", "maxmemory-policy", policy);
        const refused = refuseEvictingRedis(redis, silentLogger);
        await expect(refused).rejects.toBeInstanceOf(EvictingRedisError);
        await expect(refused).rejects.toThrow(
          `Redis at 127.0.0.1:${single} has maxmemory-policy ${policy}, which evicts keys (links, subscriptions, outbox entries) silently; set maxmemory-policy noeviction`,
        );
      }
      await redis.config("SET", "maxmemory-policy", "noeviction");
      await expect(refuseEvictingRedis(redis, silentLogger)).resolves.toBeUndefined();
    } finally {
      await redis.config("SET", "maxmemory-policy", "noeviction");
      redis.disconnect();
    }
  });

  it("works on a Redis Cluster with REDIS_CLUSTER_TLS and REDIS_CLUSTER_PASSWORD", async () => {
    const env = {
      SLACK_BOT_TOKEN: "xoxb-tls",
      SLACK_SIGNING_SECRET: "secret",
      UPTIME_API_URL: "http://127.0.0.1:9",
      TOKEN_ENCRYPTION_KEY: `k1:${Buffer.alloc(32, 7).toString("base64")}`,
      REDIS_CLUSTER_NODES: `127.0.0.1:${clusterPort}`,
      REDIS_CLUSTER_TLS: "true",
      REDIS_CLUSTER_PASSWORD: PASSWORD,
      REDIS_TLS_CA_FILE: caFile,
    };
    const target = loadConfig(env).redis;
    expect(target).toMatchObject({ tls: true, password: PASSWORD });
    const cluster = await connectRedis(target, 10_000);
    try {
      // Keys in different slots: each goes to the node that owns it, over TLS with the password.
      for (const key of ["uc-tls:a", "uc-tls:b", "uc-tls:{p:3}:c"]) {
        await cluster.set(key, key.toUpperCase());
        expect(await cluster.get(key)).toBe(key.toUpperCase());
      }
      expect(await checkEvictionPolicy(cluster)).toEqual({ unreadable: [] });
    } finally {
      cluster.disconnect();
    }
    // Without the password the seed check says why in one line.
    await expect(
      connectRedis(loadConfig({ ...env, REDIS_CLUSTER_PASSWORD: "" }).redis, 3000),
    ).rejects.toThrow(RedisNotReadyError);
  }, 30_000);

  it("says which setting is wrong: an unreadable CA file, a REDIS_CLUSTER_TLS that is not a boolean", () => {
    expect(() => loadRedisConfig({ REDIS_URL: url(), REDIS_TLS_CA_FILE: join(dir, "missing.pem") })).toThrow(
      /^REDIS_TLS_CA_FILE could not be read: ENOENT/,
    );
    expect(() => loadRedisConfig({ REDIS_URL: url(), REDIS_TLS_CA_FILE: join(dir, "san.ext") })).toThrow(
      /^REDIS_TLS_CA_FILE is not a PEM certificate/,
    );
    expect(() =>
      loadRedisConfig({ REDIS_CLUSTER_NODES: "127.0.0.1:7000", REDIS_CLUSTER_TLS: "maybe" }),
    ).toThrow('REDIS_CLUSTER_TLS must be true or false, got "maybe"');
  });
});
