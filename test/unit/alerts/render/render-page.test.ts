import { describe, expect, it } from "vitest";
import { pagePostKeys, pagesOf } from "../../../../src/alerts/kinds/page/page-event";
import {
  listOf,
  renderPageAnswer,
  renderPageDm,
  renderPageLine,
} from "../../../../src/alerts/kinds/page/render-page";
import type { IncidentSnapshot } from "../../../../src/alerts/model";
import { pageAcknowledgeCodec } from "../../../../src/ui/codecs";
import { actions } from "../../../../src/ui/ids";

const STARTED = Date.parse("2026-03-02T02:00:00Z");
const incident: IncidentSnapshot = {
  id: "501",
  monitorId: "7",
  started: new Date(STARTED).toISOString(),
  ended: null,
  acknowledged: null,
  maintenance: false,
  reason: "HTTP 503",
};
const monitor = { id: "7", name: "Web shop", target: "https://shop.example.com", group: null };
const dmInput = {
  incident,
  monitor,
  apiTeamId: "1",
  subscriptionId: "sub-1",
  pageId: "p-1",
  by: "U0SAM",
  channelId: "C0ALERTS",
  now: STARTED + 25 * 60_000,
};
const buttons = (blocks: unknown[] | undefined) =>
  (blocks as { elements?: { action_id?: string; value?: string }[] }[]).flatMap((b) => b.elements ?? []);

describe("the page's thread line", () => {
  it("names who paged whom, people then groups, with the message", () => {
    expect(
      renderPageLine({ by: "U0SAM", users: ["U0RITA"], groups: ["S0OPS"], message: "DB is down" }).text,
    ).toBe("📟 <@U0SAM> paged <@U0RITA> and <!subteam^S0OPS>: DB is down");
    expect(renderPageLine({ by: "U0SAM", users: ["U1", "U2", "U3"], groups: [] }).text).toBe(
      "📟 <@U0SAM> paged <@U1>, <@U2> and <@U3>",
    );
  });

  it("escapes the message, so that it pings nobody else and links nowhere", () => {
    const text = renderPageLine({
      by: "U0SAM",
      users: ["U1"],
      groups: [],
      message: "<!channel> see <http://x|y>",
    }).text;
    expect(text).not.toContain("<!channel>");
    expect(text).not.toContain("<http");
  });

  it("says TEST first on a test alert's page", () => {
    expect(renderPageLine({ incidentId: "test-abcd1234", by: "U0SAM", users: ["U1"], groups: [] }).text).toBe(
      "🧪 TEST · 📟 <@U0SAM> paged <@U1>",
    );
  });

  it("says who answered", () => {
    expect(renderPageAnswer({ by: "U0RITA" }).text).toBe("✅ <@U0RITA> answered the page");
  });

  it("lists one, two and more", () => {
    expect(listOf([])).toBe("");
    expect(listOf(["a"])).toBe("a");
    expect(listOf(["a", "b"])).toBe("a and b");
  });
});

describe("the page's DM", () => {
  it("says who paged, what is down since when, where, the message, with Acknowledge of this page", () => {
    const dm = renderPageDm({ ...dmInput, message: "checkout is 503" });
    expect(dm.text).toBe("📟 <@U0SAM> paged you: Web shop is down (for 25m) in <#C0ALERTS>: checkout is 503");
    const [ack] = buttons(dm.blocks);
    expect(ack?.action_id).toBe(actions.pageAcknowledge);
    expect(pageAcknowledgeCodec.decode(ack?.value)).toEqual({
      incidentId: "501",
      teamId: "1",
      subscriptionId: "sub-1",
      pageId: "p-1",
    });
  });

  it("has no Acknowledge once the incident ended", () => {
    const dm = renderPageDm({
      ...dmInput,
      incident: { ...incident, ended: new Date(STARTED + 60_000).toISOString() },
    });
    expect(buttons(dm.blocks)).toEqual([]);
  });
});

describe("pagesOf", () => {
  it("finds the pages whose DM reached a person, from the record's posts", () => {
    const posts = {
      [pagePostKeys.line("p-1")]: { key: "p-1", ts: "1.1" },
      [pagePostKeys.dm("p-1", "U1")]: { key: "x", ts: "2.1" },
      [pagePostKeys.dm("p-2", "U1")]: { key: "refused" },
      [pagePostKeys.dm("p-3", "U2")]: { key: "x", ts: "2.2" },
      [pagePostKeys.dm("p-4", "U1")]: { key: "x", ts: "2.3" },
    };
    expect(pagesOf(posts, "U1")).toEqual(["p-1", "p-4"]);
    expect(pagesOf(undefined, "U1")).toEqual([]);
  });
});

describe("the DM of a page about a test alert", () => {
  it("says TEST in its text and header, links no API incident, and keeps Acknowledge", () => {
    const test = { ...incident, id: "test-abcd1234" };
    const links = {
      baseUrl: "https://uptime.example.com",
      monitorPath: "/monitors/{id}",
      incidentPath: "/incidents/{id}",
    };
    const dm = renderPageDm({ ...dmInput, incident: test, links });
    expect(dm.text).toMatch(/^🧪 TEST · 📟 <@U0SAM> paged you: Web shop is down/);
    expect(JSON.stringify(dm.blocks?.[0])).toContain("🧪 TEST · 📟 *<@U0SAM> paged you*");
    expect(JSON.stringify(dm.blocks)).not.toContain("/incidents/");
    const ack = buttons(dm.blocks).find((b) => b.action_id === actions.pageAcknowledge);
    expect(pageAcknowledgeCodec.decode(ack?.value)).toMatchObject({ incidentId: "test-abcd1234" });
  });
});
