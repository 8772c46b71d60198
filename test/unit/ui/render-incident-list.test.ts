import { describe, expect, it } from "vitest";
import type { IncidentListView } from "../../../src/services/list-incidents";
import { acknowledgeCodec, pageCodec } from "../../../src/ui/codecs";
import { actions } from "../../../src/ui/ids";
import { renderIncidentList } from "../../../src/ui/render-incident-list";
import { checkBlockKitLimits } from "../../support/block-kit-limits";
import { textOf } from "../../support/text-of";
import { closedIncident, incident, longText, monitor, mrkdwnOf, NOW, WEB_LINKS } from "./query-fixtures";

function view(overrides: Partial<IncidentListView> = {}): IncidentListView {
  return {
    team: { id: "1", name: "Acme Production" },
    openOnly: false,
    page: 1,
    incidents: [
      incident(),
      incident({
        id: "43",
        monitorId: "9",
        acknowledged: new Date(NOW - 60_000),
        monitor: monitor({ id: "9", name: "Primary database" }),
      }),
      closedIncident(),
      closedIncident({ id: "40", monitorId: "77", reason: null, maintenance: true }),
    ],
    monitorNames: { "5": "Public API" },
    hasPrev: false,
    hasNext: true,
    scanCapped: false,
    ...overrides,
  };
}

const elements = (rendered: ReturnType<typeof renderIncidentList>) =>
  (rendered.blocks ?? []).flatMap((b): unknown[] =>
    b.type === "actions" ? b.elements : b.type === "section" && b.accessory ? [b.accessory] : [],
  ) as { action_id: string; value: string }[];

describe("renderIncidentList", () => {
  it("lists incidents newest first with monitor, reason, start, duration and acknowledgement", () => {
    expect(renderIncidentList(view(), NOW)).toMatchSnapshot();
  });

  it("puts Acknowledge only on open, unacknowledged incidents, and Next carries the list", () => {
    const buttons = elements(renderIncidentList(view(), NOW));
    const acks = buttons.filter((b) => b.action_id === actions.acknowledge);
    expect(acks.map((b) => acknowledgeCodec.decode(b.value))).toEqual([{ incidentId: "42", teamId: "1" }]);
    const next = buttons.find((b) => b.action_id === actions.incidentsPageNext);
    expect(pageCodec.decode(next?.value)).toEqual({
      list: "incidents",
      teamId: "1",
      page: 2,
      openOnly: false,
    });
    expect(buttons.some((b) => b.action_id === actions.incidentsPagePrev)).toBe(false);
  });

  it("resolves names from the included monitor or the lookup map, else shows the id", () => {
    const text = textOf(renderIncidentList(view(), NOW));
    expect(text).toContain("*Public API*");
    expect(text).toContain("*Primary database*");
    expect(text).toContain("*monitor 77*");
    expect(text).toContain("ongoing for 12m");
    expect(text).toContain("14m 5s");
  });

  it("says when there are no open incidents", () => {
    expect(
      textOf(renderIncidentList(view({ incidents: [], openOnly: true, hasNext: false }), NOW)),
    ).toContain("No open incidents");
  });

  it("stays within Block Kit limits with 200 incidents and 5,000-character reasons", () => {
    const incidents = Array.from({ length: 200 }, (_, i) =>
      incident({ id: String(i + 1), reason: longText(5000) }),
    );
    const rendered = renderIncidentList(
      view({ incidents, team: { id: "1", name: longText(500) }, monitorNames: { "5": longText(5000) } }),
      NOW,
    );
    expect(checkBlockKitLimits("message", { ...rendered })).toEqual([]);
    expect(textOf(rendered)).toContain("and 160 more");
  });
});

describe("renderIncidentList with UPTIME_WEB_URL", () => {
  it("links the monitor's name and the incident's number to the web app", () => {
    const text = mrkdwnOf(renderIncidentList(view(), NOW, WEB_LINKS));
    expect(text).toContain("*<https://uptime.example.com/app/monitors/5|Public API>*: Connection timeout");
    expect(text).toContain("<https://uptime.example.com/app/incidents/42|#42>");
    expect(text).toContain("*<https://uptime.example.com/app/monitors/9|Primary database>*");
    expect(text).toContain("<https://uptime.example.com/app/incidents/43|#43>");
  });

  it("links nothing without it", () => {
    expect(mrkdwnOf(renderIncidentList(view(), NOW))).not.toContain("<https://");
  });
});
