/**
 * `npm run bench -- <names> --baseline <tree> [--repeats N]` (or `BENCH_BASELINE=<tree>`): each named bench
 * run from this tree and from another checkout of the project (say, a worktree of the commit before a
 * change, with its own `npm ci`), in turn, in one run: A B B A for two repeats, then again. Each run is the
 * tree's own `bench/run.ts <name>` in a child process (its own build, reference apps and goals), so the
 * two trees may differ in anything, src/ layout included; the goals are ratios to limits measured in the same
 * run, and the turns put a drift of the machine's load on both trees alike.
 *
 * Prints every run's goal lines as they come (with the load average), then per goal both trees' figures,
 * the ratio of their medians and the noise: the widest spread between one tree's own repeats. Whole outputs
 * go to test-output/bench-baseline/. Environment variables (BENCH_ROUNDS, BENCH_ALERTS_QUICK...) reach both.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { compareGoals, comparisonLines, type GoalReading, readFigures } from "./baseline-report";

const here = new URL("../", import.meta.url).pathname;

export interface BaselineOptions {
  names: string[];
  baseline: string;
  repeats: number;
  /** The tree compared with the baseline: this one unless told (a test gives another). */
  current?: string;
}

/** `--baseline <dir>` (or BENCH_BASELINE) and `--repeats N` from the bench's arguments; undefined without one. */
export function baselineOptions(
  argv: string[],
  env: NodeJS.ProcessEnv,
): Omit<BaselineOptions, "names"> | undefined {
  const flagValue = (flag: string) => {
    const at = argv.indexOf(flag);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const baseline = flagValue("--baseline") ?? env.BENCH_BASELINE;
  if (!baseline) return undefined;
  const repeats = Number(flagValue("--repeats") ?? env.BENCH_REPEATS ?? 2);
  if (!Number.isInteger(repeats) || repeats < 1)
    throw new Error(`--repeats must be a whole number of at least 1`);
  return { baseline: resolve(baseline), repeats };
}

/** The arguments left for bench names: flags and the values of --baseline and --repeats taken out. */
export function benchNames(argv: string[]): string[] {
  const names: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--baseline" || arg === "--repeats") i++;
    else if (!arg.startsWith("-")) names.push(arg);
  }
  return names;
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");

/** One tree's `bench/run.ts <name>`, its own tsx, in its own directory; resolves with the whole output. */
function runBench(tree: string, name: string, logFile: string): Promise<string> {
  const tsx = join(tree, "node_modules", ".bin", "tsx");
  if (!existsSync(tsx)) throw new Error(`${tree} has no node_modules/.bin/tsx: run npm ci there first`);
  return new Promise((done, fail) => {
    // The child runs its bench alone: BENCH_BASELINE left set would make it compare again.
    const { BENCH_BASELINE: _, ...env } = process.env;
    const child = spawn(tsx, ["bench/run.ts", name], { cwd: tree, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const take = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      for (const line of text.split("\n")) if (line.startsWith("goal ")) console.log(`    ${line}`);
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    child.on("error", fail);
    child.on("close", (code) => {
      writeFileSync(logFile, output);
      if (code === 0) done(output);
      else fail(new Error(`${name} in ${tree} exited with ${code}; its output: ${logFile}`));
    });
  });
}

export async function runAgainstBaseline({
  names,
  baseline,
  repeats,
  current = here.replace(/\/$/, ""),
}: BaselineOptions): Promise<void> {
  if (!existsSync(join(baseline, "bench", "run.ts"))) throw new Error(`${baseline} has no bench/run.ts`);
  const logs = join(here, "test-output", "bench-baseline");
  // This run's outputs only: a log left from an earlier run would read as one of its repeats.
  rmSync(logs, { recursive: true, force: true });
  mkdirSync(logs, { recursive: true });
  const trees = { this: current, baseline };
  console.log(`side by side: this tree ${trees.this} and the baseline ${baseline}, ${repeats} repeats each`);
  for (const name of names) {
    const goals: Record<keyof typeof trees, GoalReading[][]> = { this: [], baseline: [] };
    // A B, B A, A B...: each tree goes first as often as the other, so a drift of the load falls on both.
    for (let i = 0; i < repeats; i++) {
      const order: (keyof typeof trees)[] = i % 2 === 0 ? ["this", "baseline"] : ["baseline", "this"];
      for (const which of order) {
        const started = new Date().toISOString().slice(11, 19);
        console.log(
          `\n=== ${name}, ${which} tree, repeat ${i + 1} (${started} UTC, load average ${load()}) ===`,
        );
        const output = await runBench(trees[which], name, join(logs, `${name}-${which}-${i + 1}.log`));
        goals[which].push(readFigures(name, output));
        console.log(`    (done, load average ${load()})`);
      }
    }
    console.log("");
    for (const line of comparisonLines(name, compareGoals(goals.this, goals.baseline))) console.log(line);
  }
}
