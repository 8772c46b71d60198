import { Cluster, Redis } from "ioredis";

/**
 * The one place that builds the bot's Redis connection: a single server (REDIS_URL) or a Redis Cluster
 * (REDIS_CLUSTER_NODES, ioredis' Cluster client). Every store takes a RedisClient and works on both:
 * each script and pipeline stays inside one hash tag (keys.ts), SCAN walks every master
 * (redis-helpers.ts), and scripts are sent per connection (EVAL first, then EVALSHA), so a node that
 * never saw a script (a new master after a failover) gets it without a SCRIPT LOAD round.
 */
export type RedisClient = Redis | Cluster;

export interface ClusterSeed {
  host: string;
  port: number;
}

/**
 * Where the bot's data lives: parsed from the environment by config/config.ts. A single Redis carries TLS
 * (`rediss://`) and its password in the URL; a Cluster's seeds are host:port only, so its TLS and AUTH
 * are fields (REDIS_CLUSTER_TLS, REDIS_CLUSTER_USERNAME, REDIS_CLUSTER_PASSWORD). `tlsCa` is the PEM of a
 * private CA that signed Redis' certificate (REDIS_TLS_CA_FILE); without it Node's trust store decides.
 */
export type RedisTarget = Readonly<
  | { url: string; tlsCa?: string }
  | {
      clusterNodes: readonly ClusterSeed[];
      tls?: boolean;
      username?: string;
      password?: string;
      tlsCa?: string;
    }
>;

/** The TLS and AUTH options of every connection to the target (a Cluster's nodes and probes too). */
export function securityOptions(target: RedisTarget): {
  tls?: { ca?: string };
  username?: string;
  password?: string;
} {
  const ca = target.tlsCa ? { ca: target.tlsCa } : {};
  if ("url" in target) return /^rediss:/i.test(target.url) && target.tlsCa ? { tls: ca } : {};
  return {
    ...(target.tls ? { tls: ca } : {}),
    ...(target.username ? { username: target.username } : {}),
    ...(target.password ? { password: target.password } : {}),
  };
}

/** A cluster that cannot serve (no seed answers, cluster_state not ok): one line that says what to fix. */
export class RedisNotReadyError extends Error {
  override name = "RedisNotReadyError";
}

const seedName = (seed: ClusterSeed) =>
  (seed.host.includes(":") ? `[${seed.host}]` : seed.host) + `:${seed.port}`;

/** Parses `host:port,host:port` (IPv6 as `[::1]:7000`); throws a sentence naming the first bad seed. */
export function parseClusterNodes(text: string): ClusterSeed[] {
  const parts = text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) throw new Error("must list at least one host:port");
  return parts.map((part) => {
    const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^\s:[\]/]+)):(\d{1,5})$/.exec(part);
    const port = Number(match?.[3]);
    if (!match || port < 1 || port > 65535) {
      throw new Error(
        `must be host:port seeds separated by commas (e.g. 10.0.0.1:7000,10.0.0.2:7000); "${part.slice(0, 40)}" is not`,
      );
    }
    return { host: (match[1] ?? match[2])!, port };
  });
}

/**
 * How long one Redis command may wait for its answer (REDIS_COMMAND_TIMEOUT_MS). A Redis that takes a
 * command and never answers (a network path that drops replies, a server stuck on a slow script) would
 * otherwise hold the Slack request, the poll or the delivery behind it for as long as the socket lives;
 * a command also waits this long at most in the offline queue while ioredis reconnects. The bot's
 * commands and scripts each take milliseconds: 5 s is a stuck server, not a busy one.
 */
export const DEFAULT_REDIS_COMMAND_TIMEOUT_MS = 5_000;

export interface RedisClientOptions {
  connectionName?: string;
  /** ioredis `commandTimeout` of every connection (default DEFAULT_REDIS_COMMAND_TIMEOUT_MS). */
  commandTimeoutMs?: number;
}

/**
 * The bot's connection options: a command waits for at most 3 reconnects, and for at most
 * `commandTimeoutMs` (it then fails with "Command timed out"). `connectionName` (CLIENT SETNAME) names
 * every connection of the client and of its duplicate()s, which keep the timeout too: a blocking read
 * takes a connection of blockingConnection() instead.
 */
export function createRedisClient(target: RedisTarget, options: RedisClientOptions = {}): RedisClient {
  const named = options.connectionName === undefined ? {} : { connectionName: options.connectionName };
  const security = securityOptions(target);
  const perCommand = {
    maxRetriesPerRequest: 3,
    commandTimeout: options.commandTimeoutMs ?? DEFAULT_REDIS_COMMAND_TIMEOUT_MS,
    ...named,
    ...security,
  };
  if ("url" in target) return new Redis(target.url, { enableReadyCheck: true, ...perCommand });
  return new Cluster(
    target.clusterNodes.map((seed) => ({ host: seed.host, port: seed.port })),
    { enableReadyCheck: true, scaleReads: "master", redisOptions: perCommand },
  );
}

/**
 * A connection of its own for commands that block up to `blockMs` (XREADGROUP BLOCK): `commandTimeout`
 * counts from the moment a command is sent, so the duplicate's is the client's plus `blockMs`; with the
 * client's own, an empty stream would look like a stuck Redis.
 */
export function blockingConnection(redis: RedisClient, blockMs: number): RedisClient {
  if (redis instanceof Cluster) {
    const redisOptions = redis.options.redisOptions ?? {};
    return redis.duplicate([], {
      redisOptions: { ...redisOptions, commandTimeout: extended(redisOptions.commandTimeout, blockMs) },
    });
  }
  return redis.duplicate({ commandTimeout: extended(redis.options.commandTimeout, blockMs) });
}

const extended = (timeoutMs: number | undefined, blockMs: number) =>
  timeoutMs === undefined ? undefined : timeoutMs + blockMs;

/**
 * Asks each seed for CLUSTER INFO, then waits for the Cluster client's own ready check (at most
 * timeoutMs). Throws RedisNotReadyError when no seed answers, when a seed is not in cluster mode, or when
 * the cluster does not say `cluster_state:ok` (slots unassigned, a master down without a replica).
 */
export async function connectRedis(
  target: RedisTarget,
  timeoutMs = 10_000,
  options: Pick<RedisClientOptions, "commandTimeoutMs"> = {},
): Promise<RedisClient> {
  if ("url" in target) return createRedisClient(target, options);
  await checkClusterSeeds(target.clusterNodes, Math.min(timeoutMs, 3000), securityOptions(target));
  const cluster = createRedisClient(target, options) as Cluster;
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new RedisNotReadyError(
              `Redis Cluster (${target.clusterNodes.map(seedName).join(", ")}) was not ready within ${timeoutMs} ms`,
            ),
          ),
        timeoutMs,
      );
      cluster.once("ready", () => {
        clearTimeout(timer);
        resolve();
      });
    });
  } catch (error) {
    cluster.disconnect();
    throw error;
  }
  return cluster;
}

async function checkClusterSeeds(
  seeds: readonly ClusterSeed[],
  timeoutMs: number,
  security: ReturnType<typeof securityOptions>,
): Promise<void> {
  const answers = await Promise.all(seeds.map((seed) => clusterInfo(seed, timeoutMs, security)));
  if (answers.some((a) => a.state === "ok")) return;
  const names = seeds.map(seedName).join(", ");
  const notCluster = answers.findIndex((a) => a.error?.includes("cluster support disabled"));
  if (notCluster >= 0) {
    throw new RedisNotReadyError(
      `REDIS_CLUSTER_NODES: ${seedName(seeds[notCluster]!)} is not a cluster node (cluster-enabled no); use REDIS_URL for a single Redis`,
    );
  }
  const answered = answers.findIndex((a) => a.state !== undefined);
  if (answered >= 0) {
    throw new RedisNotReadyError(
      `Redis Cluster is not ready: ${seedName(seeds[answered]!)} reports cluster_state:${answers[answered]!.state} (are all 16384 slots assigned and every master up?)`,
    );
  }
  throw new RedisNotReadyError(
    `no seed of REDIS_CLUSTER_NODES answered (${names}): ${answers[0]?.error ?? "no answer"}`,
  );
}

/** One seed's cluster_state, or why it did not say (a plain connection: no retries, no offline queue). */
async function clusterInfo(
  seed: ClusterSeed,
  timeoutMs: number,
  security: ReturnType<typeof securityOptions>,
): Promise<{ state?: string; error?: string }> {
  const probe = new Redis({
    ...security,
    host: seed.host,
    port: seed.port,
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  // connect() itself only says "Connection is closed."; the socket's own error says why (ECONNREFUSED).
  let socketError: Error | undefined;
  probe.on("error", (error: Error) => {
    socketError ??= error;
  });
  try {
    await probe.connect();
    const info = String(await probe.cluster("INFO"));
    return { state: /^cluster_state:(\w+)/m.exec(info)?.[1] ?? "unknown" };
  } catch (error) {
    return { error: (socketError ?? (error as Error)).message || String(error) };
  } finally {
    probe.disconnect();
  }
}

/** The servers that hold keys: the client itself, or every master of a cluster (as last seen). */
export function mastersOf(redis: RedisClient): Redis[] {
  return redis.isCluster ? (redis as Cluster).nodes("master") : [redis as Redis];
}
