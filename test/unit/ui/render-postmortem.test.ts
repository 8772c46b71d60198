import { describe, expect, it } from "vitest";
import { renderAlertRoot } from "../../../src/alerts/kinds/incident/render-alert-root";
import type { PostmortemInput } from "../../../src/services/postmortem";
import { postmortemTitle, renderPostmortem } from "../../../src/ui/render-postmortem";
import type { Incident } from "../../../src/uptime";
import { textOf } from "../../support/text-of";

const START = Date.parse("2026-03-02T10:00:00Z");
const incident = {
  id: "42",
  monitorId: "7",
  teamId: "1",
  started: new Date(START),
  acknowledged: new Date(START + 5 * 60_000),
  ended: new Date(START + 45 * 60_000),
  open: false,
  maintenance: false,
  reason: "HTTP 503 | <b>down</b>",
} as unknown as Incident;

const input = (extra: Partial<PostmortemInput> = {}): PostmortemInput => ({
  incident,
  monitorName: "Checkout API",
  ackedBy: "U0ALICE",
  timeline: [{ at: START + 10 * 60_000, kind: "escalated", channel: "C0OPS" }],
  notes: [
    {
      by: "U0ALICE",
      author: "U0BOB",
      at: START + 20 * 60_000,
      text: "# rolled back\nthe *deploy*",
      source: "C0OPS:1.000001",
      permalink: "https://t.slack.com/archives/C0OPS/p1000001",
    },
  ],
  availability24h: 96.875,
  availability30d: 99.9,
  now: START + 60 * 60_000,
  ...extra,
});

describe("the postmortem canvas", () => {
  it("holds the timeline in order, the notes with their links, downtime, availability and empty sections", () => {
    const md = renderPostmortem(input());
    expect(postmortemTitle(input())).toBe("Postmortem: incident #42 (Checkout API)");
    const at = (s: string) => md.indexOf(s);
    expect(at("**Started**")).toBeLessThan(at("**Acknowledged** by ![](@U0ALICE)"));
    expect(at("**Acknowledged**")).toBeLessThan(at("**Escalated** in ![](#C0OPS)"));
    expect(at("**Escalated**")).toBeLessThan(at("Note by ![](@U0BOB): \\# rolled back the \\*deploy\\*"));
    expect(at("Note by")).toBeLessThan(at("**Recovered** after 45m"));
    expect(md).toContain("([message](https://t.slack.com/archives/C0OPS/p1000001))");
    expect(md).toContain("HTTP 503 \\| \\<b\\>down\\</b\\>");
    expect(md).toContain("- **Downtime:** 45m");
    expect(md).toContain("96.875 % over the last 24 h, 99.900 % over the last 30 days");
    for (const section of ["## Cause", "## Impact", "## Follow-ups"]) expect(md).toContain(section);
  });

  it("says who paged whom and who answered, in time order", () => {
    const md = renderPostmortem(
      input({
        timeline: [
          { at: START + 12 * 60_000, kind: "page-answered", channel: "C0OPS", by: "U0RITA" },
          { at: START + 11 * 60_000, kind: "paged", channel: "C0OPS", by: "U0SAM", whom: ["U0RITA", "S0DB"] },
        ],
      }),
    );
    const paged = "**Paged** ![](@U0RITA), user group S0DB in ![](#C0OPS) by ![](@U0SAM)";
    expect(md).toContain(paged);
    expect(md.indexOf(paged)).toBeLessThan(md.indexOf("![](@U0RITA) answered the page in ![](#C0OPS)"));
    expect(md.indexOf("answered the page")).toBeLessThan(md.indexOf("Note by"));
  });

  it("says what is not known yet", () => {
    const open = { ...incident, ended: null, acknowledged: null, open: true } as unknown as Incident;
    const md = renderPostmortem(input({ incident: open, availability24h: null, notes: [], timeline: [] }));
    expect(md).toContain("- **Recovered:** not yet");
    expect(md).toContain("- **Downtime:** 1h so far");
    expect(md).toContain("unknown over the last 24 h");
    expect(md).not.toContain("**Acknowledged**");
  });
});

describe("the alert root's note count", () => {
  const root = (notes?: number) =>
    renderAlertRoot({
      channelId: "C1",
      apiTeamId: "1",
      incident: {
        id: "42",
        monitorId: "7",
        started: new Date(START).toISOString(),
        ended: null,
        acknowledged: null,
        maintenance: false,
        reason: null,
      },
      monitor: null,
      stage: "open",
      failingLocations: [],
      noteCount: notes,
      now: START,
    });

  it("shows how many notes the timeline holds, and nothing without any", () => {
    expect(textOf(root(2))).toContain("📝 2 notes on the timeline: `/uptime incident 42`");
    expect(textOf(root(1))).toContain("📝 1 note on the timeline");
    expect(textOf(root(0))).not.toContain("📝");
    expect(textOf(root())).not.toContain("📝");
  });
});
