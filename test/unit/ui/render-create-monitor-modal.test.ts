import { describe, expect, it } from "vitest";
import { createMonitorModalCodec, monitorActionCodec } from "../../../src/ui/codecs";
import { actions, blocks, views } from "../../../src/ui/ids";
import {
  monitorKindOf,
  monitorTarget,
  renderCreateMonitorModal,
  renderGroupOptions,
  renderLinkFirstModal,
  renderMonitorCreated,
} from "../../../src/ui/render-create-monitor-modal";
import { renderMonitorPaused } from "../../../src/ui/render-monitor-paused";
import type { Monitor } from "../../../src/uptime/types";
import { checkBlockKitLimits, type Surface, type SurfacePayload } from "../../support/block-kit-limits";

const limitProblems = (surface: Surface, payload: object) =>
  checkBlockKitLimits(surface, payload as SurfacePayload);

const metadata = createMonitorModalCodec.encode({ teamId: "1", channelId: "C0GENERAL" });

function monitor(overrides: Partial<Monitor> = {}): Monitor {
  return {
    id: "42",
    url: null,
    meta: {},
    name: "API health",
    pronounceable: null,
    group: "API",
    interval: 60,
    kind: "http",
    settings: { url: "https://api.example.com/health" },
    state: "pending",
    stateCode: null,
    paused: false,
    createdAt: null,
    updatedAt: null,
    ...overrides,
  };
}

const blockIdsOf = (view: { blocks: readonly unknown[] }) =>
  view.blocks.map((b) => (b as { block_id?: string }).block_id).filter(Boolean);

describe("renderCreateMonitorModal", () => {
  it("URL kind: the URL input, no host or port", () => {
    const view = renderCreateMonitorModal({
      kind: "url",
      teamName: "Acme Production",
      privateMetadata: metadata,
    });
    expect(view.callback_id).toBe(views.createMonitor);
    expect(view.private_metadata).toBe(metadata);
    const ids = blockIdsOf(view);
    expect(ids).toContain(blocks.createMonitor.url);
    expect(ids).not.toContain(blocks.createMonitor.host);
    expect(limitProblems("modal", view)).toEqual([]);
    expect(view).toMatchSnapshot();
  });

  it("TCP kind: host, port and timeout, no URL", () => {
    const view = renderCreateMonitorModal({
      kind: "tcp",
      teamName: "Acme Production",
      privateMetadata: metadata,
    });
    const ids = blockIdsOf(view);
    for (const id of [blocks.createMonitor.host, blocks.createMonitor.port, blocks.createMonitor.timeout]) {
      expect(ids).toContain(id);
    }
    expect(ids).not.toContain(blocks.createMonitor.url);
    expect(limitProblems("modal", view)).toEqual([]);
    expect(view).toMatchSnapshot();
  });

  it("the kind radio dispatches its change and shows the current kind", () => {
    const view = renderCreateMonitorModal({ kind: "tcp", teamName: "T", privateMetadata: metadata });
    const kind = view.blocks.find((b) => b.block_id === blocks.createMonitor.kind) as {
      dispatch_action?: boolean;
      element: { action_id: string; initial_option: { value: string } };
    };
    expect(kind.dispatch_action).toBe(true);
    expect(kind.element.action_id).toBe(actions.createMonitor.kind);
    expect(kind.element.initial_option.value).toBe("tcp");
  });

  it("offers the A8 intervals with 60 s preselected", () => {
    const view = renderCreateMonitorModal({ kind: "url", teamName: "T", privateMetadata: metadata });
    const interval = view.blocks.find((b) => b.block_id === blocks.createMonitor.interval) as {
      element: { options: { value: string }[]; initial_option: { value: string } };
    };
    expect(interval.element.options.map((o) => o.value)).toEqual([
      "30",
      "60",
      "120",
      "300",
      "600",
      "900",
      "1800",
      "3600",
    ]);
    expect(interval.element.initial_option.value).toBe("60");
  });

  it("stays within Block Kit limits with a huge team name and metadata at its limit", () => {
    const bigMetadata = "x".repeat(3000);
    for (const kind of ["url", "tcp"] as const) {
      const view = renderCreateMonitorModal({
        kind,
        teamName: "Ü".repeat(5000),
        privateMetadata: bigMetadata,
      });
      expect(limitProblems("modal", view)).toEqual([]);
    }
  });
});

describe("renderLinkFirstModal", () => {
  it("has the Link button and no submit", () => {
    const view = renderLinkFirstModal("You haven't linked your Uptime account yet.");
    expect(view.submit).toBeUndefined();
    expect(JSON.stringify(view)).toContain(actions.linkAccount);
    expect(limitProblems("modal", view)).toEqual([]);
  });
});

describe("renderGroupOptions", () => {
  it("one option per group, value = name", () => {
    expect(
      renderGroupOptions([
        { name: "API", monitorCount: 4 },
        { name: "Solo", monitorCount: 1 },
      ]),
    ).toEqual([
      { text: { type: "plain_text", text: "API · 4 monitors", emoji: true }, value: "API" },
      { text: { type: "plain_text", text: "Solo · 1 monitor", emoji: true }, value: "Solo" },
    ]);
  });

  it("at most 100, texts within 75, names too long for a value left out", () => {
    const groups = Array.from({ length: 200 }, (_, i) => ({
      name: `${"g".repeat(140)}${i}`,
      monitorCount: i,
    }));
    groups.push({ name: "x".repeat(151), monitorCount: 1 });
    const options = renderGroupOptions([groups[200]!, ...groups.slice(0, 200)]);
    expect(options).toHaveLength(100);
    for (const o of options) {
      expect(o.text.text.length).toBeLessThanOrEqual(75);
      expect(o.value!.length).toBeLessThanOrEqual(150);
    }
  });
});

describe("renderMonitorCreated", () => {
  it("says name, target, interval and pending, with a Pause button", () => {
    const rendered = renderMonitorCreated({
      monitor: monitor(),
      teamName: "Acme Production",
      requestedInterval: 60,
    });
    expect(rendered).toMatchSnapshot();
    const text = JSON.stringify(rendered.blocks);
    expect(text).toContain("API health");
    expect(text).toContain("https://api.example.com/health");
    expect(text).toContain("every 1m");
    expect(text).toContain("pending");
    expect(text).toContain(monitorActionCodec.encode({ monitorId: "42" }).replace(/"/g, '\\"'));
  });

  it("uses the requested interval when the create response has none, and host:port for TCP", () => {
    const rendered = renderMonitorCreated({
      monitor: monitor({
        interval: null,
        kind: "tcp_port",
        settings: { host: "db", port: 5432, timeout: 5 },
      }),
      teamName: "T",
      requestedInterval: 300,
    });
    expect(JSON.stringify(rendered.blocks)).toContain("`db:5432` every 5m");
  });

  it("stays within limits with 5,000-character values and escapes mrkdwn", () => {
    const long = "<!channel> & ".repeat(400);
    const rendered = renderMonitorCreated({
      monitor: monitor({
        name: long,
        group: long,
        settings: { url: `https://x.example/${"a".repeat(5000)}` },
      }),
      teamName: long,
      requestedInterval: 60,
    });
    expect(limitProblems("message", rendered)).toEqual([]);
    expect(JSON.stringify(rendered.blocks)).not.toContain("<!channel>");
  });

  it("monitorTarget", () => {
    expect(monitorTarget({ settings: { host: "h" } })).toBe("h");
    expect(monitorTarget({ settings: {} })).toBe("(no target)");
  });
});

describe("renderMonitorPaused", () => {
  it.each([
    [true, true],
    [true, false],
    [false, true],
    [false, false],
  ])("paused=%s changed=%s", (paused, changed) => {
    const rendered = renderMonitorPaused({ monitor: monitor(), paused, changed });
    expect(rendered).toMatchSnapshot();
    const button = JSON.stringify(rendered.blocks);
    expect(button).toContain(paused ? actions.resumeMonitor : actions.pauseMonitor);
    expect(limitProblems("message", rendered)).toEqual([]);
  });

  it("the paused sentence tells how to undo it", () => {
    const rendered = renderMonitorPaused({ monitor: monitor(), paused: true, changed: true });
    expect(JSON.stringify(rendered.blocks)).toContain(
      "Paused *API health*. `/uptime resume API health` turns it back on.",
    );
  });

  it("stays within limits with a 5,000-character name", () => {
    const rendered = renderMonitorPaused({
      monitor: monitor({ name: "`<b>`".repeat(1000) }),
      paused: true,
      changed: true,
    });
    expect(limitProblems("message", rendered)).toEqual([]);
  });
});

describe("the edit modal (the create modal filled with a monitor)", () => {
  type Element = { initial_value?: string; initial_option?: { value: string }; options?: unknown[] };
  const elementOf = (view: { blocks: readonly unknown[] }, block: string) =>
    (view.blocks.find((b) => (b as { block_id?: string }).block_id === block) as { element: Element })
      .element;

  it("starts with the monitor's values, offers its kind only, and saves instead of creating", () => {
    const view = renderCreateMonitorModal({
      kind: "url",
      teamName: "Acme",
      privateMetadata: createMonitorModalCodec.encode({ teamId: "1", monitorId: "42" }),
      monitor: monitor({
        settings: { url: "https://api.example.com/health", keywordBody: "OK" },
        interval: 300,
      }),
    });
    expect(view.title?.text).toBe("Edit monitor");
    expect(view.submit?.text).toBe("Save");
    expect(elementOf(view, blocks.createMonitor.name).initial_value).toBe("API health");
    expect(elementOf(view, blocks.createMonitor.url).initial_value).toBe("https://api.example.com/health");
    expect(elementOf(view, blocks.createMonitor.keyword).initial_value).toBe("OK");
    expect(elementOf(view, blocks.createMonitor.interval).initial_option?.value).toBe("300");
    expect(elementOf(view, blocks.createMonitor.group).initial_option?.value).toBe("API");
    expect(elementOf(view, blocks.createMonitor.kind).options).toHaveLength(1);
    expect(createMonitorModalCodec.decode(view.private_metadata)).toEqual({ teamId: "1", monitorId: "42" });
    expect(limitProblems("modal", view)).toEqual([]);
  });

  it("fills a TCP monitor's host, port and timeout", () => {
    const tcp = monitor({ kind: "tcp_port", settings: { host: "db.example.com", port: 5432, timeout: 7 } });
    const view = renderCreateMonitorModal({
      kind: monitorKindOf(tcp),
      teamName: "Acme",
      privateMetadata: metadata,
      monitor: tcp,
    });
    expect(elementOf(view, blocks.createMonitor.host).initial_value).toBe("db.example.com");
    expect(elementOf(view, blocks.createMonitor.port).initial_value).toBe("5432");
    expect(elementOf(view, blocks.createMonitor.timeout).initial_value).toBe("7");
    expect(blockIdsOf(view)).not.toContain(blocks.createMonitor.url);
  });
});
