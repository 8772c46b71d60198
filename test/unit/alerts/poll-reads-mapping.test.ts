import { describe, expect, it } from "vitest";
import type { CheckSnapshot } from "../../../src/alerts/engine/poll/detector";
import {
  monitorTarget,
  toAlertMonitor,
  toCheckSnapshots,
  toIncidentSnapshot,
} from "../../../src/alerts/engine/poll/poll-reads";
import {
  enrichEvents,
  failingLocations,
  monitorsToFetch,
  needsTeamCounters,
  teamMonitorCount,
} from "../../../src/alerts/kinds/incident/detector";
import type { AlertEvent } from "../../../src/alerts/model";
import type { Check, Incident, Monitor } from "../../../src/uptime";
import { incident as snapshot, T0 } from "./fixtures";

function apiIncident(extra: Partial<Incident> = {}): Incident {
  return {
    id: "11",
    url: null,
    meta: {},
    monitorId: "5",
    teamId: "1",
    started: new Date("2026-03-10T12:00:00Z"),
    ended: null,
    acknowledged: null,
    downtimeSeconds: null,
    reason: "HTTP 503",
    maintenance: false,
    open: true,
    createdAt: null,
    updatedAt: null,
    ...extra,
  };
}

function apiMonitor(extra: Partial<Monitor> = {}): Monitor {
  return {
    id: "5",
    url: null,
    meta: {},
    name: "Public API",
    pronounceable: null,
    group: "API",
    interval: 30,
    kind: "http",
    settings: { url: "https://api.example.com/health" },
    state: "down",
    stateCode: -10,
    paused: false,
    createdAt: null,
    updatedAt: null,
    ...extra,
  };
}

function apiCheck(id: string, monitorId: string | null, location: string, passed: boolean): Check {
  return {
    id,
    url: null,
    meta: {},
    monitorId,
    location,
    passed,
    status: passed ? 200 : 0,
    durationMs: 10,
    error: null,
    created: new Date(T0),
  };
}

describe("client objects to pipeline snapshots", () => {
  it("maps an incident (A6: maintenance as a boolean, monitor from the relationship)", () => {
    expect(
      toIncidentSnapshot(
        apiIncident({
          ended: new Date("2026-03-10T12:04:12Z"),
          acknowledged: new Date("2026-03-10T12:01:00Z"),
          maintenance: true,
        }),
      ),
    ).toEqual({
      id: "11",
      monitorId: "5",
      started: "2026-03-10T12:00:00.000Z",
      ended: "2026-03-10T12:04:12.000Z",
      acknowledged: "2026-03-10T12:01:00.000Z",
      maintenance: true,
      reason: "HTTP 503",
    });
    expect(toIncidentSnapshot(apiIncident({ monitorId: null }))).toBeNull();
  });

  it("maps checks (A5: passed 1, failed -1, totalDuration, created) and drops checks without a monitor", () => {
    expect(
      toCheckSnapshots([apiCheck("1", "5", "Frankfurt", false), apiCheck("2", null, "Paris", true)]),
    ).toEqual([
      {
        id: "1",
        monitorId: "5",
        location: "Frankfurt",
        state: -1,
        durationMs: 10,
        created: new Date(T0).getTime(),
      },
    ]);
  });

  it("shows a URL monitor by its URL and a TCP monitor as host:port (A8)", () => {
    expect(toAlertMonitor(apiMonitor())).toEqual({
      id: "5",
      name: "Public API",
      target: "https://api.example.com/health",
      group: "API",
    });
    expect(monitorTarget({ settings: { host: "db.internal", port: 5432 } })).toBe("db.internal:5432");
    expect(monitorTarget({ settings: { host: "db.internal" } })).toBe("db.internal");
    expect(monitorTarget({ settings: {} })).toBe("");
  });
});

describe("event enrichment", () => {
  // A5: newest first.
  const checks: CheckSnapshot[] = [
    { id: "9", monitorId: "5", location: "Frankfurt", state: -1 },
    { id: "8", monitorId: "5", location: "New York", state: 1 },
    { id: "7", monitorId: "6", location: "Frankfurt", state: -1 },
    { id: "6", monitorId: "5", location: "New York", state: -1 },
    { id: "5", monitorId: "5", location: "Singapore", state: -1 },
    { id: "4", monitorId: "5", location: "Frankfurt", state: 1 },
  ];

  it("lists the locations whose latest check of the monitor failed", () => {
    expect(failingLocations(checks, "5")).toEqual(["Frankfurt", "Singapore"]);
    expect(failingLocations(checks, "6")).toEqual(["Frankfurt"]);
    expect(failingLocations(checks, "404")).toEqual([]);
  });

  it("counts every monitor of the team for the storm roll-up", () => {
    expect(teamMonitorCount({ up: 30, down: 7, paused: 3, pending: 2 })).toBe(42);
    expect(teamMonitorCount(null)).toBeUndefined();
  });

  const opened: AlertEvent = {
    type: "opened",
    incidentId: "1",
    monitorId: "5",
    at: "x",
    incident: snapshot("1", T0, { monitorId: "5" }),
  };
  const resolved: AlertEvent = { ...opened, type: "resolved", incidentId: "2", monitorId: "6" };

  it("asks for the monitors it does not know and for team counters only when something opened", () => {
    const known = new Map([["5", toAlertMonitor(apiMonitor())]]);
    expect(monitorsToFetch([opened, resolved, resolved], known)).toEqual(["6"]);
    expect(monitorsToFetch([opened], new Map([["5", null]]))).toEqual([]);
    expect(needsTeamCounters([opened, resolved])).toBe(true);
    expect(needsTeamCounters([resolved])).toBe(false);
  });

  it("adds monitor, failing locations and (on opened only) the team count", () => {
    const monitor = toAlertMonitor(apiMonitor());
    const events = enrichEvents([opened, resolved], {
      apiTeamId: "1",
      monitors: new Map([
        ["5", monitor],
        ["6", null],
      ]),
      checks,
      teamMonitorCount: 42,
    });
    expect(events).toEqual([
      {
        ...opened,
        apiTeamId: "1",
        monitor,
        failingLocations: ["Frankfurt", "Singapore"],
        teamMonitorCount: 42,
      },
      { ...resolved, apiTeamId: "1", monitor: null, failingLocations: ["Frankfurt"] },
    ]);
  });
});
