import { describe, expect, it } from "vitest";
import {
  DEFAULT_RETENTION_MS,
  diffIncidents,
  SEEN_RESOLUTION_MS,
  shouldFetchNextPage,
  trackedOpenMissing,
} from "../../../src/alerts/kinds/incident/diff";
import { encodePollState, type PollState } from "../../../src/alerts/kinds/registry";
import type { AlertEvent } from "../../../src/alerts/model";
import { incident, iso, T0 } from "./fixtures";

const MIN = 60_000;
const HOUR = 60 * MIN;

function kinds(events: AlertEvent[]): string[] {
  return events.map((event) => `${event.type}:${event.incidentId}`);
}

/** A baselined state that has seen the given incidents (all open). */
function baselineWith(...open: ReturnType<typeof incident>[]): PollState {
  return diffIncidents(null, open, { now: T0 }).state;
}

describe("diffIncidents: baseline", () => {
  it("emits nothing on the first diff and reports the open incidents, newest first", () => {
    const fetched = [
      incident("12", T0 - 1 * MIN),
      incident("11", T0 - 5 * MIN, { acknowledged: iso(T0 - 2 * MIN) }),
      incident("10", T0 - 9 * MIN, { ended: iso(T0 - 8 * MIN) }),
      incident("9", T0 - 10 * MIN, { maintenance: true }),
    ];
    const { state, events, baseline } = diffIncidents(null, fetched, { now: T0 });
    expect(events).toEqual([]);
    expect(baseline?.openIncidents.map((i) => i.id)).toEqual(["12", "11"]);
    expect(state.baselined).toBe(true);
    expect(Object.keys(state.tracked).sort()).toEqual(["10", "11", "12", "9"]);
    expect(state.tracked["11"]?.stage).toBe("acknowledged");
    expect(state.tracked["9"]?.silent).toBe(true);
    expect(state).not.toHaveProperty("incidentsFetchedAt");
  });

  it("gives the very same state for a refresh that finds nothing new, and renews seen hourly", () => {
    const fetched = [
      incident("12", T0 - 1 * MIN),
      incident("10", T0 - 9 * MIN, { ended: iso(T0 - 8 * MIN) }),
    ];
    const first = diffIncidents(null, fetched, { now: T0 }).state;
    const again = diffIncidents(first, fetched, { now: T0 + 30_000 });
    expect(again.events).toEqual([]);
    expect(encodePollState(again.state)).toBe(encodePollState(first));
    const hourLater = diffIncidents(first, fetched, { now: T0 + SEEN_RESOLUTION_MS });
    expect(hourLater.state.tracked["12"]?.seen).toBe(T0 + SEEN_RESOLUTION_MS);
  });

  it("announces what began after the subscription and was not in its reply (baselineSince)", () => {
    const subscribedAt = T0 - 3 * MIN;
    const fetched = [
      incident("20", T0 - 1 * MIN), // began after the subscription: announced
      incident("19", T0 - 2 * MIN, { ended: iso(T0 - 90_000) }), // a short outage in between: opened + resolved
      incident("18", T0 - 4 * MIN), // open at subscribe time and in its reply: summarised, not announced
      incident("17", T0 - 20 * MIN, { ended: iso(T0 - 10 * MIN) }), // history
      incident("16", T0 - 1 * MIN, { maintenance: true }), // maintenance: never announced
    ];
    const since = { at: subscribedAt, seen: ["18", "17"] };
    const { events, state, baseline } = diffIncidents(null, fetched, { now: T0, baselineSince: since });
    expect(kinds(events)).toEqual(["opened:19", "resolved:19", "opened:20"]);
    expect(baseline?.openIncidents.map((i) => i.id)).toEqual(["20", "18"]);
    // The next diff does not announce them again.
    expect(diffIncidents(state, fetched, { now: T0 + MIN }).events).toEqual([]);
  });

  it("allows for the service's clock running a little behind when judging the subscription time", () => {
    const since = { at: T0, seen: [] };
    const slightlyBehind = incident("30", T0 - MIN);
    const longBefore = incident("29", T0 - 3 * HOUR);
    const { events } = diffIncidents(null, [slightlyBehind, longBefore], { now: T0, baselineSince: since });
    expect(kinds(events)).toEqual(["opened:30"]);
  });

  it("treats a state that never ran a diff as a baseline, keeping its checks signature", () => {
    const prev: PollState = { v: 1, baselined: false, tracked: {}, checksSignature: "0:abc" };
    const { events, baseline, state } = diffIncidents(prev, [incident("1", T0)], { now: T0 });
    expect(events).toEqual([]);
    expect(baseline?.openIncidents).toHaveLength(1);
    expect(state.checksSignature).toBe("0:abc");
    expect(diffIncidents({ v: 1, baselined: false, tracked: {} }, [], { now: T0 }).baseline).toEqual({
      openIncidents: [],
    });
  });

  it("emits acknowledge and resolve of incidents that were open at the baseline, never opened", () => {
    const prev = baselineWith(incident("5", T0 - MIN));
    const acked = diffIncidents(prev, [incident("5", T0 - MIN, { acknowledged: iso(T0 + 1_000) })], {
      now: T0 + 5_000,
    });
    expect(kinds(acked.events)).toEqual(["acknowledged:5"]);
    const ended = diffIncidents(
      acked.state,
      [incident("5", T0 - MIN, { acknowledged: iso(T0 + 1_000), ended: iso(T0 + 9_000) })],
      { now: T0 + 10_000 },
    );
    expect(kinds(ended.events)).toEqual(["resolved:5"]);
    expect(ended.events[0]).toMatchObject({ at: iso(T0 + 9_000), monitorId: "m5" });
    expect(ended.events[0]?.incident.ended).toBe(iso(T0 + 9_000));
  });

  it("never announces incidents older than the baseline's first page", () => {
    const prev = baselineWith(incident("20", T0 - 5 * MIN), incident("19", T0 - 6 * MIN));
    const older = incident("15", T0 - 60 * MIN, { ended: iso(T0 - 59 * MIN) });
    const newer = incident("21", T0 - 1 * MIN);
    const { events } = diffIncidents(prev, [newer, older], { now: T0 + 5_000 });
    expect(kinds(events)).toEqual(["opened:21"]);
  });
});

describe("diffIncidents: transitions", () => {
  it("opens a new incident, then acknowledges, then resolves it, each once", () => {
    let state = baselineWith();
    const steps = [
      incident("1", T0 + 1_000),
      incident("1", T0 + 1_000),
      incident("1", T0 + 1_000, { acknowledged: iso(T0 + 20_000) }),
      incident("1", T0 + 1_000, { acknowledged: iso(T0 + 20_000) }),
      incident("1", T0 + 1_000, { acknowledged: iso(T0 + 20_000), ended: iso(T0 + 40_000) }),
      incident("1", T0 + 1_000, { acknowledged: iso(T0 + 20_000), ended: iso(T0 + 40_000) }),
    ];
    const all: string[] = [];
    steps.forEach((snapshot, i) => {
      const result = diffIncidents(state, [snapshot], { now: T0 + 10_000 * (i + 1) });
      state = result.state;
      all.push(...kinds(result.events));
    });
    expect(all).toEqual(["opened:1", "acknowledged:1", "resolved:1"]);
  });

  it("gives a short outage seen only ended opened + resolved, and one seen acknowledged all three", () => {
    const prev = baselineWith();
    const short = incident("2", T0 + 1_000, { ended: iso(T0 + 4_000) });
    const acked = incident("3", T0 + 2_000, { acknowledged: iso(T0 + 3_000), ended: iso(T0 + 5_000) });
    const openAcked = incident("4", T0 + 3_000, { acknowledged: iso(T0 + 3_500) });
    const { events } = diffIncidents(prev, [openAcked, acked, short], { now: T0 + 10_000 });
    expect(kinds(events)).toEqual([
      "opened:2",
      "resolved:2",
      "opened:3",
      "acknowledged:3",
      "resolved:3",
      "opened:4",
      "acknowledged:4",
    ]);
    expect(events.map((e) => e.at)).toEqual([
      short.started,
      short.ended,
      acked.started,
      acked.acknowledged,
      acked.ended,
      openAcked.started,
      openAcked.acknowledged,
    ]);
  });

  it("does not resolve an incident missing from a partial page, and never re-opens it", () => {
    let { state, events } = diffIncidents(baselineWith(), [incident("7", T0 + 1_000)], { now: T0 + 5_000 });
    expect(kinds(events)).toEqual(["opened:7"]);
    ({ state, events } = diffIncidents(state, [], { now: T0 + 10_000 }));
    expect(events).toEqual([]);
    expect(state.tracked["7"]?.stage).toBe("open");
    expect(trackedOpenMissing(state, [])).toEqual(["7"]);
    ({ state, events } = diffIncidents(state, [incident("7", T0 + 1_000)], { now: T0 + 15_000 }));
    expect(events).toEqual([]);
  });

  it("stays silent about maintenance incidents through their whole life", () => {
    let state = baselineWith();
    const all: AlertEvent[] = [];
    for (const snapshot of [
      incident("8", T0 + 1_000, { maintenance: true }),
      incident("8", T0 + 1_000, { maintenance: true, acknowledged: iso(T0 + 2_000) }),
      incident("8", T0 + 1_000, {
        maintenance: false,
        acknowledged: iso(T0 + 2_000),
        ended: iso(T0 + 3_000),
      }),
    ]) {
      const result = diffIncidents(state, [snapshot], { now: T0 + 10_000 });
      state = result.state;
      all.push(...result.events);
    }
    expect(all).toEqual([]);
    expect(trackedOpenMissing(baselineWith(incident("9", T0, { maintenance: true })), [])).toEqual([]);
  });

  it("still closes an announced incident that was later flagged as maintenance", () => {
    const opened = diffIncidents(baselineWith(), [incident("6", T0 + 1_000)], { now: T0 + 2_000 });
    const ended = diffIncidents(
      opened.state,
      [incident("6", T0 + 1_000, { maintenance: true, ended: iso(T0 + 3_000) })],
      { now: T0 + 4_000 },
    );
    expect(kinds(ended.events)).toEqual(["resolved:6"]);
  });

  it("merges duplicate views of one incident and does not depend on the order of the list", () => {
    const prev = baselineWith(incident("30", T0 - MIN));
    const open = incident("31", T0 + 1_000);
    const ended = incident("31", T0 + 1_000, { ended: iso(T0 + 2_000) });
    const a = diffIncidents(prev, [open, ended, incident("32", T0 + 3_000)], { now: T0 + 5_000 });
    const b = diffIncidents(prev, [incident("32", T0 + 3_000), ended, open], { now: T0 + 5_000 });
    expect(kinds(a.events)).toEqual(["opened:31", "resolved:31", "opened:32"]);
    expect(b).toEqual(a);
  });

  it("ignores an acknowledge that arrives after the end, and never goes back a stage", () => {
    let { state } = diffIncidents(baselineWith(), [incident("40", T0 + 1_000)], { now: T0 + 2_000 });
    ({ state } = diffIncidents(state, [incident("40", T0 + 1_000, { ended: iso(T0 + 3_000) })], {
      now: T0 + 4_000,
    }));
    const late = diffIncidents(state, [incident("40", T0 + 1_000, { acknowledged: iso(T0 + 5_000) })], {
      now: T0 + 6_000,
    });
    expect(late.events).toEqual([]);
    expect(late.state.tracked["40"]).toMatchObject({ stage: "resolved", ended: iso(T0 + 3_000) });
  });
});

describe("diffIncidents: bounded state", () => {
  it("forgets resolved incidents after the retention but never announces them again", () => {
    let { state } = diffIncidents(baselineWith(), [incident("50", T0 + 1_000, { ended: iso(T0 + 2_000) })], {
      now: T0 + 3_000,
    });
    expect(state.tracked["50"]).toBeDefined();
    const later = T0 + 2_000 + DEFAULT_RETENTION_MS + 1;
    ({ state } = diffIncidents(state, [], { now: later }));
    expect(state.tracked).toEqual({});
    expect(state.floor).toEqual({ started: iso(T0 + 1_000), id: "50" });
    const back = diffIncidents(state, [incident("50", T0 + 1_000, { ended: iso(T0 + 2_000) })], {
      now: later,
    });
    expect(back.events).toEqual([]);
    expect(back.state.tracked).toEqual({});
    // A genuinely new incident after the floor is announced.
    expect(kinds(diffIncidents(state, [incident("51", later)], { now: later }).events)).toEqual([
      "opened:51",
    ]);
  });

  it("lets go of an open incident no poll returned for the retention, without announcing its end", () => {
    let { state } = diffIncidents(baselineWith(), [incident("60", T0 + 1_000)], { now: T0 + 2_000 });
    ({ state } = diffIncidents(state, [], { now: T0 + 2_000 + HOUR + 1, retentionMs: HOUR }));
    expect(state.tracked).toEqual({});
    const back = diffIncidents(state, [incident("60", T0 + 1_000, { ended: iso(T0 + 2 * HOUR) })], {
      now: T0 + 3 * HOUR,
      retentionMs: HOUR,
    });
    expect(back.events).toEqual([]);
  });

  it("does not announce an incident first seen long after it ended", () => {
    const prev = baselineWith(incident("70", T0 - MIN));
    const old = incident("71", T0, { ended: iso(T0 + MIN) });
    const { events, state } = diffIncidents(prev, [old], { now: T0 + MIN + DEFAULT_RETENTION_MS + 1 });
    expect(events).toEqual([]);
    expect(state.tracked["71"]).toBeUndefined();
  });

  it("keeps at most maxResolved resolved incidents, forgetting the oldest first", () => {
    let state = baselineWith();
    for (let i = 1; i <= 5; i++) {
      ({ state } = diffIncidents(
        state,
        [incident(String(100 + i), T0 + i * 1_000, { ended: iso(T0 + i * 1_000 + 500) })],
        {
          now: T0 + 10_000,
          maxResolved: 3,
        },
      ));
    }
    expect(Object.keys(state.tracked).sort()).toEqual(["103", "104", "105"]);
    const replay = diffIncidents(state, [incident("101", T0 + 1_000, { ended: iso(T0 + 1_500) })], {
      now: T0 + 11_000,
      maxResolved: 3,
    });
    expect(replay.events).toEqual([]);
  });

  it("keeps the state JSON-serialisable and small", () => {
    const { state } = diffIncidents(baselineWith(), [incident("80", T0 + 1_000)], { now: T0 + 2_000 });
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
    expect(JSON.stringify(state).length).toBeLessThan(300);
  });
});

describe("paging helpers", () => {
  it("fetches the next page only while every incident on the page is new, never for the baseline", () => {
    const state = baselineWith(incident("90", T0 - MIN));
    expect(shouldFetchNextPage([incident("92", T0 + 2_000), incident("91", T0 + 1_000)], state)).toBe(true);
    expect(shouldFetchNextPage([incident("91", T0 + 1_000), incident("90", T0 - MIN)], state)).toBe(false);
    expect(shouldFetchNextPage([incident("85", T0 - 9 * MIN)], state)).toBe(false);
    expect(shouldFetchNextPage([], state)).toBe(false);
    expect(shouldFetchNextPage([incident("91", T0)], null)).toBe(false);
  });

  it("asks for tracked open incidents missing from the fetch, newest first", () => {
    const state = baselineWith(
      incident("1", T0 - 3 * MIN),
      incident("2", T0 - 2 * MIN, { ended: iso(T0 - MIN) }),
      incident("3", T0 - MIN, { acknowledged: iso(T0) }),
    );
    expect(trackedOpenMissing(state, [])).toEqual(["3", "1"]);
    expect(trackedOpenMissing(state, [incident("3", T0 - MIN)])).toEqual(["1"]);
    expect(trackedOpenMissing(null, [])).toEqual([]);
  });
});
