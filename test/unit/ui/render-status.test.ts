import { describe, expect, it } from "vitest";
import type { StatusView } from "../../../src/services/get-status";
import { renderStatus } from "../../../src/ui/render-status";
import { decodeOne, decodeStatus } from "../../../src/uptime/decode/documents";
import { checkBlockKitLimits } from "../../support/block-kit-limits";
import { textOf } from "../../support/text-of";
import { incident, longText, monitor, mrkdwnOf, NOW, WEB_LINKS } from "./query-fixtures";

function view(overrides: Partial<StatusView> = {}): StatusView {
  return {
    team: { id: "1", name: "Acme Production" },
    counters: { up: 10, down: 1, paused: 1, pending: 0 },
    down: [monitor({ state: "down", stateCode: -10 })],
    downHasMore: false,
    openIncidents: [incident()],
    openIncidentsCapped: false,
    monitorNames: { "5": "Public API" },
    service: null,
    ...overrides,
  };
}

describe("renderStatus", () => {
  it("shows counters, down monitors and open incidents", () => {
    expect(renderStatus(view(), NOW)).toMatchSnapshot();
  });

  it("says when nothing is down or open, and shows the service status only when not active", () => {
    const quiet = textOf(renderStatus(view({ down: [], openIncidents: [] }), NOW));
    expect(quiet).toContain("Nothing is down");
    expect(quiet).not.toContain("Uptime service reports");
    const troubled = textOf(
      renderStatus(
        view({
          service: {
            status: "error",
            active: false,
            components: ["api"],
            failures: [{ name: "checker-eu" }],
          },
        }),
        NOW,
      ),
    );
    expect(troubled).toContain("The Uptime service reports *error*");
    expect(troubled).toContain("checker-eu");
  });

  it('says "at least" when the incident pages were cut at the cap', () => {
    const whole = textOf(renderStatus(view(), NOW));
    expect(whole).toContain("1 open incident");
    expect(whole).not.toContain("at least");
    expect(whole).not.toContain("latest 200 incidents");

    const capped = textOf(renderStatus(view({ openIncidentsCapped: true }), NOW));
    expect(capped).toContain("at least 1 open incident");
    expect(capped).toContain("*Open incidents* (at least 1)");
    expect(capped).toContain("Only the latest 200 incidents were searched for open ones.");

    const none = textOf(renderStatus(view({ openIncidents: [], openIncidentsCapped: true }), NOW));
    expect(none).toContain("None among the latest 200 incidents.");
    expect(none).toContain("no open incident among the latest 200 incidents");
  });

  it("shows incident reasons and service failures as the decoders scrubbed them", () => {
    const secretUrl = "https://user:pass@host/path?token=x#frag";
    const open = decodeOne("incidents", {
      data: {
        type: "incidents",
        id: "9",
        attributes: { started: "2026-03-01T10:00:00Z", reason: `GET ${secretUrl} answered 503` },
        relationships: { monitor: { data: { type: "monitors", id: "5" } } },
      },
    });
    const service = decodeStatus({ meta: { status: "error", failures: [`probe ${secretUrl} failed`] } });
    const text = textOf(renderStatus(view({ openIncidents: [open], service }), NOW));
    expect(text).toContain("GET https://host/path answered 503");
    expect(text).toContain("probe https://host/path failed");
    for (const secret of ["user:pass", "token=x", "#frag"]) expect(text).not.toContain(secret);
  });

  it("stays within Block Kit limits with 200 down monitors and 5,000-character reasons", () => {
    const down = Array.from({ length: 200 }, (_, i) =>
      monitor({
        id: String(i),
        name: longText(300),
        state: "down",
        settings: { url: `https://x.io/${longText(500)}` },
      }),
    );
    const open = Array.from({ length: 200 }, (_, i) => incident({ id: String(i), reason: longText(5000) }));
    const rendered = renderStatus(
      view({
        team: { id: "1", name: longText(500) },
        down,
        downHasMore: true,
        openIncidents: open,
        service: {
          status: "error",
          active: false,
          components: [],
          failures: Array(100).fill(longText(5000)),
        },
      }),
      NOW,
    );
    expect(checkBlockKitLimits("message", { ...rendered })).toEqual([]);
    expect(textOf(rendered)).toMatch(/and \d+ more/);
    expect(mrkdwnOf(rendered)).not.toContain("<!channel>");
  });
});

describe("renderStatus with UPTIME_WEB_URL", () => {
  it("links down monitors and the monitors of open incidents to the web app", () => {
    const text = mrkdwnOf(
      renderStatus(
        view({ down: [monitor({ id: "8", name: "Shop", state: "down" })], openIncidents: [incident()] }),
        NOW,
        WEB_LINKS,
      ),
    );
    expect(text).toContain("🔴 *<https://uptime.example.com/app/monitors/8|Shop>*");
    expect(text).toContain("🔴 *<https://uptime.example.com/app/monitors/5|Public API>*: Connection timeout");
  });

  it("links nothing without it", () => {
    expect(mrkdwnOf(renderStatus(view(), NOW))).not.toContain("<https://");
  });
});
