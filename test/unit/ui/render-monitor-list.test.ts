import { describe, expect, it } from "vitest";
import type { MonitorListView } from "../../../src/services/list-monitors";
import { pageCodec } from "../../../src/ui/codecs";
import { actions } from "../../../src/ui/ids";
import { renderMonitorList } from "../../../src/ui/render-monitor-list";
import { checkBlockKitLimits } from "../../support/block-kit-limits";
import { textOf } from "../../support/text-of";
import { longText, monitor, mrkdwnOf, WEB_LINKS } from "./query-fixtures";

function view(overrides: Partial<MonitorListView> = {}): MonitorListView {
  return {
    team: { id: "1", name: "Acme Production" },
    query: { text: "api", group: "API", page: 2 },
    monitors: [
      monitor(),
      monitor({
        id: "9",
        name: "Primary database",
        kind: "tcp_port",
        settings: { host: "db.internal", port: 5432, timeout: 10 },
        group: null,
      }),
      monitor({ id: "8", name: "Webhooks relay", paused: true, interval: 120 }),
      monitor({ id: "16", name: "New one", state: "pending", stateCode: null, interval: null }),
    ],
    hasPrev: true,
    hasNext: true,
    scanCapped: false,
    ...overrides,
  };
}

const buttons = (rendered: ReturnType<typeof renderMonitorList>) =>
  (rendered.blocks ?? []).flatMap((b) => (b.type === "actions" ? b.elements : [])) as {
    action_id: string;
    value: string;
  }[];

describe("renderMonitorList", () => {
  it("renders one row per monitor with state, target, group, interval and paused", () => {
    expect(renderMonitorList(view())).toMatchSnapshot();
  });

  it("carries the filters and the neighbouring pages in Prev/Next", () => {
    const [prev, next] = buttons(renderMonitorList(view()));
    expect(prev?.action_id).toBe(actions.monitorsPagePrev);
    expect(next?.action_id).toBe(actions.monitorsPageNext);
    expect(pageCodec.decode(prev?.value)).toEqual({
      list: "monitors",
      teamId: "1",
      page: 1,
      text: "api",
      group: "API",
    });
    expect(pageCodec.decode(next?.value)).toMatchObject({ page: 3, text: "api" });
    expect(buttons(renderMonitorList(view({ hasPrev: false, hasNext: false })))).toEqual([]);
  });

  it("says how to widen an empty search", () => {
    const text = textOf(renderMonitorList(view({ monitors: [], hasNext: false })));
    expect(text).toContain("No monitors matching “api” · group API on page 2");
    expect(text).toContain("without filters");
  });

  it("stays within Block Kit limits with 200 monitors of long names", () => {
    const monitors = Array.from({ length: 200 }, (_, i) =>
      monitor({
        id: String(i),
        name: longText(5000),
        group: longText(300),
        settings: { url: longText(5000) },
      }),
    );
    const rendered = renderMonitorList(view({ monitors, query: { text: longText(3000), page: 1 } }));
    expect(checkBlockKitLimits("message", { ...rendered })).toEqual([]);
    expect(textOf(rendered)).toMatch(/and \d+ more/);
  });
});

describe("renderMonitorList with UPTIME_WEB_URL", () => {
  it("links each monitor's name to its page of the web app, within Block Kit limits", () => {
    const rendered = renderMonitorList(view(), WEB_LINKS);
    const text = mrkdwnOf(rendered);
    expect(text).toContain("*<https://uptime.example.com/app/monitors/5|Public API>* (id 5)");
    expect(text).toContain("*<https://uptime.example.com/app/monitors/9|Primary database>*");
    expect(checkBlockKitLimits("message", { ...rendered })).toEqual([]);
  });

  it("links nothing without it", () => {
    expect(mrkdwnOf(renderMonitorList(view()))).not.toContain("<https://");
  });
});
