import { type ChildProcess, execFile } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { Redis } from "ioredis";
import { freePort, RedisPortTakenError, spawnRedisServer } from "../../dev/local-redis";
import type { ClusterSeed } from "../../src/store/redis-connection";

const run = promisify(execFile);

export interface ClusterNode {
  port: number;
  /** The node's current process (a restart replaces it). */
  pid(): number;
}

export interface RedisClusterOptions {
  /** Masters (default 3: the smallest cluster `redis-cli --cluster create` accepts). */
  masters?: number;
  /** Replicas per master (default 0); with 1, a master failover can be tested. */
  replicasPerMaster?: number;
  /**
   * Append-only file with `appendfsync always` (default false): a node restarted with restartNode() keeps
   * every acknowledged write, as a deployed Redis would.
   */
  persistent?: boolean;
}

export interface RedisCluster {
  nodes: ClusterNode[];
  /** The seed list as REDIS_CLUSTER_NODES takes it: every node, `127.0.0.1:port,...`. */
  seeds: string;
  seedList: ClusterSeed[];
  /** The ports of the masters and of the replicas right now (CLUSTER NODES of a live node). */
  roles(): Promise<{ masters: number[]; replicas: { port: number; masterPort: number }[] }>;
  /** `CLUSTER FAILOVER` sent to a replica; resolves when it is a master and the cluster is ok again. */
  failover(replicaPort: number, mode?: "" | "FORCE"): Promise<void>;
  /** The port of the master serving a key's slot, and of its replicas (CLUSTER NODES of a live node). */
  ownersOf(key: string): Promise<{ master: number; replicas: number[] }>;
  /** SIGKILL one node (an unplanned master loss: its replica takes over after cluster-node-timeout). */
  killNode(port: number): Promise<void>;
  /** Waits until every live node's view names this node a master, with the cluster ok again. */
  waitUntilMaster(port: number, timeoutMs?: number): Promise<void>;
  /** SIGTERM one node and start it again on the same port and directory; resolves with the time away (ms). */
  restartNode(port: number): Promise<number>;
  /** Waits until every live node reports cluster_state:ok and knows every node. */
  waitUntilOk(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** One command to one node over a short-lived connection (no cluster routing, no retries). */
export async function nodeCommand(port: number, ...args: string[]): Promise<string> {
  const redis = new Redis({
    port,
    host: "127.0.0.1",
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on("error", () => {});
  try {
    await redis.connect();
    const [command, ...rest] = args;
    return String(await redis.call(command!, ...rest));
  } finally {
    redis.disconnect();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A real Redis Cluster of `redis-server` processes on free ports (cluster mode on, one temporary
 * directory per node), created with `redis-cli --cluster create ... --cluster-yes`, for tests that run
 * the stores, the scripts and the bot on a cluster. Each node's bus port is chosen free too
 * (`cluster-port`), since port + 10000 may be taken or above 65535.
 */
export async function startRedisCluster(options: RedisClusterOptions = {}): Promise<RedisCluster> {
  const masters = options.masters ?? 3;
  const replicas = options.replicasPerMaster ?? 0;
  const root = mkdtempSync(join(tmpdir(), "uptime-chatops-cluster-"));
  const persistence = options.persistent
    ? ["--appendonly", "yes", "--appendfsync", "always"]
    : ["--appendonly", "no"];
  const processes = new Map<number, ChildProcess>();
  const argsOf = new Map<number, string[]>();

  const startNode = async (port: number) => {
    processes.set(port, await spawnRedisServer(port, join(root, String(port)), argsOf.get(port)!));
  };
  const stopNode = async (port: number) => {
    const child = processes.get(port);
    processes.delete(port);
    if (!child || child.exitCode !== null) return;
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    await exited;
  };
  const close = async () => {
    await Promise.all([...processes.keys()].map(stopNode));
    rmSync(root, { recursive: true, force: true });
  };

  const ports: number[] = [];
  const taken = new Set<number>();
  // A free port is a guess: another test may bind it before the node does, and two guesses may agree
  // (a node's port and another's bus port). Every port and bus port here is distinct, and a node whose
  // port was taken meanwhile is started again on new ones.
  const choosePorts = async () => {
    for (;;) {
      const port = await freePort();
      const bus = await freePort();
      if (taken.has(port) || taken.has(bus) || port === bus) continue;
      taken.add(port);
      taken.add(bus);
      return { port, bus };
    }
  };
  const argsFor = (bus: number) => [
    "--cluster-enabled",
    "yes",
    "--cluster-config-file",
    "nodes.conf",
    "--cluster-port",
    String(bus),
    "--cluster-node-timeout",
    "3000",
    ...persistence,
  ];
  const startNewNode = async (): Promise<number> => {
    for (let attempt = 1; ; attempt++) {
      const { port, bus } = await choosePorts();
      mkdirSync(join(root, String(port)));
      argsOf.set(port, argsFor(bus));
      try {
        await startNode(port);
        return port;
      } catch (error) {
        argsOf.delete(port);
        if (!(error instanceof RedisPortTakenError) || attempt >= 3) throw error;
      }
    }
  };
  try {
    const count = masters * (1 + replicas);
    ports.push(...(await Promise.all(Array.from({ length: count }, startNewNode))));
    await run(
      "redis-cli",
      [
        "--cluster",
        "create",
        ...ports.map((p) => `127.0.0.1:${p}`),
        "--cluster-replicas",
        String(replicas),
        "--cluster-yes",
      ],
      { timeout: 30_000 },
    );
  } catch (error) {
    await close();
    throw error;
  }

  const live = () => [...processes.keys()];
  const waitUntilOk = async (timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const infos = await Promise.all(live().map((p) => nodeCommand(p, "CLUSTER", "INFO").catch(() => "")));
      const ok = infos.every(
        (info) =>
          /cluster_state:ok/.test(info) && new RegExp(`cluster_known_nodes:${ports.length}\\b`).test(info),
      );
      if (ok) return;
      if (Date.now() > deadline)
        throw new Error(`the Redis Cluster on ${ports.join(",")} is not ok: ${infos[0]}`);
      await sleep(100);
    }
  };

  const roles = async () => {
    const text = await firstAnswer(live(), "CLUSTER", "NODES");
    const byId = new Map<string, number>();
    const rows = text
      .trim()
      .split("\n")
      .map((line) => line.split(" "));
    for (const [id, address] of rows) byId.set(id!, Number(address!.split("@")[0]!.split(":")[1]));
    const result = { masters: [] as number[], replicas: [] as { port: number; masterPort: number }[] };
    for (const [id, , flags, masterId] of rows) {
      const port = byId.get(id!)!;
      if (flags!.includes("fail")) continue;
      if (flags!.includes("master")) result.masters.push(port);
      else result.replicas.push({ port, masterPort: byId.get(masterId!)! });
    }
    return result;
  };

  const waitUntilMaster = async (port: number, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    // Taken over once every live node's view names it a master (gossip spreads the new epoch).
    const isMasterIn = (nodes: string) =>
      nodes.split("\n").some((line) => line.includes(`:${port}@`) && / (myself,)?master /.test(line));
    for (;;) {
      const views = await Promise.all(live().map((p) => nodeCommand(p, "CLUSTER", "NODES").catch(() => "")));
      const mastersIn = (nodes: string) =>
        nodes.split("\n").filter((l) => / (myself,)?master /.test(l)).length;
      if (views.every((v) => isMasterIn(v) && mastersIn(v) === masters)) break;
      if (Date.now() > deadline) throw new Error(`replica ${port} did not become a master`);
      await sleep(50);
    }
    await waitUntilOk(Math.max(1, deadline - Date.now()));
  };

  try {
    await waitUntilOk();
    // Replicas count only once they have synced with their master.
    if (replicas > 0) await waitForReplicas(live(), 30_000);
  } catch (error) {
    await close();
    throw error;
  }

  return {
    nodes: ports.map((port) => ({ port, pid: () => processes.get(port)?.pid ?? -1 })),
    seeds: ports.map((p) => `127.0.0.1:${p}`).join(","),
    seedList: ports.map((port) => ({ host: "127.0.0.1", port })),
    roles,
    waitUntilOk,
    async failover(replicaPort, mode = "") {
      await nodeCommand(replicaPort, "CLUSTER", "FAILOVER", ...(mode ? [mode] : []));
      await waitUntilMaster(replicaPort);
    },
    waitUntilMaster,
    async ownersOf(key) {
      const slot = Number(await firstAnswer(live(), "CLUSTER", "KEYSLOT", key));
      const rows = (await firstAnswer(live(), "CLUSTER", "NODES"))
        .trim()
        .split("\n")
        .map((line) => line.split(" "));
      const portOf = (row: string[]) => Number(row[1]!.split("@")[0]!.split(":")[1]);
      const master = rows.find(
        (row) =>
          / ?master/.test(row[2]!) &&
          !row[2]!.includes("fail") &&
          row.slice(8).some((range) => {
            const [from, to = from] = range.split("-").map(Number);
            return slot >= from! && slot <= to!;
          }),
      );
      if (!master) throw new Error(`no master serves slot ${slot}`);
      return {
        master: portOf(master),
        replicas: rows.filter((row) => row[3] === master[0]).map(portOf),
      };
    },
    async killNode(port) {
      const child = processes.get(port);
      processes.delete(port);
      if (!child || child.exitCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGKILL");
      await exited;
    },
    async restartNode(port) {
      const t0 = Date.now();
      await stopNode(port);
      await startNode(port);
      return Date.now() - t0;
    },
    close,
  };
}

async function firstAnswer(ports: number[], ...args: string[]): Promise<string> {
  let last: unknown;
  for (const port of ports) {
    try {
      return await nodeCommand(port, ...args);
    } catch (error) {
      last = error;
    }
  }
  throw last;
}

async function waitForReplicas(ports: number[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const infos = await Promise.all(ports.map((p) => nodeCommand(p, "INFO", "replication")));
    const synced = infos.every((info) => /^role:master/m.test(info) || /^master_link_status:up/m.test(info));
    if (synced) return;
    if (Date.now() > deadline) throw new Error("the cluster's replicas did not sync with their masters");
    await sleep(100);
  }
}
