// The fault suite's accounting (test/support/chaos): what counts as posted, duplicate, lost and false,
// and the goal lines `npm run chaos` prints.
import { describe, expect, it } from "vitest";
import {
  ALERT_EVENT_TYPE,
  type LedgerMessage,
  RECOVERY_EVENT_TYPE,
  type ScriptedOutage,
  tally,
} from "../../support/chaos/ledger";
import { type ChaosRow, formatGoal, formatTable, goals } from "../../support/chaos/report";

const T0 = 1_700_000_000_000;
const ts = (ms: number) => ((T0 + ms) / 1000).toFixed(6);
const root = (incident: string, atMs: number): LedgerMessage => ({
  ts: ts(atMs),
  metadata: { event_type: ALERT_EVENT_TYPE, event_payload: { incident_id: incident } },
});
const recovery = (incident: string, atMs: number): LedgerMessage => ({
  ts: ts(atMs),
  metadata: { event_type: RECOVERY_EVENT_TYPE, event_payload: { incident_id: incident } },
});
const summary: LedgerMessage = { ts: ts(0) };

describe("chaos ledger", () => {
  const recovered: ScriptedOutage = {
    incidentId: "1",
    channels: ["C1", "C2"],
    failedAt: T0 + 1_000,
    recoveredAt: T0 + 10_000,
  };
  const open: ScriptedOutage = {
    incidentId: "2",
    channels: ["C1", "C2"],
    failedAt: T0 + 2_000,
    recoveredAt: null,
  };

  it("counts each expected alert once per channel, with its delay", () => {
    const messages: Record<string, LedgerMessage[]> = {
      C1: [summary, root("1", 3_000), root("2", 4_000), recovery("1", 11_500)],
      C2: [summary, root("1", 2_500), root("2", 2_500), recovery("1", 10_500)],
    };
    const result = tally([recovered, open], ["C1", "C2"], (c) => messages[c] ?? []);
    expect(result).toMatchObject({ expected: 6, posted: 6, duplicates: 0, lost: 0, falseAlerts: 0 });
    expect(result.delaysMs.sort((a, b) => a - b)).toEqual([500, 500, 1500, 1500, 2000, 2000]);
  });

  it("counts copies, missing alerts, unknown incidents and recoveries of what is still down", () => {
    const messages: Record<string, LedgerMessage[]> = {
      C1: [root("1", 3_000), root("1", 3_100), root("2", 4_000), recovery("2", 5_000), root("99", 5_000)],
      C2: [root("2", 2_500), recovery("1", 9_000)],
    };
    const result = tally([recovered, open], ["C1", "C2"], (c) => messages[c] ?? []);
    // C1: incident 1's root twice, its recovery lost; C2: incident 1's root lost, its recovery too early.
    expect(result).toMatchObject({ expected: 6, posted: 3, duplicates: 1, lost: 3, falseAlerts: 3 });
  });

  it("ignores channels an outage is not expected in, except for what is posted there", () => {
    const quiet: ScriptedOutage = { ...open, channels: ["C1"] };
    const result = tally([quiet], ["C1", "C9"], () => [root("2", 3_000)]);
    expect(result).toMatchObject({ expected: 1, posted: 1, falseAlerts: 1 });
  });
});

describe("chaos report", () => {
  const clean = { expected: 4, posted: 4, duplicates: 0, lost: 0, falseAlerts: 0, rollups: 0 };
  const rows: ChaosRow[] = [
    {
      id: "c",
      title: "API 401",
      tally: { ...clean, delaysMs: [1000] },
      paused: 2,
      linkKept: false,
      faultHits: 3,
      notes: [],
    },
    {
      id: "g",
      title: "1 unreadable of 3",
      tally: { ...clean, delaysMs: [1000] },
      paused: 0,
      delivered: { got: 2, of: 2 },
      deadLetters: null,
      faultHits: 1,
      notes: [],
    },
    {
      id: "h",
      title: "1 archived of 3",
      tally: { ...clean, delaysMs: [6_500, 7_500] },
      paused: 1,
      faultHits: 0,
      notes: [],
    },
  ];

  it("prints one goal line per goal, failing what is short of its target", () => {
    expect(goals(rows, { pollIntervalSeconds: 5 }).map(formatGoal)).toEqual([
      "goal c-clean: 0 duplicates, 0 lost, 0 false (0, 0, 0) PASS",
      "goal c-no-pause: 2 paused, token dropped (new login needed) (0 paused, link kept) FAIL",
      "goal g-clean: 0 duplicates, 0 lost, 0 false (0, 0, 0) PASS",
      "goal g-dead-letter: delivered 2, dead-lettered n/a (no dead-letter record) (delivered 2, dead-lettered 1) FAIL",
      "goal h-clean: 0 duplicates, 0 lost, 0 false, fault never met (0, 0, 0) FAIL",
      "goal h-delay: p99 7.5 s over 2 alerts of the other channels (<= 7.0 s) FAIL",
    ]);
  });

  it("prints one table row per scenario", () => {
    const table = formatTable(rows).split("\n");
    expect(table).toHaveLength(2 + rows.length);
    expect(table[0]).toMatch(
      /^scenario\s+expected\s+posted\s+duplicates\s+lost\s+false\s+paused\s+p99 delay$/,
    );
    expect(table[4]).toMatch(/^\(h\) 1 archived of 3\s+4\s+4\s+0\s+0\s+0\s+1\s+7\.5 s$/);
  });
});
