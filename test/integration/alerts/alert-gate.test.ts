// The one alert gate (src/alerts/engine/alert-gate.ts) on a real Redis: every kind of the table against a
// mute, a maintenance window of the monitor's team and of another team, and a person's quiet hours. What
// the e2e test cannot reach is here too: a slow alert in quiet hours (a person's alerts take no --slow).
import { describe, expect, it } from "vitest";
import {
  ALERT_GATE_RULES,
  type GateKind as AlertKind,
  gateAlert,
} from "../../../src/alerts/engine/alert-gate";
import { keyspace } from "../../../src/store/keys";
import { MaintenanceStore } from "../../../src/store/maintenance-store";
import { MuteStore } from "../../../src/store/mute-store";
import type { Subscription } from "../../../src/store/subscription-store";
import { testRedis } from "../../support/redis";

const { redis, prefix } = testRedis();
const keys = keyspace(prefix);
const WS = { teamId: "T0GATE" };
// 23:30 UTC: inside quiet hours 22:00-07:00.
const NOW = Date.parse("2026-11-27T23:30:00Z");
const clock = { now: () => NOW };
const KINDS = Object.keys(ALERT_GATE_RULES) as AlertKind[];

const subscription = (channelId: string, personal: boolean): Subscription => ({
  id: `sub-${channelId}`,
  workspace: WS,
  channelId,
  apiTeamId: "1",
  filters: { monitors: [], groups: [] },
  mention: null,
  subscriber: { userId: "U0ALICE", apiUserId: "1" },
  target: "team:1:x",
  createdAt: 0,
  paused: null,
  ...(personal
    ? { personal: { quiet: { start: "22:00", end: "07:00", timeZone: "UTC" }, threadTs: "111.222" } }
    : {}),
});

describe("the alert gate, kind by kind", () => {
  const mutes = new MuteStore({ redis, keys, clock });
  const windows = new MaintenanceStore({ redis, keys, clock });
  const deps = { mutes, windows, clock };
  const monitor = (monitorId: string, apiTeamId = "1") => ({ monitorId, group: "Edge", apiTeamId });

  it("a mute and a window of the monitor's team hold what the table says; another team's window holds nothing", async () => {
    await mutes.mute(WS, "C1", "4", NOW + 3_600_000);
    const window = await windows.plan(WS, "C1", {
      scope: { kind: "group", group: "Edge" },
      startAt: NOW - 60_000,
      endAt: NOW + 3_600_000,
      by: "U0ALICE",
      reason: null,
      subscriptionId: "sub-C1",
      apiTeamId: "1",
    });
    const sub = subscription("C1", false);
    for (const kind of KINDS) {
      const rules = ALERT_GATE_RULES[kind];
      const muted = await gateAlert(deps, { kind, sub, ws: WS, channel: "C1", monitor: monitor("4") });
      expect(muted.kind, kind).toBe(rules.mute === "hold" ? "muted" : "deliver");
      const held = await gateAlert(deps, { kind, sub, ws: WS, channel: "C1", monitor: monitor("9") });
      expect(held, kind).toEqual(
        rules.maintenance === "hold"
          ? { kind: "held", window }
          : { kind: "deliver", storm: rules.storm === "apply" },
      );
      const otherTeam = await gateAlert(deps, {
        kind,
        sub,
        ws: WS,
        channel: "C1",
        monitor: monitor("9", "2"),
      });
      expect(otherTeam, kind).toEqual({ kind: "deliver", storm: rules.storm === "apply" });
    }
    // The declared table: a digest and an incident channel's feed are exempt from mutes and windows.
    expect(ALERT_GATE_RULES.digest.maintenance).toBe("exempt");
    expect(ALERT_GATE_RULES.slow.maintenance).toBe("hold");
  });

  it("puts what quiet hours apply to in the person's quiet thread, without storm rules; a channel has none", async () => {
    const personal = subscription("D1", true);
    const channel = subscription("C2", false);
    for (const kind of KINDS) {
      const rules = ALERT_GATE_RULES[kind];
      const quiet = await gateAlert(deps, {
        kind,
        sub: personal,
        ws: WS,
        channel: "D1",
        monitor: monitor("3"),
      });
      expect(quiet, kind).toEqual(
        rules.quietHours === "thread"
          ? { kind: "deliver", quietThreadTs: "111.222", storm: false }
          : { kind: "deliver", storm: rules.storm === "apply" },
      );
      const loud = await gateAlert(deps, {
        kind,
        sub: channel,
        ws: WS,
        channel: "C2",
        monitor: monitor("3"),
      });
      expect(loud, kind).toEqual({ kind: "deliver", storm: rules.storm === "apply" });
    }
    const slow = await gateAlert(deps, {
      kind: "slow",
      sub: personal,
      ws: WS,
      channel: "D1",
      monitor: monitor("3"),
    });
    expect(slow).toEqual({ kind: "deliver", quietThreadTs: "111.222", storm: false });
  });
});
