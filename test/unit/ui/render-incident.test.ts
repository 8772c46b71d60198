import { describe, expect, it } from "vitest";
import { actions } from "../../../src/ui/ids";
import { incidentTimeline, renderIncident } from "../../../src/ui/render-incident";
import { closedIncident, incident, monitor, NOW, WEB_LINKS } from "./query-fixtures";

const all = (rendered: { text: string; blocks?: unknown }) =>
  `${rendered.text}\n${JSON.stringify(rendered.blocks)}`;

describe("renderIncident (/uptime incident <id>, the alert's Details)", () => {
  it("shows an open, unacknowledged incident with its monitor, reason, times and an Acknowledge button", () => {
    const rendered = renderIncident({ incident: incident(), monitor: monitor(), ackedBy: null }, NOW);
    const text = all(rendered);
    expect(rendered.text).toBe("🔴 Incident #42 of Public API: open, not acknowledged");
    expect(text).toContain("https://api.example.com/v1/health");
    expect(text).toContain("Connection timeout");
    expect(text).toContain("not yet (ongoing for 12m");
    expect(text).toContain(actions.acknowledge);
    expect(
      incidentTimeline({ incident: incident(), monitor: null, ackedBy: null }).map((e) => e.text),
    ).toEqual(["opened"]);
  });

  it("names who acknowledged from Slack, or the Uptime app, and lists the timeline in order", () => {
    const closed = closedIncident();
    const bySlack = all(renderIncident({ incident: closed, monitor: monitor(), ackedBy: "U0ALICE" }, NOW));
    expect(bySlack).toContain("by <@U0ALICE>");
    expect(bySlack).not.toContain(actions.acknowledge);
    expect(
      incidentTimeline({ incident: closed, monitor: null, ackedBy: "U0ALICE" }).map((e) => e.text),
    ).toEqual(["opened", "acknowledged by <@U0ALICE>", "recovered after 14m"]);
    const inApp = all(renderIncident({ incident: closed, monitor: null, ackedBy: null }, NOW));
    expect(inApp).toContain("acknowledged in the Uptime app");
    expect(inApp).toContain("monitor 5");
  });

  it("adds what happened in Slack to the timeline: escalated, muted and unmuted, in time order", () => {
    const closed = closedIncident();
    const started = closed.started.getTime();
    const texts = incidentTimeline({
      incident: closed,
      monitor: null,
      ackedBy: "U0ALICE",
      slackTimeline: [
        { at: started + 60_000, kind: "muted", channel: "C0OPS", by: "U0BOB", until: started + 3_660_000 },
        { at: started + 30_000, kind: "escalated", channel: "C0OPS" },
        { at: started + 150_000, kind: "unmuted", channel: "C0OPS", by: "U0BOB" },
      ],
    }).map((e) => e.text);
    expect(texts[0]).toBe("opened");
    expect(texts[1]).toBe("escalated in <#C0OPS>: nobody had acknowledged it");
    expect(texts[2]).toMatch(/^muted in <#C0OPS> by <@U0BOB> until <!date\^/);
    expect(texts[3]).toBe("acknowledged by <@U0ALICE>");
    expect(texts[4]).toBe("unmuted in <#C0OPS> by <@U0BOB>");
    expect(texts.at(-1)).toBe("recovered after 14m");
  });

  it("escapes what the API says", () => {
    const hostile = renderIncident(
      {
        incident: incident({ reason: "<!channel> *boom*" }),
        monitor: monitor({ name: "<@U0EVIL> & co" }),
        ackedBy: null,
      },
      NOW,
    );
    // Every mrkdwn text (the header is plain_text, where Slack reads no mention).
    const mrkdwn = [
      hostile.text,
      ...JSON.stringify(hostile.blocks).match(/"type":"mrkdwn","text":"[^"]*"/g)!,
    ];
    for (const text of mrkdwn) {
      expect(text).not.toContain("<!channel>");
      expect(text).not.toContain("<@U0EVIL>");
    }
  });
});

describe("renderIncident with UPTIME_WEB_URL", () => {
  it("links the monitor's name and the incident to the web app", () => {
    const text = all(
      renderIncident({ incident: incident(), monitor: monitor(), ackedBy: null }, NOW, WEB_LINKS),
    );
    expect(text).toContain("*Monitor:* <https://uptime.example.com/app/monitors/5|Public API>");
    expect(text).toContain("<https://uptime.example.com/app/incidents/42|Open #42 in the Uptime web app>");
  });

  it("links the monitor by the incident's monitor id when the monitor was not read", () => {
    const text = all(renderIncident({ incident: incident(), monitor: null, ackedBy: null }, NOW, WEB_LINKS));
    expect(text).toContain("*Monitor:* <https://uptime.example.com/app/monitors/5|monitor 5>");
  });

  it("links nothing without it", () => {
    expect(
      all(renderIncident({ incident: incident(), monitor: monitor(), ackedBy: null }, NOW)),
    ).not.toContain("uptime.example.com");
  });
});
