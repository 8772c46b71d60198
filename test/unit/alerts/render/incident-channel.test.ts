import { describe, expect, it } from "vitest";
import {
  CHANNEL_NAME_MAX,
  incidentChannelName,
  slug,
} from "../../../../src/alerts/kinds/incident-channel/incident-channel-name";
import {
  renderIncidentChannelEntry,
  renderIncidentChannelIntro,
  renderIncidentChannelLink,
  renderIncidentChannelSummary,
} from "../../../../src/alerts/kinds/incident-channel/render-incident-channel";
import { alertMonitorSchema } from "../../../../src/store/alert-message-store";
import { archiveChannelCodec } from "../../../../src/ui/codecs";
import { actions } from "../../../../src/ui/ids";
import { incident, T0 } from "../fixtures";

/** Slack's rule for conversations.create (https://docs.slack.dev/reference/methods/conversations.create). */
const SLACK_NAME = /^[a-z0-9_-]{1,80}$/;

describe("incidentChannelName", () => {
  const at = Date.parse("2026-11-28T23:59:00Z");

  it("is inc-<yyyymmdd>-<monitor> in Slack's alphabet, the day in UTC", () => {
    expect(
      incidentChannelName({ startedMs: at, monitorName: "Web Shop (EU) / Checkout", monitorId: "2" }),
    ).toBe("inc-20261128-web-shop-eu-checkout");
  });

  it("drops accents, keeps underscores and digits, and never leaves a hyphen at either end", () => {
    expect(incidentChannelName({ startedMs: at, monitorName: "  Crème_Brûlée №5!! ", monitorId: "3" })).toBe(
      "inc-20261128-creme_brulee-no5",
    );
  });

  it("names a monitor with nothing left of its name by its id", () => {
    expect(incidentChannelName({ startedMs: at, monitorName: "日本語 🚀", monitorId: "42" })).toBe(
      "inc-20261128-monitor-42",
    );
    expect(incidentChannelName({ startedMs: at, monitorName: null, monitorId: "42" })).toBe(
      "inc-20261128-monitor-42",
    );
  });

  it("stays within 80 characters with the suffix of a taken name, and every name is one Slack accepts", () => {
    const long = "A very long monitor name ".repeat(10);
    const first = incidentChannelName({ startedMs: at, monitorName: long, monitorId: "1" });
    const tenth = incidentChannelName({ startedMs: at, monitorName: long, monitorId: "1", attempt: 10 });
    expect(first.length).toBeLessThanOrEqual(CHANNEL_NAME_MAX);
    expect(tenth.length).toBeLessThanOrEqual(CHANNEL_NAME_MAX);
    expect(tenth.endsWith("-10")).toBe(true);
    expect(tenth).not.toBe(first);
    for (const name of [first, tenth, "x", "-", "---___", "Ünïcödé", "a".repeat(300)]) {
      expect(incidentChannelName({ startedMs: at, monitorName: name, monitorId: "7", attempt: 3 })).toMatch(
        SLACK_NAME,
      );
    }
  });

  it("slug lower-cases and collapses runs of other characters into one hyphen", () => {
    expect(slug("API -- Gateway..EU")).toBe("api-gateway-eu");
  });
});

describe("incident channel messages", () => {
  const down = { incident: incident("9", T0, { monitorId: "77" }), monitor: null };
  // As the pipeline reads it back from the store: a target of an older version's record is scrubbed there.
  const monitor = alertMonitorSchema.parse({
    id: "77",
    name: "Checkout <!channel>",
    target: "https://user:pw@shop.example.com/x?t=1",
    group: null,
  });

  it("the intro says what is down, why, and where it was opened from, without pinging anyone", () => {
    const intro = renderIncidentChannelIntro({
      items: [{ ...down, monitor }],
      sourceChannel: "C0ALERTS",
      openedBy: "U0ALICE",
      now: T0 + 90_000,
    });
    const text = JSON.stringify(intro);
    expect(intro.text).toBe("🔴 Checkout &lt;!channel&gt; is down");
    expect(text).toContain("Connection timeout");
    expect(text).toContain("<#C0ALERTS>");
    expect(text).toContain("incident #9");
    expect(text).not.toContain("<!channel>");
    expect(text).not.toContain("pw@");
  });

  it("a roll-up's intro lists its monitors and names the team", () => {
    const intro = renderIncidentChannelIntro({
      items: [down, { incident: incident("10", T0, { monitorId: "78" }), monitor: null }],
      teamName: "Acme",
      sourceChannel: "C0STORM",
      openedBy: "U0BOB",
      now: T0,
    });
    expect(intro.text).toBe("🔴 2 monitors of Acme are down");
    expect(JSON.stringify(intro)).toContain("Monitor 78");
  });

  it("the link reply and the timeline entries name, never mention, who acknowledged", () => {
    expect(renderIncidentChannelLink({ channelId: "C0INC", openedBy: "U0ALICE" }).text).toContain("<#C0INC>");
    const acked = renderIncidentChannelEntry({
      kind: "acknowledged",
      item: { ...down, monitor },
      by: "alice",
      now: T0,
    });
    expect(acked.text).toBe("👀 Checkout &lt;!channel&gt; acknowledged by alice");
    const outside = renderIncidentChannelEntry({ kind: "acknowledged", item: down, by: null, now: T0 });
    expect(outside.text).toContain("in the Uptime app");
    const ended = { ...down, incident: { ...down.incident, ended: new Date(T0 + 252_000).toISOString() } };
    expect(renderIncidentChannelEntry({ kind: "recovered", item: ended, now: T0 + 999_000 }).text).toContain(
      "recovered after 4m 12s",
    );
  });

  it("the summary has the duration, who acknowledged, the availability, and Archive naming this channel", () => {
    const ended = {
      monitor,
      incident: {
        ...down.incident,
        acknowledged: new Date(T0 + 60_000).toISOString(),
        ended: new Date(T0 + 252_000).toISOString(),
      },
    };
    const summary = renderIncidentChannelSummary({
      items: [ended],
      ackedBy: { "9": "alice" },
      availability: { "77": 99.7083 },
      teamId: "12",
      channelId: "C0INC",
      now: T0 + 999_000,
    });
    const text = JSON.stringify(summary.blocks);
    expect(summary.text).toContain("4m 12s");
    expect(text).toContain("acknowledged by alice");
    expect(text).toContain("availability 24 h 99.71%");
    const archive = (summary.blocks ?? [])
      .flatMap((b) => ("elements" in b ? (b.elements as { action_id?: string; value?: string }[]) : []))
      .find((e) => e.action_id === actions.archiveIncidentChannel);
    expect(archiveChannelCodec.decode(archive?.value)).toEqual({ teamId: "12", channelId: "C0INC" });
    const unknown = renderIncidentChannelSummary({
      items: [{ ...ended, incident: { ...ended.incident, acknowledged: null } }],
      ackedBy: {},
      availability: { "77": null },
      teamId: "12",
      channelId: "C0INC",
      now: T0,
    });
    expect(JSON.stringify(unknown.blocks)).toMatch(/not acknowledged, availability 24 h unknown/);
  });
});
