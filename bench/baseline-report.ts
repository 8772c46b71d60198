/**
 * The side-by-side report of `npm run bench -- <names> --baseline <tree>` (bench/baseline.ts): the goal lines
 * each run printed, per goal the values of both trees over the repeats, and whether the difference between
 * them stands out of the noise the repeats of one tree show. Pure, so that the verdict is tested.
 */

/** One `goal <id>: <measured> (<target>) PASS|FAIL` line of a bench's output, read back. */
export interface GoalReading {
  id: string;
  /** The first number of the measured part: the goal's figure (a ratio, ms, MB...). */
  value: number;
  pass: boolean;
}

const GOAL_LINE = /^goal ([\w-]+): (.*) (PASS|FAIL)\s*$/;

/** Every goal line of a run's output, in order; other lines are ignored. */
export function readGoals(output: string): GoalReading[] {
  const goals: GoalReading[] = [];
  for (const line of output.split("\n")) {
    const m = GOAL_LINE.exec(line.trim());
    if (!m) continue;
    const number = /-?\d+(?:\.\d+)?/.exec(m[2]!);
    goals.push({ id: m[1]!, value: number ? Number(number[0]) : Number.NaN, pass: m[3] === "PASS" });
  }
  return goals;
}

/** The first number a pattern captures in a run's output, or NaN. */
const captured = (output: string, pattern: RegExp) => {
  const m = pattern.exec(output);
  return m ? Number(m[1]) : Number.NaN;
};

/**
 * The commands goals like for like across versions of the bench. Since the goals' floor became the floor +
 * shares app, `app-cpu-vs-floor` and `commands-vs-floor` divide by it; before (789a6bc and older) they divided
 * by the bare floor and printed the floor + shares ratios in a line of their own ("the bot 1.25 x its CPU and
 * 1.36 x its p50"). Read either way, each figure below means the same in both trees.
 */
function commandsFigures(output: string): GoalReading[] {
  const goals = readGoals(output);
  const goal = (id: string) => goals.find((g) => g.id === id);
  const againstShares = /goal app-cpu-vs-floor: [^\n]*\/ floor \+ shares/.test(output);
  const cpuVsShares = againstShares
    ? (goal("app-cpu-vs-floor")?.value ?? Number.NaN)
    : captured(output, /the bot ([\d.]+) x its CPU and [\d.]+ x its p50/);
  const p50VsShares = againstShares
    ? (goal("commands-vs-floor")?.value ?? Number.NaN)
    : captured(output, /the bot [\d.]+ x its CPU and ([\d.]+) x its p50/);
  const cpuVsBare = againstShares
    ? captured(output, /goal app-cpu-vs-floor: [^\n]*\(([\d.]+) x the bare floor's/)
    : (goal("app-cpu-vs-floor")?.value ?? Number.NaN);
  const figures: GoalReading[] = [
    { id: "app-cpu-vs-floor (bot / floor + shares CPU)", value: cpuVsShares, pass: cpuVsShares <= 1.15 },
    { id: "commands-vs-floor (bot / floor + shares p50)", value: p50VsShares, pass: p50VsShares <= 1.1 },
    { id: "app-cpu vs the bare floor (not judged)", value: cpuVsBare, pass: true },
    {
      id: "bot CPU per command, ms (not judged)",
      value: captured(output, /CPU per command: bot ([\d.]+) ms/),
      pass: true,
    },
  ];
  // The RSS in MB: older trees judge it in MB, newer ones as a ratio to the floor app's of the same run.
  const rss = goal("bot-rss");
  const rssMb = captured(output, /goal bot-rss: [^\n]*?([\d.]+) MB at the end/);
  const rssFigure = rss ? [{ ...rss, id: "bot-rss, MB", value: rssMb }] : [];
  return [...figures, ...goals.filter((g) => g.id === "ack-p99"), ...rssFigure];
}

/**
 * The alerts bench's goal lines, or, run quick (BENCH_ALERTS_QUICK, which judges no goal), the figures its
 * quick line and its one poller print: the CPU-bound ratio to the raw loop, the poller's CPU per poll and per
 * raw GET, and its RSS.
 */
function alertsFigures(output: string): GoalReading[] {
  const goals = readGoals(output);
  if (goals.length) return goals;
  const info = (id: string, value: number) => ({ id, value, pass: true });
  const perPoll = captured(output, /^ {2}pid \d+: .*\(([\d.]+) µs per poll\)/m);
  const rawPerGet = captured(output, /the limit, the mean of both: [\d.]+ GET\/s, ([\d.]+) µs per GET/);
  return [
    info(
      "quick: quiet polls/s / raw GET/s",
      captured(output, /quick: quiet polls\/s \/ raw GET\/s = ([\d.]+)/),
    ),
    info(
      "quick: CPU per poll / raw CPU per GET",
      captured(output, /quick: CPU per poll \/ raw CPU per GET = ([\d.]+)/),
    ),
    info("poller CPU per poll, µs", perPoll),
    info("poller CPU per poll / raw CPU per GET", Number((perPoll / rawPerGet).toFixed(2))),
    info("poller RSS, MB", captured(output, /^ {2}pid \d+: .*RSS ([\d.]+) MB/m)),
  ].filter((f) => !Number.isNaN(f.value));
}

/** What a run of `bench` printed, as figures comparable across versions of the bench (its goal lines otherwise). */
export function readFigures(bench: string, output: string): GoalReading[] {
  if (bench === "commands") return commandsFigures(output);
  if (bench === "alerts") return alertsFigures(output);
  return readGoals(output);
}

export interface GoalComparison {
  id: string;
  current: number[];
  baseline: number[];
  currentMedian: number;
  baselineMedian: number;
  /** current median / baseline median. */
  ratio: number;
  /**
   * The noise: the widest spread (max - min) of either tree's own repeats, as a share of its median.
   * NaN with fewer than two repeats of a tree: one run shows no noise.
   */
  noise: number;
  /** "within noise", "outside noise" or "no noise figure" (fewer than two repeats of a tree). */
  verdict: "within noise" | "outside noise" | "no noise figure";
}

const median = (values: number[]) => {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const spread = (values: number[]) => {
  const real = values.filter((v) => !Number.isNaN(v));
  if (real.length < 2) return Number.NaN;
  const m = median(real);
  return m === 0 ? Number.NaN : (Math.max(...real) - Math.min(...real)) / Math.abs(m);
};

/**
 * Per goal id (in the order the current tree printed them, then any only the baseline printed), the two
 * trees' readings over the repeats. A difference is within the noise when the medians differ by no more than
 * the widest spread either tree showed between its own repeats.
 */
export function compareGoals(current: GoalReading[][], baseline: GoalReading[][]): GoalComparison[] {
  const ids = [...new Set([...current.flat(), ...baseline.flat()].map((g) => g.id))];
  const readingsOf = (runs: GoalReading[][], id: string) =>
    runs.map((run) => run.find((g) => g.id === id)?.value ?? Number.NaN).filter((v) => !Number.isNaN(v));
  return ids.map((id) => {
    const a = readingsOf(current, id);
    const b = readingsOf(baseline, id);
    const currentMedian = median(a);
    const baselineMedian = median(b);
    const ratio = currentMedian / baselineMedian;
    const noise = Math.max(spread(a), spread(b));
    const verdict = Number.isNaN(noise)
      ? "no noise figure"
      : Math.abs(ratio - 1) <= noise
        ? "within noise"
        : "outside noise";
    return { id, current: a, baseline: b, currentMedian, baselineMedian, ratio, noise, verdict };
  });
}

/** The comparison as printed lines: one per goal, values in run order, then medians, ratio and verdict. */
export function comparisonLines(bench: string, comparisons: GoalComparison[]): string[] {
  const list = (values: number[]) => (values.length ? values.map((v) => String(v)).join(", ") : "-");
  const num = (n: number) => (Number.isNaN(n) ? "-" : String(Number(n.toFixed(3))));
  const pct = (share: number) => (Number.isNaN(share) ? "-" : `${(share * 100).toFixed(0)} %`);
  return [
    `side by side, ${bench}: goal | this tree (runs) | baseline (runs) | medians this / baseline = ratio | noise (widest spread of one tree's repeats) | verdict`,
    ...comparisons.map(
      (c) =>
        `  ${c.id}: ${list(c.current)} | ${list(c.baseline)} | ${num(c.currentMedian)} / ${num(c.baselineMedian)} = ${Number.isNaN(c.ratio) ? "-" : c.ratio.toFixed(2)} | ${pct(c.noise)} | ${c.verdict}`,
    ),
  ];
}
