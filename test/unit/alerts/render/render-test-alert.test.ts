import { describe, expect, it } from "vitest";
import { renderEscalationReply } from "../../../../src/alerts/kinds/escalation/render-escalation-reply";
import { renderAlertRoot } from "../../../../src/alerts/kinds/incident/render-alert-root";
import { TEST_ALERT_REASON } from "../../../../src/alerts/kinds/test-alert/test-alert-kind";
import { testAlertSchedule } from "../../../../src/alerts/kinds/test-alert/test-alert-schedule";
import type { IncidentSnapshot } from "../../../../src/alerts/model";
import { isTestIncidentId, newTestIncidentId } from "../../../../src/domain/test-alert-id";
import { parseCommand } from "../../../../src/grammar";
import { acknowledgeButton } from "../../../../src/ui/acknowledge-button";
import { acknowledgeCodec, testAcknowledgeCodec } from "../../../../src/ui/codecs";
import { actions } from "../../../../src/ui/ids";
import {
  renderTestAcknowledgeResult,
  renderTestAlertStarted,
} from "../../../../src/ui/render-test-alert-result";

const STARTED = Date.parse("2026-03-02T02:00:00Z");
const ID = newTestIncidentId(STARTED, () => 0.5);
const incident: IncidentSnapshot = {
  id: ID,
  monitorId: "7",
  started: new Date(STARTED).toISOString(),
  ended: null,
  acknowledged: null,
  maintenance: false,
  reason: TEST_ALERT_REASON,
};
const monitor = { id: "7", name: "Web shop", target: "https://shop.example.com", group: null };
const elementsOf = (blocks: unknown[] | undefined) =>
  ((blocks ?? []) as { elements?: { action_id?: string; value?: string }[] }[]).flatMap(
    (b) => b.elements ?? [],
  );
const root = (stage: "open" | "acknowledged" | "resolved", ackedBy?: string) =>
  renderAlertRoot({
    channelId: "C0ALERTS",
    apiTeamId: "1",
    incident:
      stage === "resolved" ? { ...incident, ended: new Date(STARTED + 60_000).toISOString() } : incident,
    monitor,
    stage,
    ackedBy: ackedBy ?? null,
    failingLocations: [],
    links: {
      baseUrl: "https://uptime.example.com",
      monitorPath: "/monitors/{id}",
      incidentPath: "/incidents/{id}",
    },
    now: STARTED + 60_000,
  });

describe("test alert ids", () => {
  it("are never an API id, and tell themselves apart", () => {
    expect(ID).toMatch(/^test-[a-z0-9]+$/);
    expect(isTestIncidentId(ID)).toBe(true);
    expect(isTestIncidentId("501")).toBe(false);
    expect(isTestIncidentId("test-")).toBe(false);
    expect(
      acknowledgeCodec.decode(acknowledgeCodec.encode({ incidentId: "501", teamId: "1" })),
    ).not.toBeNull();
  });
});

describe("a test alert's messages", () => {
  it("says TEST first at every stage, and its Reason says nothing is down", () => {
    expect(root("open").text).toBe(`🧪 TEST · 🔴 Web shop is down: ${TEST_ALERT_REASON}`);
    expect(root("acknowledged", "U0ALICE").text).toBe(
      "🧪 TEST · 🟠 Web shop is down, acknowledged by <@U0ALICE>",
    );
    expect(root("resolved").text).toBe("🧪 TEST · ✅ Web shop recovered after 1m");
  });

  it("carries its own Acknowledge (never the API's), the Mute menu, and no incident link", () => {
    const rendered = root("open");
    const blocks = rendered.attachments?.[0]?.blocks;
    const ids = elementsOf(blocks).map((e) => e.action_id);
    expect(ids).toContain(actions.testAcknowledge);
    expect(ids).toContain(actions.mute);
    expect(ids).not.toContain(actions.acknowledge);
    expect(JSON.stringify(blocks)).not.toContain("*Incident*");
    const ack = elementsOf(blocks).find((e) => e.action_id === actions.testAcknowledge);
    expect(testAcknowledgeCodec.decode(ack?.value)).toEqual({ incidentId: ID });
  });

  it("a real alert is unchanged: no mark, the API's Acknowledge", () => {
    const real = renderAlertRoot({
      channelId: "C0ALERTS",
      apiTeamId: "1",
      incident: { ...incident, id: "501", reason: "HTTP 503" },
      monitor,
      stage: "open",
      failingLocations: [],
      now: STARTED,
    });
    expect(real.text).toBe("🔴 Web shop is down: HTTP 503");
    expect(acknowledgeButton({ incidentId: "501", teamId: "1" })?.action_id).toBe(actions.acknowledge);
  });

  it("an escalation step says it ran at test speed", () => {
    const reply = renderEscalationReply({
      incident,
      monitor,
      apiTeamId: "1",
      mention: null,
      afterMinutes: 5,
      now: STARTED + 5_000,
    });
    expect(reply.text).toMatch(/^🧪 TEST · ⏰ Web shop is still down and nobody acknowledged it/);
    expect(JSON.stringify(reply.blocks)).toContain("within 5 s (test speed)");
    expect(elementsOf(reply.blocks).map((e) => e.action_id)).toEqual([actions.testAcknowledge]);
  });
});

describe("the test alert's schedule", () => {
  it("fires each phase once into its subscription's outbox", () => {
    const firing = testAlertSchedule.fire(
      {
        kind: "test-alert",
        phase: "resolved",
        subscriptionId: "sub-1",
        incidentId: ID,
        apiTeamId: "1",
        monitor,
        startedAt: STARTED,
      },
      { dueAt: STARTED + 60_000, now: STARTED + 60_000 },
    );
    expect(firing).toMatchObject({ period: "once", nextDueAt: 0, target: "test-alert:sub-1" });
    expect(JSON.parse(firing.event)).toMatchObject({ type: "test-alert", phase: "resolved", incidentId: ID });
  });
});

describe("/uptime test", () => {
  it("takes no arguments", () => {
    expect(parseCommand("test")).toEqual({ kind: "test" });
    expect(parseCommand("test now")).toHaveProperty("error");
  });

  it("answers which monitor, how many steps at test speed, and the click", () => {
    expect(renderTestAlertStarted({ kind: "posting", monitorName: "Web shop", steps: 1 }).text).toContain(
      "test alert of *Web shop*",
    );
    expect(renderTestAlertStarted({ kind: "posting", monitorName: "Web shop", steps: 2 }).text).toContain(
      "Its 2 escalation steps run at test speed",
    );
    expect(renderTestAlertStarted({ kind: "posting", monitorName: "Web shop", steps: 0 }).text).not.toContain(
      "escalation",
    );
    expect(renderTestAlertStarted({ kind: "paused" }).text).toContain("no test alert was posted");
    expect(renderTestAcknowledgeResult("acknowledged").text).toContain("stays in Slack");
    expect(renderTestAcknowledgeResult("gone").text).toContain("already acknowledged or over");
  });
});
