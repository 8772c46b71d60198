/**
 * The fault suite's rows and goals (pure): one row per scenario, one `goal <id>: <measured> (<target>)
 * PASS|FAIL` line per goal of issue 10 section 6.
 */
import type { Tally } from "./ledger";

export interface ChaosRow {
  /** The scenario's letter, a to h. */
  id: string;
  title: string;
  tally: Tally;
  /** Subscriptions of the scenario's channels paused when it ended. */
  paused: number;
  /** (c): whether the poll token's link still holds its token (no new login needed). */
  linkKept?: boolean;
  /** (g): good subscriptions (channels) that got the alert, and how many there were. */
  delivered?: { got: number; of: number };
  /** (g): entries dead-lettered; null when the deployment records none (see dead-letters.ts). */
  deadLetters?: number | null;
  /**
   * How often the fault was met: the fake Slack's or the simulator's faulty answers, a restart, a kill.
   * Zero means the scenario tested nothing.
   */
  faultHits: number;
  /** What the numbers alone do not say (e.g. a roll-up, a bot that died). */
  notes: string[];
}

/** Nearest-rank percentile (as bench/measure.ts), NaN for no samples. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

const seconds = (ms: number) => (Number.isNaN(ms) ? "-" : `${(ms / 1000).toFixed(1)} s`);

export function formatTable(rows: readonly ChaosRow[]): string {
  const header = ["scenario", "expected", "posted", "duplicates", "lost", "false", "paused", "p99 delay"];
  const lines = rows.map((r) => [
    `(${r.id}) ${r.title}`,
    String(r.tally.expected),
    String(r.tally.posted),
    String(r.tally.duplicates),
    String(r.tally.lost),
    String(r.tally.falseAlerts),
    String(r.paused),
    seconds(percentile(r.tally.delaysMs, 99)),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const render = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [render(header), render(widths.map((w) => "-".repeat(w))), ...lines.map(render)].join("\n");
}

export interface Goal {
  id: string;
  measured: string;
  target: string;
  pass: boolean;
}

export const formatGoal = (g: Goal) =>
  `goal ${g.id}: ${g.measured} (${g.target}) ${g.pass ? "PASS" : "FAIL"}`;

/** The goals the rows present can be judged on (a scenario not run has no goal line). */
export function goals(rows: readonly ChaosRow[], options: { pollIntervalSeconds: number }): Goal[] {
  const out: Goal[] = [];
  for (const row of rows) {
    const t = row.tally;
    out.push({
      id: `${row.id}-clean`,
      measured: `${t.duplicates} duplicates, ${t.lost} lost, ${t.falseAlerts} false${row.faultHits > 0 ? "" : ", fault never met"}`,
      target: "0, 0, 0",
      // A fault never met tested nothing.
      pass: t.duplicates === 0 && t.lost === 0 && t.falseAlerts === 0 && t.expected > 0 && row.faultHits > 0,
    });
    if (row.id === "c") {
      out.push({
        id: "c-no-pause",
        measured: `${row.paused} paused, ${row.linkKept ? "link kept" : "token dropped (new login needed)"}`,
        target: "0 paused, link kept",
        pass: row.paused === 0 && row.linkKept === true,
      });
    }
    if (row.id === "g" && row.delivered) {
      const dead = row.deadLetters;
      out.push({
        id: "g-dead-letter",
        measured: `delivered ${row.delivered.got}, dead-lettered ${dead ?? "n/a (no dead-letter record)"}`,
        target: `delivered ${row.delivered.of}, dead-lettered 1`,
        pass: row.delivered.got === row.delivered.of && dead === 1,
      });
    }
    if (row.id === "h") {
      const limitMs = (options.pollIntervalSeconds + 2) * 1000;
      const p99 = percentile(t.delaysMs, 99);
      out.push({
        id: "h-delay",
        measured: `p99 ${seconds(p99)} over ${t.delaysMs.length} alerts of the other channels`,
        target: `<= ${seconds(limitMs)}`,
        pass: t.delaysMs.length > 0 && p99 <= limitMs,
      });
    }
  }
  return out;
}
