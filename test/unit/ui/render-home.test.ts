import type { SectionBlock } from "@slack/types";
import { describe, expect, it } from "vitest";
import type { HomeData } from "../../../src/services/home-data";
import { acknowledgeCodec } from "../../../src/ui/codecs";
import { actions } from "../../../src/ui/ids";
import { renderHome } from "../../../src/ui/render-home";
import { checkBlockKitLimits } from "../../support/block-kit-limits";
import { incident, LONG, link, linkedHome, monitor, NOW, subscription } from "./account-fixtures";

const json = (value: unknown) => JSON.stringify(value);

describe("renderHome", () => {
  it("welcomes an unlinked user with the Link button", () => {
    const view = renderHome({ kind: "unlinked" }, { now: NOW });
    expect(view).toMatchSnapshot();
    expect(json(view)).toContain(actions.linkAccount);
    expect(checkBlockKitLimits("home", { ...view })).toEqual([]);
  });

  it("asks a stale user to link again", () => {
    const view = renderHome({ kind: "stale", link: { ...link, stale: true } }, { now: NOW });
    expect(json(view)).toMatch(/no longer accepted/);
    expect(json(view)).toContain(actions.linkAccount);
  });

  it("shows counters, down monitors, open incidents with Acknowledge, subscriptions and the notice", () => {
    const view = renderHome(linkedHome(2, 2, 1), {
      now: NOW,
      notice: ":white_check_mark: Acknowledged incident #7.",
    });
    expect(view).toMatchSnapshot();
    expect(checkBlockKitLimits("home", { ...view })).toEqual([]);
  });

  it("gives Acknowledge only to incidents not yet acknowledged, with a decodable value", () => {
    const view = renderHome(linkedHome(0, 2, 0), { now: NOW });
    const buttons = view.blocks.flatMap((b) => {
      const accessory = b.type === "section" ? (b as SectionBlock).accessory : undefined;
      return accessory?.type === "button" ? [accessory] : [];
    });
    expect(buttons).toHaveLength(1);
    expect(buttons[0]?.action_id).toBe(actions.acknowledge);
    expect(acknowledgeCodec.decode(buttons[0]?.value)).toEqual({ incidentId: "101", teamId: "1" });
  });

  it("shows a down TCP monitor as host:port, or the host alone when it has no port", () => {
    const data = linkedHome(2, 0, 0);
    if (data.kind !== "linked") throw new Error("fixture");
    const [withPort, noPort] = [monitor(3), monitor(6)];
    noPort.settings = { host: "db6.internal" };
    const view = renderHome({ ...data, down: { items: [withPort, noPort], total: 2 } }, { now: NOW });
    expect(json(view)).toContain("db3.internal:5432");
    expect(json(view)).toContain("db6.internal");
    expect(json(view)).not.toContain("db6.internal:");
  });

  it("stays inside Block Kit limits with 200 monitors, 200 incidents, 200 subscriptions and 5,000-character texts", () => {
    const data: HomeData = {
      kind: "linked",
      link: { ...link, apiUserName: LONG },
      team: { id: "1", name: LONG, role: LONG },
      counters: { up: 0, down: 200, paused: 0, pending: 0 },
      down: { items: Array.from({ length: 200 }, (_, i) => monitor(i + 1, LONG)), total: 200 },
      openIncidents: {
        items: Array.from({ length: 200 }, (_, i) => incident(i + 1, { name: LONG, reason: LONG })),
        total: 250,
      },
      subscriptions: Array.from({ length: 200 }, (_, i) => ({
        ...subscription(i, LONG),
        teamName: LONG,
        groups: [LONG, LONG],
        mention: { kind: "usergroup" as const, id: "S0ONCALL", handle: LONG },
        paused: { reason: LONG, at: NOW },
      })),
    };
    const view = renderHome(data, { now: NOW, notice: LONG });
    expect(checkBlockKitLimits("home", { ...view })).toEqual([]);
    expect(view.blocks.length).toBeLessThanOrEqual(100);
    expect(json(view)).toContain("and 160 more");
    expect(json(view)).toContain("and 225 more");
    expect(json(view)).toContain("and 188 more");
  });

  it("Your alerts: off with Turn on and Alert me about…; on with the filters, quiet hours and Turn off", () => {
    const data = linkedHome(0, 0, 1);
    if (data.kind !== "linked") throw new Error("fixture");
    const off = json(renderHome(data, { now: NOW }));
    expect(off).toContain("Personal alerts are *off*");
    expect(off).toContain(actions.personalAlertsOn);
    expect(off).toContain(actions.personalAlertsOpen);
    expect(off).not.toContain(actions.personalAlertsOff);

    const personal = {
      ...subscription(7),
      channelId: "D0ALICE",
      groups: ["Edge"],
      personal: { quiet: { start: "22:00", end: "07:00", timeZone: "Europe/Amsterdam" } },
    };
    const view = renderHome(
      { ...data, subscriptions: [...(data.subscriptions ?? []), personal] },
      { now: NOW },
    );
    const on = json(view);
    expect(on).toContain("group Edge");
    expect(on).toContain("🌙 quiet 22:00–07:00 (Europe/Amsterdam)");
    expect(on).toContain(actions.personalAlertsOff);
    expect(on).not.toContain(actions.personalAlertsOn);
    // Paused: why, in the reader's own terms.
    const paused = renderHome(
      { ...data, subscriptions: [{ ...personal, paused: { reason: "not_logged_in", at: NOW } }] },
      { now: NOW },
    );
    expect(json(paused)).toContain("you are no longer logged in to Uptime");
    // The personal one is not listed again among the channels' subscriptions.
    expect(on).not.toContain("<#D0ALICE>");
    expect(checkBlockKitLimits("home", { ...view })).toEqual([]);
  });

  it("stays inside Block Kit limits with 200 personal subscriptions", () => {
    const data = linkedHome(40, 25, 0);
    if (data.kind !== "linked") throw new Error("fixture");
    const personal = Array.from({ length: 200 }, (_, i) => ({
      ...subscription(i, LONG),
      groups: [LONG, LONG],
      personal: { quiet: { start: "22:00", end: "07:00", timeZone: "UTC" } },
    }));
    const view = renderHome({ ...data, subscriptions: personal }, { now: NOW, notice: LONG });
    expect(checkBlockKitLimits("home", { ...view })).toEqual([]);
    expect(view.blocks.length).toBeLessThanOrEqual(100);
  });

  it('says "at least" when the open incidents were searched up to the page cap only', () => {
    const data = linkedHome(0, 1, 0);
    if (data.kind !== "linked") throw new Error("fixture");
    expect(json(renderHome(data, { now: NOW }))).not.toContain("At least");
    const view = renderHome({ ...data, openIncidents: { ...data.openIncidents, total: null } }, { now: NOW });
    expect(json(view)).toContain(
      "At least 1 open: only the latest 200 incidents were searched for open ones.",
    );
  });

  it("shows an error sentence with Refresh", () => {
    const view = renderHome(
      { kind: "error", text: "The Uptime service is having trouble <now>." },
      { now: NOW },
    );
    expect(json(view)).toContain("having trouble &lt;now&gt;");
    expect(json(view)).toContain(actions.homeRefresh);
  });
});
