import { describe, expect, it } from "vitest";
import type { CheckListView } from "../../../src/services/list-checks";
import { renderChannels } from "../../../src/ui/render-channels";
import { renderChecks } from "../../../src/ui/render-checks";
import { flagOf, renderLocations } from "../../../src/ui/render-locations";
import type { Channel, Location } from "../../../src/uptime/types";
import { checkBlockKitLimits } from "../../support/block-kit-limits";
import { textOf } from "../../support/text-of";
import { check, longText } from "./query-fixtures";

const team = { id: "1", name: "Acme Production" };

describe("renderChecks", () => {
  const view: CheckListView = {
    team,
    checks: [
      check(),
      check({
        id: "2",
        location: "nyc",
        passed: false,
        status: 0,
        durationMs: 30000,
        error: "Connection timeout",
      }),
      check({ id: "3", monitorId: "99", location: "syd", status: 503, passed: false, error: "HTTP 503" }),
    ],
    total: 50,
    monitorNames: { "5": "Public API" },
  };

  it("lists monitor, location, result, status, duration and error", () => {
    const rendered = renderChecks(view);
    expect(rendered).toMatchSnapshot();
    expect(textOf(rendered)).toContain("❌ *Public API* · nyc · no answer · 30000 ms");
    expect(textOf(rendered)).toContain("❌ *monitor 99* · syd · HTTP 503");
  });

  it("stays within Block Kit limits with 50 checks and 5,000-character errors", () => {
    const checks = Array.from({ length: 50 }, (_, i) =>
      check({ id: String(i), passed: false, error: longText(5000), location: longText(500) }),
    );
    const rendered = renderChecks({ ...view, checks, monitorNames: { "5": longText(5000) } });
    expect(checkBlockKitLimits("message", { ...rendered })).toEqual([]);
    expect(textOf(rendered)).toMatch(/and \d+ more/);
  });
});

function location(id: string, name: string, countryCode: string | null, zone: string | null): Location {
  return { id, url: null, meta: {}, name, countryCode, zone, ip: "192.0.2.1", status: 1, seen: null };
}

describe("renderLocations", () => {
  it("lists name, id, country and zone, sorted by name", () => {
    const rendered = renderLocations([
      location("nyc", "New York", "US", "North America"),
      location("fra", "Frankfurt", "DE", "Europe"),
    ]);
    expect(rendered).toMatchSnapshot();
    expect(flagOf("de")).toBe("🇩🇪");
    expect(flagOf(null)).toBe("🌐");
  });

  it("stays within Block Kit limits with 200 locations", () => {
    const many = Array.from({ length: 200 }, (_, i) =>
      location(String(i), longText(5000), "??", longText(5000)),
    );
    expect(checkBlockKitLimits("message", { ...renderLocations(many) })).toEqual([]);
  });
});

function channel(id: string, slug: string, name: string, enabled: boolean): Channel {
  return {
    id,
    url: null,
    meta: {},
    slug,
    name,
    description: null,
    enabled,
    createdAt: null,
    updatedAt: null,
  };
}

describe("renderChannels", () => {
  it("lists slug, name and whether each is enabled", () => {
    const rendered = renderChannels({
      team,
      channels: [channel("1", "email", "Ops e-mail", true), channel("2", "sms", "On-call SMS", false)],
    });
    expect(rendered).toMatchSnapshot();
    expect(textOf(rendered)).toContain("*On-call SMS* (`sms`) · ⛔ disabled");
    expect(textOf(renderChannels({ team, channels: [] }))).toContain("no alert channels");
  });

  it("stays within Block Kit limits with 200 channels", () => {
    const many = Array.from({ length: 200 }, (_, i) =>
      channel(String(i), longText(500), longText(5000), true),
    );
    expect(checkBlockKitLimits("message", { ...renderChannels({ team, channels: many }) })).toEqual([]);
  });
});
