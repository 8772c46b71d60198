// The fault suite at small size (issue 10 section 6; `npm run chaos` runs the same scenarios at full
// size): three `npm start` processes, the simulator, the fake Slack and a private Redis go through each
// fault with real outages, one scenario after another on one stack, (f) last since it kills a process.
// Every scenario must post each expected alert exactly once and nothing false.
//
// `npm run test:resilience` (TEST_TIER=resilience, vitest.config.ts) runs every scenario; `npm test` runs a
// few on a smaller stack, one of each kind of fault: Slack (a), the API (c), Redis (e) and a process (f).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChaosRow, formatTable } from "../support/chaos/report";
import { type ScenarioId, SMALL_SIZE, SMALL_SLACK_TIMING, scenarios } from "../support/chaos/scenarios";
import { type ChaosStack, startChaosStack } from "../support/chaos/stack";

const POLL_INTERVAL_SECONDS = 1;
const SCENARIO_TIMEOUT_MS = 120_000;
/**
 * The team of (b) run again with stalls longer than the bots' Slack call timeout. The bots run with short
 * Slack timings (SMALL_SLACK_TIMING: a 4 s call timeout, an 8 s post settle, instead of 10 s and 30 s);
 * `npm run chaos` runs (b) at full size with the product's.
 */
const STALL_PAST_TIMEOUT = "b2";
const { callTimeoutMs, postSettleMs } = SMALL_SLACK_TIMING;
const FULL = process.env.TEST_TIER === "resilience";
const QUICK: readonly ScenarioId[] = ["a", "c", "e", "f"];
const included = (id: ScenarioId) => FULL || QUICK.includes(id);
/** A scenario's test, defined only in the tiers that run it (not shown as skipped in the others). */
const scenarioIt = (id: ScenarioId, title: string, test: () => Promise<void>) => {
  if (included(id)) it(title, test, SCENARIO_TIMEOUT_MS);
};

describe("fault suite: each fault leaves no duplicate, loss or false alert", () => {
  let stack: ChaosStack;
  const rows: ChaosRow[] = [];

  beforeAll(async () => {
    stack = await startChaosStack({
      teams: [
        ...scenarios.filter((s) => included(s.id)).map((s) => s.plan(SMALL_SIZE)),
        ...(included("b") ? [scenarios.find((s) => s.id === "b")!.plan(SMALL_SIZE, STALL_PAST_TIMEOUT)] : []),
      ],
      bots: 3,
      pollIntervalSeconds: POLL_INTERVAL_SECONDS,
      name: "chaos-e2e",
      slackTiming: SMALL_SLACK_TIMING,
    });
  });

  afterAll(async () => {
    // The table of what ran, for a failing run's reader.
    if (rows.length > 0) console.log(formatTable(rows));
    await stack?.close();
  });

  const run = async (id: ScenarioId, params = SMALL_SIZE, key?: string): Promise<ChaosRow> => {
    const scenario = scenarios.find((s) => s.id === id)!;
    const row = await scenario.run(stack, params, key);
    rows.push(row);
    return row;
  };

  const expectClean = (row: ChaosRow) => {
    const { expected, posted, duplicates, lost, falseAlerts } = row.tally;
    expect(expected).toBeGreaterThan(0);
    // The fault was met (a 429, a 5xx, a rejected poll, a restart, a kill...): else nothing was tested.
    expect(row.faultHits).toBeGreaterThan(0);
    expect({ posted, duplicates, lost, falseAlerts, notes: row.notes }).toEqual({
      posted: expected,
      duplicates: 0,
      lost: 0,
      falseAlerts: 0,
      notes: expect.any(Array),
    });
  };

  scenarioIt(
    "a",
    "(a) Slack answers 429 with Retry-After to chat.postMessage/update for a while",
    async () => {
      expectClean(await run("a"));
    },
  );

  scenarioIt("b", "(b) Slack answers 5xx, then stalls every post", async () => {
    expectClean(await run("b"));
  });

  // A post stalled past the bot's Slack call timeout is carried out by Slack after all: the retry must not
  // post again before it could have landed (ALERT_POST_SETTLE_MS, alerts/engine/channel-posting.ts). Before that
  // wait, this posted 2 duplicates here and 4 in `npm run chaos`. Each stall ends 1 s past the timeout, within
  // the settle: timeout < stall < settle, as 10 s < 11 s < 30 s were with the product's timings.
  scenarioIt("b", "(b) a post stalled past the Slack call timeout is not posted twice", async () => {
    const stallMs = callTimeoutMs + 1_000;
    expect(stallMs).toBeLessThan(postSettleMs);
    const params = { ...SMALL_SIZE, slack5xxMs: 1_000, stallWindowMs: stallMs + 1_000, stallMs };
    expectClean(await run("b", params, STALL_PAST_TIMEOUT));
  });

  scenarioIt(
    "c",
    "(c) the API answers 401 to the poll token for a while: nothing paused, no new login",
    async () => {
      const row = await run("c");
      expectClean(row);
      expect(row.paused).toBe(0);
      expect(row.linkKept).toBe(true);
    },
  );

  scenarioIt(
    "d",
    "(d) the API answers 500 for a while: an open incident is not read as recovered",
    async () => {
      expectClean(await run("d"));
    },
  );

  scenarioIt("e", "(e) Redis restarts (keeping its data)", async () => {
    const row = await run("e");
    expectClean(row);
  });

  scenarioIt(
    "g",
    "(g) one unreadable subscription among good ones: the others get the alert, its copy is dead-lettered",
    async () => {
      const row = await run("g");
      expectClean(row);
      expect(row.delivered).toEqual({ got: SMALL_SIZE.corruptAmong - 1, of: SMALL_SIZE.corruptAmong - 1 });
      expect(row.deadLetters).toBe(1);
    },
  );

  scenarioIt("h", "(h) one archived channel: every other channel gets its alerts", async () => {
    // Its delay goal (p99 <= poll interval + 2 s) is measured by `npm run chaos`, not asserted here.
    const row = await run("h");
    expectClean(row);
    // is_archived is permanent: the archived channel's subscription, and only it, is paused.
    expect(row.paused).toBe(1);
  });

  scenarioIt("f", "(f) SIGKILL of one of three processes", async () => {
    const row = await run("f");
    expect(stack.bots.filter((bot) => bot.exited())).toHaveLength(1);
    expectClean(row);
  });
});
