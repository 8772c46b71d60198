import { describe, expect, it } from "vitest";
import { renderHandoverDm, renderHandoverNote } from "../../../src/alerts/kinds/rota/render-handover";
import { newRota } from "../../../src/domain/oncall-rota";
import {
  renderOncall,
  renderOncallGroupRefused,
  renderOncallSet,
  rotaCadenceText,
} from "../../../src/ui/render-oncall";

const set = Date.parse("2026-03-18T12:00:00Z");
const rota = newRota(
  {
    people: ["UA", "UB", "UC"],
    everyDays: 7,
    at: { weekday: 1, hour: 9, minute: 0 },
    timeZone: "Europe/Amsterdam",
    setBy: "UA",
    group: { id: "S1", handle: "uptime-oncall" },
  },
  set,
);
const until = Date.parse("2026-03-23T08:00:00Z") / 1000;

describe("on-call answers", () => {
  it("say who is on call, until when (a Slack date), who is next, and the rota", () => {
    const { text } = renderOncall(rota, set);
    expect(text).toContain(`On call now: <@UA> until <!date^${until}^`);
    expect(text).toContain("next: <@UB>");
    expect(text).toContain(
      "<@UA> → <@UB> → <@UC>, handing over every week on Monday at 09:00 (Europe/Amsterdam)",
    );
    expect(text).toContain("<!subteam^S1|@uptime-oncall> follows it");
  });

  it("say how to set one when there is none", () => {
    expect(renderOncall(null, set).text).toMatch(/no on-call rota.*oncall set/);
  });

  it("name turns in days and weeks", () => {
    expect(rotaCadenceText({ everyDays: 1, at: { hour: 8, minute: 5 }, timeZone: "UTC" })).toBe(
      "every day at 08:05 (UTC)",
    );
    expect(rotaCadenceText({ everyDays: 14, at: { weekday: 5, hour: 17, minute: 0 }, timeZone: "UTC" })).toBe(
      "every 2 weeks on Friday at 17:00 (UTC)",
    );
  });

  it("confirm a rota set and explain the handover", () => {
    expect(renderOncallSet(rota, set).text).toMatch(/Rota set for this channel.*DM/);
  });

  it("explain a refused user group, and that nothing changed", () => {
    expect(renderOncallGroupRefused("no-scope", "uptime-oncall").text).toMatch(
      /`usergroups:write` scope.*Nothing was changed/,
    );
    expect(renderOncallGroupRefused("paid-only", "g").text).toMatch(/paid Slack plan/);
  });
});

describe("handover", () => {
  const input = { user: "UB", until: until * 1000, next: "UC", overridden: false, channelId: "C1" };
  it("is one short note in the channel", () => {
    expect(renderHandoverNote(input).text).toBe(
      `🔁 On call now: <@UB> until <!date^${until}^{date_short_pretty} {time}|2026-03-23 08:00 UTC> · next: <@UC>`,
    );
  });
  it("and a DM to the incoming person", () => {
    expect(renderHandoverDm({ ...input, overridden: true })).toMatch(
      /^🔁 You are on call for <#C1> from now until .* \(an override\)\. Next: <@UC>\./,
    );
  });
});
