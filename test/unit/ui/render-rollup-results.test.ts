import { describe, expect, it } from "vitest";
import { StaleLinkError } from "../../../src/services/errors";
import { renderAcknowledgeRollupResult, renderMuteRollupNote } from "../../../src/ui/render-rollup-results";
import { ServerError } from "../../../src/uptime";

const incident = (n: number, name: string | null = `svc-${n}`) => ({
  incidentId: String(100 + n),
  monitorId: String(n),
  monitorName: name,
});

const serverError = new ServerError({
  status: 500,
  title: "boom",
  detail: null,
  errors: [],
  headers: {},
  request: { method: "POST", path: "/incidents/105/acknowledge" },
  rawBody: "",
});

describe("renderAcknowledgeRollupResult", () => {
  it("says what was acknowledged, skipped and why, and lists each failure with its reason", () => {
    const { text } = renderAcknowledgeRollupResult({
      acknowledged: [incident(1), incident(2)],
      skipped: [
        { ...incident(3), why: "already" },
        { ...incident(4), why: "ended" },
      ],
      failed: [{ ...incident(5, "<evil|x>"), error: serverError }],
    });
    expect(text).toContain("Acknowledged 2 incidents: *svc-1*, *svc-2*.");
    expect(text).toContain("Already acknowledged: *svc-3*.");
    expect(text).toContain("Recovered meanwhile: *svc-4*.");
    expect(text).toContain("1 incident could not be acknowledged");
    expect(text).toMatch(/• incident #105 \(&lt;evil\|x&gt;\): \S/);
    expect(text).not.toContain("boom");
    expect(text).not.toContain("<evil");
  });

  it("says so when nothing was left to acknowledge", () => {
    const { text } = renderAcknowledgeRollupResult({ acknowledged: [], skipped: [], failed: [] });
    expect(text).toMatch(/already acknowledged or recovered/);
  });

  it("bounds a storm of hundreds of failures", () => {
    const failed = Array.from({ length: 300 }, (_, n) => ({ ...incident(n), error: new StaleLinkError() }));
    const { text, blocks } = renderAcknowledgeRollupResult({ acknowledged: [], skipped: [], failed });
    expect(text).toContain("…and 285 more");
    expect(JSON.stringify(blocks).length).toBeLessThan(4000);
  });
});

describe("renderMuteRollupNote", () => {
  it("names who muted which monitors, for how long", () => {
    const { text } = renderMuteRollupNote(
      { muted: [incident(1), incident(2, null)], hours: 1, until: Date.parse("2026-03-02T11:00:00Z") },
      "U0ALICE",
    );
    expect(text).toMatch(/^🔕 <@U0ALICE> muted 2 monitors of this outage in this channel for 1 h \(until /);
    expect(text).toContain("*svc-1*, monitor 2");
  });

  it("says nothing was muted when nothing is down any more", () => {
    const { text } = renderMuteRollupNote({ muted: [], hours: 1, until: 0 }, "U0ALICE");
    expect(text).toMatch(/nothing was muted/);
  });
});
