/**
 * `npm run chaos [-- a b ...] [--small]`: the fault suite (issue 10 section 6). Three `npm start` processes, the
 * simulator, the fake Slack and a private Redis go through each scenario (test/support/chaos/scenarios.ts,
 * the same code as the e2e tests at full size) with real outages; one row per scenario, then one
 * `goal <id>: <measured> (<target>) PASS|FAIL` line per goal. Like the benchmarks it is a measurement, not
 * a test; it exits 1 when a goal fails so that a script can tell. Bot logs: test-output/chaos-bot-<n>.log.
 * `--small`: the e2e tests' sizes and short fault windows with 1 s polls (and their short Slack call timeout
 * and post settle), for a quick look.
 */

import type { ChaosRow } from "../test/support/chaos/report";
import { formatGoal, formatTable, goals } from "../test/support/chaos/report";
import { FULL_SIZE, SMALL_SIZE, SMALL_SLACK_TIMING, selectScenarios } from "../test/support/chaos/scenarios";
import { startChaosStack } from "../test/support/chaos/stack";
import { machineLine } from "./measure";

const small = process.argv.includes("--small");
const params = small ? SMALL_SIZE : FULL_SIZE;
const POLL_INTERVAL_SECONDS = small ? 1 : 5;

const ids = process.argv.slice(2).filter((a) => !a.startsWith("-"));
let chosen: ReturnType<typeof selectScenarios>;
try {
  chosen = selectScenarios(ids);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

console.log(machineLine());
console.log(
  `${small ? "small size, " : ""}poll interval ${POLL_INTERVAL_SECONDS} s, 3 bot processes; scenarios ${chosen.map((s) => s.id).join(" ")}`,
);
const stack = await startChaosStack({
  teams: chosen.map((s) => s.plan(params)),
  bots: 3,
  pollIntervalSeconds: POLL_INTERVAL_SECONDS,
  name: "chaos",
  // Full size keeps the product's Slack call timeout and post settle (10 s, 30 s).
  ...(small ? { slackTiming: SMALL_SLACK_TIMING } : {}),
});
const rows: ChaosRow[] = [];
try {
  for (const scenario of chosen) {
    const t0 = Date.now();
    process.stdout.write(`(${scenario.id}) ${scenario.title}... `);
    try {
      rows.push(await scenario.run(stack, params));
      console.log(`${((Date.now() - t0) / 1000).toFixed(0)} s`);
    } catch (error) {
      console.log(`could not run: ${(error as Error).message}`);
    }
  }
} finally {
  await stack.close();
}

rows.sort((a, b) => a.id.localeCompare(b.id));
console.log(`\n${formatTable(rows)}\n`);
for (const row of rows) {
  for (const note of row.notes) console.log(`note (${row.id}): ${note}`);
}
const results = goals(rows, { pollIntervalSeconds: POLL_INTERVAL_SECONDS });
for (const goal of results) console.log(formatGoal(goal));
process.exit(results.every((g) => g.pass) && rows.length === chosen.length ? 0 : 1);
