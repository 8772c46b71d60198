/**
 * `npx tsx bench/claim-script-ab.ts <git ref | file.lua> [--rounds 3] [--held] [--per-shard 8]`: redis-server's
 * CPU for the claim script of `<ref>` (or a claim script in a file, for trying a change to it) and of this
 * tree, alternated round by round on one private Redis: 5,000 quiet targets in 16 shards, claimed 8 per
 * shard per run (as a CPU-bound poller claims; `--per-shard` sets another count) and committed 32 at a time
 * with this tree's quiet commit.
 * Prints, per round and per script, redis-server's CPU per target (claim + commit, from /proc) and the time
 * Redis spent inside each script (`INFO commandstats`: the claim runs as EVAL, the commit as EVALSHA, so
 * that the two are told apart). The claim's keys, its first five arguments and the first two fields of each
 * reply must be the same in both (they are from 44e1458 on, where the claim record took its last form);
 * the arguments after them are left out, which every version reads as no holds (and, from SCRIPT_VERSION 8,
 * a refresh booked at every claim).
 *
 * `--held`: the steady state of a quiet poll since the held claims (issue 13): each claim holds its targets
 * (due again at once, so that the next run claims them again), books the incident refresh 30 s ahead, and
 * nothing is committed. Only scripts that take the refresh interval and holds (ARGV[6], ARGV[7] and on)
 * measure there what a poller's claim costs.
 * Not judged: the alerts bench is where the goals are.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { Redis } from "ioredis";
import { startPrivateRedis } from "../dev/local-redis";
import { commandStats, cpuMeter, fmt } from "./measure";

const SHARDS = 16;
const TARGETS = 5_000;
const perShardAt = process.argv.indexOf("--per-shard");
const PER_SHARD = perShardAt >= 0 ? Number(process.argv[perShardAt + 1]) : 8;
const HELD = process.argv.includes("--held");
/** `--held`: the incident refresh a claim books, as the scheduler's INCIDENT_REFRESH_MS. */
const REFRESH_MS = 30_000;
const COMMIT_BATCH = 32;
const RUNS_PER_ROUND = 400;
const PREFIX = "ab:";

const ref = process.argv[2];
if (!ref || ref.startsWith("--")) {
  console.error(
    "usage: npx tsx bench/claim-script-ab.ts <git ref | file.lua> [--rounds N] [--held] [--per-shard N]",
  );
  process.exit(2);
}
const roundsAt = process.argv.indexOf("--rounds");
const rounds = roundsAt >= 0 ? Number(process.argv[roundsAt + 1]) : 3;
for (const [name, value] of [
  ["--rounds", rounds],
  ["--per-shard", PER_SHARD],
] as const) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be a positive whole number`);
    process.exit(2);
  }
}

const scriptsDir = new URL("../src/store/scripts/", import.meta.url);
const claims = {
  [ref]:
    ref.endsWith(".lua") && existsSync(ref)
      ? readFileSync(ref, "utf8")
      : execFileSync("git", ["show", `${ref}:src/store/scripts/claim-n.lua`], { encoding: "utf8" }),
  "this tree": readFileSync(new URL("claim-n.lua", scriptsDir), "utf8"),
};
const commitQuiet = readFileSync(new URL("commit-quiet-n.lua", scriptsDir), "utf8");

/** Time inside the scripts (µs) and the commands they ran (Redis counts those a script runs too). */
async function scriptUs(redis: Redis): Promise<{ eval: number; evalsha: number; calls: number }> {
  const stats = await commandStats(redis);
  let calls = 0;
  for (const [name, stat] of stats) {
    if (!["eval", "evalsha", "info", "script"].includes(name)) calls += stat.calls;
  }
  return { eval: stats.get("eval")?.usec ?? 0, evalsha: stats.get("evalsha")?.usec ?? 0, calls };
}

const shardKey = (shard: number, rest: string) => `${PREFIX}{p:${shard}}:${rest}`;

async function main(): Promise<void> {
  const server = await startPrivateRedis();
  const redis = new Redis(server.url);
  try {
    const pid = server.pid;
    if (pid === undefined)
      throw new Error("needs a private redis-server of its own (its CPU is read from /proc)");
    // A quiet team's state and meta are about this long (the alerts bench's, issue 13).
    const state = "s".repeat(111);
    const meta = "m".repeat(76);
    const pipeline = redis.pipeline();
    for (let i = 0; i < TARGETS; i++) {
      const shard = i % SHARDS;
      pipeline.hset(shardKey(shard, `t:team${i}`), {
        group: `g${i}`,
        state,
        failures: "0",
        meta,
        epoch: "0",
      });
      pipeline.zadd(shardKey(shard, "due"), 0, `team${i}`);
    }
    await pipeline.exec();
    const commitSha = (await redis.script("LOAD", commitQuiet)) as string;

    let stems = 0;
    const lastStem = new Map<string, string>();
    /**
     * One claim of every shard, then its targets committed in batches (held: nothing committed, each target
     * held until the claim's own now, so due again at the next); the number of targets.
     */
    const run = async (name: string, lua: string): Promise<number> => {
      const now = Date.now();
      const stem = `w:${stems++}`;
      const keys: string[] = [];
      for (let shard = 0; shard < SHARDS; shard++)
        keys.push(shardKey(shard, "due"), shardKey(shard, "t:"), shardKey(shard, "cool:"));
      keys.push(shardKey(0, `claim:${stem}`));
      // Due again at once (the targets are claimed over and over), the lease far in the future.
      const holds = HELD ? [REFRESH_MS, SHARDS * PER_SHARD, ...Array(SHARDS * PER_SHARD).fill(0)] : [];
      const reply = (await redis.eval(
        lua,
        keys.length,
        ...keys,
        now + 1e9,
        now + 1e9 + 30_000,
        PER_SHARD,
        stem,
        lastStem.get(name) ?? "",
        ...holds,
      )) as [string, number][][];
      lastStem.set(name, stem);
      const claimed = reply.flatMap((targets, shard) =>
        targets.map(([target, epoch]) => ({ shard, target, token: `${stem}:${epoch}` })),
      );
      for (let from = 0; !HELD && from < claimed.length; from += COMMIT_BATCH) {
        const byShard = new Map<number, typeof claimed>();
        for (const c of claimed.slice(from, from + COMMIT_BATCH))
          byShard.set(c.shard, byShard.get(c.shard)?.concat(c) ?? [c]);
        const commitKeys: string[] = [];
        const args: (string | number)[] = [];
        for (const [shard, commits] of byShard) {
          commitKeys.push(shardKey(shard, "due"), shardKey(shard, "t:"));
          args.push(commits.length, ...commits.flatMap((c) => [c.target, c.token, 0, ""]));
        }
        const results = (await redis.evalsha(
          commitSha,
          commitKeys.length,
          ...commitKeys,
          ...args,
        )) as number[];
        if (results.some((r) => r !== 1)) throw new Error(`${name}: a commit was refused`);
      }
      return claimed.length;
    };

    console.log(
      `${TARGETS} targets in ${SHARDS} shards, ${PER_SHARD} claimed per shard per run, ${HELD ? "held, nothing committed" : `commits of ${COMMIT_BATCH}`}`,
    );
    for (let round = 1; round <= rounds; round++) {
      for (const [name, lua] of Object.entries(claims)) {
        for (let i = 0; i < 50; i++) await run(name, lua); // warm-up
        let targets = 0;
        const serverCpu = cpuMeter(pid);
        const in0 = await scriptUs(redis);
        for (let i = 0; i < RUNS_PER_ROUND; i++) targets += await run(name, lua);
        const in1 = await scriptUs(redis);
        const cpu = (serverCpu.seconds() * 1e6) / targets;
        console.log(
          `round ${round} ${name.padEnd(9)}: redis-server ${fmt(cpu, 1)} µs of CPU per target; inside the scripts: claim ${fmt((in1.eval - in0.eval) / targets, 1)} µs, commit ${fmt((in1.evalsha - in0.evalsha) / targets, 1)} µs; ${fmt((in1.calls - in0.calls) / targets, 2)} Redis commands per target`,
        );
      }
    }
  } finally {
    redis.disconnect();
    await server.stop();
  }
}

await main();
