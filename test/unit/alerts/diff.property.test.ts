import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { diffIncidents } from "../../../src/alerts/kinds/incident/diff";
import type { PollState } from "../../../src/alerts/kinds/registry";
import type { AlertEvent, IncidentSnapshot } from "../../../src/alerts/model";
import { iso, T0 } from "./fixtures";

/**
 * Random incident life-cycles (open -> maybe acknowledged -> maybe ended) observed at random polls:
 * an incident may be missing from any poll (partial page, failed GET by id), first seen already
 * acknowledged or ended, in maintenance, back-dated, with ids in or out of start order.
 */

const POLL_MS = 30_000;

interface Life {
  id: string;
  startPoll: number;
  ackPoll: number | null;
  endPoll: number | null;
  maintenance: boolean;
  started: number;
  visible: boolean[];
}

interface Scenario {
  polls: number;
  lives: Life[];
}

const pollTime = (p: number) => T0 + p * POLL_MS;

function lifeArb(polls: number) {
  return fc.record({
    startPoll: fc.integer({ min: 0, max: polls - 1 }),
    ackDelay: fc.option(fc.integer({ min: 0, max: polls }), { nil: null }),
    endDelay: fc.option(fc.integer({ min: 0, max: polls }), { nil: null }),
    maintenance: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
    backdateMs: fc.integer({ min: 0, max: 25_000 }),
    visible: fc.array(fc.boolean(), { minLength: polls, maxLength: polls }),
  });
}

const scenarioArb: fc.Arbitrary<Scenario> = fc.integer({ min: 2, max: 10 }).chain((polls) =>
  fc
    .record({
      raw: fc.array(lifeArb(polls), { maxLength: 8 }),
      idsInStartOrder: fc.boolean(),
    })
    .map(({ raw, idsInStartOrder }) => {
      const lives = raw.map((r) => {
        const endPoll = r.endDelay === null ? null : r.startPoll + r.endDelay;
        let ackPoll = r.ackDelay === null ? null : r.startPoll + r.ackDelay;
        // An ended incident cannot be acknowledged any more (A7): the acknowledge comes first.
        if (ackPoll !== null && endPoll !== null && ackPoll > endPoll) ackPoll = endPoll;
        const started = pollTime(r.startPoll) - r.backdateMs;
        return {
          id: "",
          startPoll: r.startPoll,
          ackPoll,
          endPoll,
          maintenance: r.maintenance,
          started,
          visible: r.visible,
        };
      });
      const order = idsInStartOrder ? [...lives].sort((a, b) => a.started - b.started) : lives;
      order.forEach((life, i) => {
        life.id = String(1000 + i);
      });
      return { polls, lives };
    }),
);

function snapshotAt(life: Life, p: number): IncidentSnapshot {
  const acked = life.ackPoll !== null && p >= life.ackPoll;
  const ended = life.endPoll !== null && p >= life.endPoll;
  return {
    id: life.id,
    monitorId: `m${life.id}`,
    started: iso(life.started),
    acknowledged: acked ? iso(life.started + (life.ackPoll! - life.startPoll) * POLL_MS + 100) : null,
    ended: ended ? iso(life.started + (life.endPoll! - life.startPoll) * POLL_MS + 200) : null,
    maintenance: life.maintenance,
    reason: null,
  };
}

function observedAt(life: Life, p: number): boolean {
  return p >= life.startPoll && life.visible[p] === true;
}

interface Run {
  events: AlertEvent[];
  baselineOpen: Set<string>;
  states: PollState[];
}

function run(scenario: Scenario, retentionMs?: number): Run {
  let state: PollState | null = null;
  const events: AlertEvent[] = [];
  const states: PollState[] = [];
  let baselineOpen = new Set<string>();
  for (let p = 0; p < scenario.polls; p++) {
    const fetched = scenario.lives
      .filter((life) => observedAt(life, p))
      .map((life) => snapshotAt(life, p))
      .sort((a, b) => Date.parse(b.started) - Date.parse(a.started)); // A6: newest first
    const result = diffIncidents(state, fetched, {
      now: pollTime(p),
      ...(retentionMs ? { retentionMs } : {}),
    });
    if (p === 0) {
      expect(result.events).toEqual([]);
      baselineOpen = new Set(result.baseline?.openIncidents.map((i) => i.id));
    } else {
      expect(result.baseline).toBeUndefined();
    }
    events.push(...result.events);
    // Stored as JSON between polls.
    state = JSON.parse(JSON.stringify(result.state)) as PollState;
    expect(state).toEqual(result.state);
    states.push(state);
  }
  return { events, baselineOpen, states };
}

function typesOf(events: AlertEvent[], id: string): string[] {
  return events.filter((event) => event.incidentId === id).map((event) => event.type);
}

/** At most once each, in order, and never acknowledged/resolved without opened unless open at baseline. */
function expectSafe(scenario: Scenario, { events, baselineOpen, states }: Run): void {
  const ORDER = ["opened", "acknowledged", "resolved"];
  for (const life of scenario.lives) {
    const types = typesOf(events, life.id);
    expect(new Set(types).size).toBe(types.length);
    expect(types).toEqual([...types].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)));
    if (life.maintenance) expect(types).toEqual([]);
    if (types.length > 0 && types[0] !== "opened") expect(baselineOpen.has(life.id)).toBe(true);
    if (baselineOpen.has(life.id)) expect(types).not.toContain("opened");
  }
  for (const state of states)
    expect(Object.keys(state.tracked).length).toBeLessThanOrEqual(scenario.lives.length);
}

describe("diffIncidents properties", () => {
  it("emits each transition at most once, in order, never without opened, never for maintenance", () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        expectSafe(scenario, run(scenario));
      }),
      { numRuns: 300 },
    );
  });

  it("announces every transition observed after the baseline (opened + resolved for outages seen ending)", () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const { events, baselineOpen } = run(scenario);
        for (const life of scenario.lives) {
          if (life.maintenance) continue;
          const seen = [...Array(scenario.polls).keys()].filter((p) => p >= 1 && observedAt(life, p));
          const seenAfter = (poll: number | null) => poll !== null && seen.some((p) => p >= poll);
          const types = typesOf(events, life.id);
          if (life.startPoll >= 1) {
            expect(types.includes("opened")).toBe(seen.length > 0);
            expect(types.includes("acknowledged")).toBe(seenAfter(life.ackPoll));
            expect(types.includes("resolved")).toBe(seenAfter(life.endPoll));
          } else if (observedAt(life, 0)) {
            const openAtBaseline = life.endPoll !== 0;
            expect(baselineOpen.has(life.id)).toBe(openAtBaseline);
            expect(types.includes("opened")).toBe(false);
            expect(types.includes("acknowledged")).toBe(
              openAtBaseline && life.ackPoll !== 0 && seenAfter(life.ackPoll),
            );
            expect(types.includes("resolved")).toBe(openAtBaseline && seenAfter(life.endPoll));
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("stays safe when the state forgets incidents quickly (short retention): nothing is re-announced", () => {
    fc.assert(
      fc.property(scenarioArb, fc.integer({ min: 1, max: 3 * POLL_MS }), (scenario, retentionMs) => {
        expectSafe(scenario, run(scenario, retentionMs));
      }),
      { numRuns: 300 },
    );
  });
});
