import { describe, expect, it } from "vitest";
import { ALERT_COLORS } from "../../../../src/alerts/engine/alert-parts";
import { renderFlapNote } from "../../../../src/alerts/kinds/flapping/render-flap-note";
import {
  type AlertRootInput,
  renderAlertRoot,
} from "../../../../src/alerts/kinds/incident/render-alert-root";
import { renderRecoveryReply } from "../../../../src/alerts/kinds/incident/render-incident-replies";
import { ROLLUP_MAX_LINES, renderStormRollup } from "../../../../src/alerts/kinds/storm/render-storm-rollup";
import type { AlertMonitor, IncidentSnapshot } from "../../../../src/alerts/model";
import { PAUSE_REASONS } from "../../../../src/domain/pause-reasons";
import { alertMonitorSchema } from "../../../../src/store/alert-message-store";
import {
  acknowledgeCodec,
  detailsCodec,
  incidentChannelCodec,
  muteCodec,
  muteUntilRecoveredCodec,
  pageNowCodec,
  rollupCodec,
  unmuteCodec,
} from "../../../../src/ui/codecs";
import { actions } from "../../../../src/ui/ids";
import {
  type PauseNotice,
  renderPauseChannelNote,
  renderPauseDirectMessage,
} from "../../../../src/ui/render-paused-notice";
import type { WebLinks } from "../../../../src/ui/web-links";
import { checkBlockKitLimits } from "../../../support/block-kit-limits";

const NOW = Date.parse("2026-03-02T10:16:12Z");

const monitor: AlertMonitor = {
  id: "77",
  name: "Checkout API",
  target: "https://shop.example.com/health",
  group: "shop",
};
const incident: IncidentSnapshot = {
  id: "9001",
  monitorId: "77",
  started: "2026-03-02T10:04:00Z",
  ended: null,
  acknowledged: null,
  maintenance: false,
  reason: "HTTP 503 Service Unavailable",
};
const resolved: IncidentSnapshot = { ...incident, ended: "2026-03-02T10:08:12Z" };

function root(overrides: Partial<AlertRootInput> = {}): AlertRootInput {
  return {
    channelId: "C0ALERTS",
    apiTeamId: "12",
    incident,
    monitor,
    stage: "open",
    failingLocations: ["Frankfurt", "Virginia"],
    mention: { kind: "here" },
    now: NOW,
    ...overrides,
  };
}

/** Every action_id and value of a rendered alert's attachment blocks. */
function elementsOf(rendered: ReturnType<typeof renderAlertRoot>) {
  const blocks = rendered.attachments?.[0]?.blocks ?? [];
  return blocks.flatMap((block) => ("elements" in block && block.type === "actions" ? block.elements : []));
}

/** Checks the message and the blocks inside each attachment (Slack validates both). */
function limitsOf(rendered: { text: string; blocks?: unknown[]; attachments?: { blocks?: unknown[] }[] }) {
  return [
    ...checkBlockKitLimits("message", { text: rendered.text, blocks: rendered.blocks }),
    ...(rendered.attachments ?? []).flatMap((a) => checkBlockKitLimits("message", { blocks: a.blocks })),
  ];
}

describe("renderAlertRoot", () => {
  it("renders a down alert: red bar, what broke in the text, Acknowledge, Mute and Details", () => {
    const rendered = renderAlertRoot(root());
    expect(rendered).toMatchSnapshot();
    expect(rendered.text).toBe("<!here> 🔴 Checkout API is down: HTTP 503 Service Unavailable");
    expect(rendered.attachments?.[0]?.color).toBe("#E01E5A");
    const elements = elementsOf(rendered);
    expect(elements.map((e) => e.action_id)).toEqual([
      actions.acknowledge,
      actions.mute,
      actions.details,
      actions.openIncidentChannel,
      actions.pageOpen,
    ]);
    const ack = elements[0] as { value: string };
    expect(acknowledgeCodec.decode(ack.value)).toEqual({ incidentId: "9001", teamId: "12" });
    const overflow = elements[1] as { options: { value: string }[] };
    expect(
      overflow.options.map((o) => muteCodec.decode(o.value) ?? muteUntilRecoveredCodec.decode(o.value)),
    ).toEqual([
      { monitorId: "77", channelId: "C0ALERTS", hours: 1 },
      { monitorId: "77", channelId: "C0ALERTS", hours: 4 },
      { monitorId: "77", channelId: "C0ALERTS", hours: 24 },
      // Issue 37: until this incident recovers.
      { monitorId: "77", channelId: "C0ALERTS", incidentId: "9001" },
    ]);
    expect(detailsCodec.decode((elements[2] as { value: string }).value)).toEqual({
      monitorId: "77",
      incidentId: "9001",
    });
    // Open incident channel names the incident, its API team and this channel (issue 38).
    expect(incidentChannelCodec.decode((elements[3] as { value: string }).value)).toEqual({
      teamId: "12",
      channelId: "C0ALERTS",
      incidentId: "9001",
    });
    expect(JSON.stringify(rendered)).toContain("<!date^1772445840^");
    expect(JSON.stringify(rendered)).toContain("Frankfurt, Virginia");
  });

  it("renders acknowledged amber, by a Slack user or outside Slack, without the Acknowledge button", () => {
    const bySlack = renderAlertRoot(root({ stage: "acknowledged", ackedBy: "U0ALICE" }));
    expect(bySlack).toMatchSnapshot();
    expect(bySlack.text).toBe("🟠 Checkout API is down, acknowledged by <@U0ALICE>");
    expect(bySlack.attachments?.[0]?.color).toBe("#ECB22E");
    expect(elementsOf(bySlack).map((e) => e.action_id)).toEqual([
      actions.mute,
      actions.details,
      actions.openIncidentChannel,
      actions.pageOpen,
    ]);
    const outside = renderAlertRoot(root({ stage: "acknowledged", ackedBy: null }));
    expect(outside.text).toContain("acknowledged in the Uptime app");
  });

  it("renders recovered green with the downtime and only a Details button", () => {
    const rendered = renderAlertRoot(root({ stage: "resolved", incident: resolved }));
    expect(rendered).toMatchSnapshot();
    expect(rendered.text).toBe("✅ Checkout API recovered after 4m 12s");
    expect(rendered.attachments?.[0]?.color).toBe("#2EB67D");
    expect(elementsOf(rendered).map((e) => e.action_id)).toEqual([actions.details]);
  });

  it("pings only in stage open: updates never carry the mention", () => {
    const mentions = [
      { kind: "here", token: "<!here>" },
      { kind: "channel", token: "<!channel>" },
    ] as const;
    for (const { kind, token } of mentions) {
      expect(renderAlertRoot(root({ mention: { kind } })).text.startsWith(token)).toBe(true);
    }
    const group = renderAlertRoot(root({ mention: { kind: "usergroup", id: "S0ONCALL", handle: "oncall" } }));
    expect(group.text.startsWith("<!subteam^S0ONCALL|@oncall> ")).toBe(true);
    for (const stage of ["acknowledged", "resolved"] as const) {
      const text = JSON.stringify(
        renderAlertRoot(root({ stage, incident: resolved, mention: { kind: "channel" } })),
      );
      expect(text).not.toMatch(/<!here>|<!channel>|<!subteam/);
    }
    expect(renderAlertRoot(root({ mention: null })).text.startsWith("🔴")).toBe(true);
  });

  it("escapes user text so a monitor name cannot ping or link", () => {
    const rendered = renderAlertRoot(
      root({ monitor: { ...monitor, name: "<!channel> & <https://evil|x>" }, mention: null }),
    );
    expect(rendered.text).toBe(
      "🔴 &lt;!channel&gt; &amp; &lt;https://evil|x&gt; is down: HTTP 503 Service Unavailable",
    );
  });

  it("shows the flap and mute notes, and falls back to the monitor id when the monitor is unknown", () => {
    const rendered = renderAlertRoot(
      root({
        monitor: null,
        flapping: { incidents: 4, windowMinutes: 15 },
        muted: { until: NOW + 3_600_000 },
      }),
    );
    const text = JSON.stringify(rendered);
    expect(rendered.text).toContain("Monitor 77 is down");
    expect(text).toContain("Flapping:* 4 incidents in 15 min");
    expect(text).toContain("Muted here until");
  });

  it("says who muted until when, and offers Unmute instead of the Mute menu while muted", () => {
    const rendered = renderAlertRoot(root({ muted: { until: NOW + 3_600_000, by: "U0MUTER" } }));
    const blocks = rendered.attachments![0]!.blocks!;
    const note = JSON.stringify(blocks.find((b) => b.type === "context"));
    expect(note).toContain(`Muted here by <@U0MUTER> until <!date^${Math.floor((NOW + 3_600_000) / 1000)}`);
    const buttons = blocks.find((b) => b.type === "actions") as {
      elements: { action_id: string; value?: string }[];
    };
    const ids = buttons.elements.map((e) => e.action_id);
    expect(ids).toContain(actions.unmute);
    expect(ids).not.toContain(actions.mute);
    const unmute = buttons.elements.find((e) => e.action_id === actions.unmute)!;
    expect(unmuteCodec.decode(unmute.value)).toEqual({ monitorId: "77", channelId: "C0ALERTS" });

    // Recovered: no mute note, no Unmute (nothing left to quiet on this message).
    const green = JSON.stringify(
      renderAlertRoot(
        root({ stage: "resolved", incident: resolved, muted: { until: NOW + 1, by: "U0MUTER" } }),
      ),
    );
    expect(green).not.toContain("Muted here");
    expect(green).not.toContain(actions.unmute);
  });

  it("never shows the user info, query or fragment of a target an older version stored", () => {
    // What an older version wrote, read back through the store's schema as the pipeline reads it.
    const stored = alertMonitorSchema.parse({
      ...monitor,
      target: "https://admin:hunter2@shop.example.com/health?key=s3cr3t#frag",
    });
    const rendered = renderAlertRoot(root({ monitor: stored }));
    const text = JSON.stringify(rendered);
    expect(text).toContain("https://shop.example.com/health");
    expect(text).not.toMatch(/hunter2|admin|s3cr3t|frag/);
  });

  it("stays inside Block Kit limits with huge names, reasons and location lists", () => {
    const huge = renderAlertRoot(
      root({
        monitor: { ...monitor, name: "N".repeat(5000), target: `https://${"x".repeat(5000)}.example` },
        incident: { ...incident, reason: "R".repeat(5000) },
        failingLocations: Array.from({ length: 200 }, (_, i) => `Location ${i} ${"z".repeat(40)}`),
        flapping: { incidents: 99, windowMinutes: 15 },
        mention: { kind: "usergroup", id: "S0ONCALL", handle: "oncall" },
      }),
    );
    expect(limitsOf(huge)).toEqual([]);
    for (const stage of ["acknowledged", "resolved"] as const) {
      const rendered = renderAlertRoot(
        root({ stage, incident: { ...resolved, reason: "R".repeat(5000) }, ackedBy: "U0BOB" }),
      );
      expect(limitsOf(rendered)).toEqual([]);
    }
  });

  it("leaves out a button whose ids do not fit its codec instead of throwing", () => {
    const rendered = renderAlertRoot(root({ apiTeamId: "not-a-number" }));
    expect(elementsOf(rendered).map((e) => e.action_id)).toEqual([actions.mute, actions.details]);
  });
});

describe("renderRecoveryReply", () => {
  it("says how long it was down, without any mention", () => {
    const reply = renderRecoveryReply({ incident: resolved, monitor, now: NOW });
    expect(reply).toMatchSnapshot();
    expect(reply.text).toBe("✅ Checkout API recovered after 4m 12s");
    expect(JSON.stringify(reply)).not.toMatch(/<!here>|<!channel>|<!subteam/);
    expect(
      limitsOf(
        renderRecoveryReply({
          incident: resolved,
          monitor: { ...monitor, name: "n".repeat(9000) },
          now: NOW,
        }),
      ),
    ).toEqual([]);
  });

  it("says in the thread that a mute until recovered has ended (issue 37)", () => {
    const reply = renderRecoveryReply({ incident: resolved, monitor, now: NOW, muteEndedBy: "U0MUTER" });
    const text = JSON.stringify(reply.blocks);
    expect(text).toContain("The mute set by <@U0MUTER> until it recovered has ended");
    expect(reply.text).toBe("✅ Checkout API recovered after 4m 12s. Its mute here has ended");
    expect(JSON.stringify(renderRecoveryReply({ incident: resolved, monitor, now: NOW }))).not.toContain(
      "mute",
    );
  });
});

describe("a mute until recovered on the root (issue 37)", () => {
  it("says until it recovers instead of a time", () => {
    const rendered = renderAlertRoot(
      root({ muted: { until: NOW + 3_600_000, by: "U0M", untilRecovered: true } }),
    );
    const note = JSON.stringify(rendered.attachments![0]!.blocks!.find((b) => b.type === "context"));
    expect(note).toContain("Muted here by <@U0M> until it recovers");
    expect(note).not.toContain("<!date^");
  });
});

describe("renderStormRollup", () => {
  const down = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      monitor: { ...monitor, id: String(100 + i), name: `Service ${i} ${"s".repeat(i === 0 ? 4000 : 10)}` },
      incident: { ...incident, id: String(5000 + i), monitorId: String(100 + i) },
    }));

  it("counts the team's monitors down and lists them", () => {
    const rendered = renderStormRollup({
      apiTeamId: "12",
      down: down(7).map((d) => ({ ...d, monitor: { ...d.monitor, name: `Service ${d.monitor.id}` } })),
      teamMonitorCount: 42,
      resolvedCount: 1,
      now: NOW,
    });
    expect(rendered).toMatchSnapshot();
    expect(rendered.text).toBe("🔴 7 of 42 monitors down");
    expect(JSON.stringify(rendered.attachments)).toContain("in team 12");
  });

  it("names the team when the poller read its name, escaped", () => {
    const rendered = renderStormRollup({
      apiTeamId: "12",
      teamName: "Acme <Production>",
      down: down(6),
      teamMonitorCount: 42,
      resolvedCount: 0,
      now: NOW,
    });
    const blocks = JSON.stringify(rendered.attachments);
    expect(blocks).toContain("in *Acme &lt;Production&gt;*");
    expect(blocks).not.toContain("team 12");
  });

  it("truncates 200 incidents to the first lines and 'and N more', inside Block Kit limits", () => {
    const rendered = renderStormRollup({
      apiTeamId: "12",
      down: down(200),
      teamMonitorCount: 250,
      resolvedCount: 3,
      now: NOW,
    });
    expect(rendered.text).toBe("🔴 200 of 250 monitors down");
    expect(JSON.stringify(rendered)).toContain(`…and ${200 - ROLLUP_MAX_LINES} more`);
    expect(limitsOf(rendered)).toEqual([]);
  });

  it("carries Acknowledge all while an incident is unacknowledged, and Mute all 1 h, naming its channel", () => {
    const buttonsOf = (input: Parameters<typeof renderStormRollup>[0]) => {
      const blocks = (renderStormRollup(input).attachments?.[0]?.blocks ?? []) as {
        type: string;
        elements?: { action_id: string; value: string; text: { text: string } }[];
      }[];
      return blocks.find((b) => b.type === "actions")?.elements ?? [];
    };
    const input = { apiTeamId: "12", channelId: "C0STORM", down: down(3), resolvedCount: 0, now: NOW };
    const buttons = buttonsOf(input);
    expect(buttons.map((b) => [b.action_id, b.text.text])).toEqual([
      [actions.rollupAcknowledgeAll, "Acknowledge all"],
      [actions.rollupMuteAll, "Mute all 1 h"],
      [actions.openIncidentChannel, "Open incident channel"],
      [actions.pageOpen, "Page..."],
    ]);
    // Page... names the roll-up, not one incident: its modal asks which.
    expect(pageNowCodec.decode(buttons[3]?.value)).toEqual({ teamId: "12", channelId: "C0STORM" });
    for (const b of buttons.slice(0, 2))
      expect(rollupCodec.decode(b.value)).toEqual({ teamId: "12", channelId: "C0STORM" });
    // The roll-up's incident channel names no incident: the roll-up's own (issue 38).
    expect(incidentChannelCodec.decode(buttons[2]?.value)).toEqual({ teamId: "12", channelId: "C0STORM" });
    // Every incident acknowledged: only Mute all (and the incident channel) is left, and each line says so.
    const acked = { ...input, down: down(3).map((d) => ({ ...d, acknowledged: true })) };
    expect(buttonsOf(acked).map((b) => b.action_id)).toEqual([
      actions.rollupMuteAll,
      actions.openIncidentChannel,
      actions.pageOpen,
    ]);
    expect(JSON.stringify(renderStormRollup(acked).attachments)).toMatch(/, acknowledged/);
    // Amber once every incident still down is acknowledged, as an alert's root; red while one is not.
    expect(renderStormRollup(acked).attachments?.[0]?.color).toBe(ALERT_COLORS.acknowledged);
    expect(renderStormRollup(input).attachments?.[0]?.color).toBe(ALERT_COLORS.open);
    // All clear, or no channel to name: no buttons.
    expect(buttonsOf({ ...input, down: [], resolvedCount: 3 })).toEqual([]);
    expect(buttonsOf({ ...input, channelId: undefined })).toEqual([]);
  });

  it("turns green once every incident recovered", () => {
    const rendered = renderStormRollup({
      apiTeamId: "12",
      down: [],
      teamMonitorCount: 42,
      resolvedCount: 8,
      now: NOW,
    });
    expect(rendered.text).toBe("✅ All 8 monitors of the outage recovered");
    expect(rendered.attachments?.[0]?.color).toBe("#2EB67D");
  });
});

describe("renderFlapNote and renderPausedNotice", () => {
  it("explains flapping", () => {
    expect(renderFlapNote({ incidents: 4, windowMinutes: 15 })).toMatchSnapshot();
  });

  it("tells the subscriber how to fix a subscription paused by Slack", () => {
    const notice = (reason: PauseNotice["reason"]): PauseNotice => ({
      change: "paused",
      reason,
      channelId: "C0QUIET",
      teamName: null,
      appMention: "@Uptime",
    });
    const text = renderPauseDirectMessage(notice("not_in_channel"));
    expect(text).toContain("<#C0QUIET>");
    expect(text).toContain("/invite @Uptime");
    expect(text).toContain("/uptime subscribe");
    expect(renderPauseDirectMessage(notice("is_archived"))).toContain("archived");
    expect(renderPauseDirectMessage(notice("missing_scope"))).toContain("reinstall @Uptime");
  });
});

describe("pause and resume notices (one renderer for the channel, one for the DM)", () => {
  const base = { channelId: "C0ALERTS", teamName: "Acme <Production>", appMention: "@Uptime" } as const;

  it("has a DM for every pause reason, and one for resuming", () => {
    for (const reason of PAUSE_REASONS) {
      const paused = renderPauseDirectMessage({ ...base, change: "paused", reason });
      expect(paused, reason).toContain("<#C0ALERTS>");
      expect(paused, reason).toMatch(/paused/);
    }
    const resumed = renderPauseDirectMessage({ ...base, change: "resumed", reason: "token_rejected" });
    expect(resumed).toContain("back on");
    expect(resumed).toMatchSnapshot();
  });

  it("says a token pause and its resume in the channel, escaping the team name", () => {
    const paused = renderPauseChannelNote({ ...base, change: "paused", reason: "token_rejected" });
    expect(paused.text).toContain("paused");
    expect(paused.text).toContain("every 5 minutes");
    expect(paused.text).toContain("*Acme &lt;Production&gt;*");
    expect(paused).toMatchSnapshot();
    expect(renderPauseChannelNote({ ...base, change: "paused", reason: "team_access_lost" }).text).toContain(
      "can no longer read the team",
    );
    const resumed = renderPauseChannelNote({ ...base, change: "resumed", reason: "token_rejected" });
    expect(resumed.text).toContain("back on");
  });

  it("tells the subscriber how to fix a token pause", () => {
    const notice = renderPauseDirectMessage({
      ...base,
      teamName: "Acme Production",
      change: "paused",
      reason: "token_rejected",
    });
    expect(notice).toMatchSnapshot();
    expect(notice).toContain("`/uptime login`");
    expect(notice).toContain("`/uptime subscribe` again in <#C0ALERTS>");
    expect(
      renderPauseDirectMessage({ ...base, teamName: null, change: "paused", reason: "team_access_lost" }),
    ).toContain("can no longer read that team");
  });
});

describe("alert messages with UPTIME_WEB_URL", () => {
  const links: WebLinks = {
    baseUrl: "https://uptime.example.com",
    monitorPath: "/m/{id}",
    incidentPath: "/i/{id}",
  };
  const attachmentText = (rendered: { attachments?: unknown[] }) => JSON.stringify(rendered.attachments);

  it("links the root's monitor and incident, in every stage, and keeps the notification text plain", () => {
    for (const stage of ["open", "acknowledged", "resolved"] as const) {
      const rendered = renderAlertRoot(
        root({ stage, links, incident: stage === "resolved" ? resolved : incident }),
      );
      const fields = rendered.attachments?.[0]?.blocks?.[0] as { fields: { text: string }[] };
      expect(fields.fields[0]?.text).toBe("*Monitor*\n<https://uptime.example.com/m/77|Checkout API>");
      expect(fields.fields.at(-1)?.text).toBe("*Incident*\n<https://uptime.example.com/i/9001|#9001>");
      expect(rendered.text).not.toContain("uptime.example.com");
      expect(limitsOf(rendered)).toEqual([]);
    }
  });

  it("links nothing without it: no Incident field, the name as it was", () => {
    const rendered = renderAlertRoot(root());
    expect(attachmentText(rendered)).not.toContain("<https://");
    expect(attachmentText(rendered)).not.toContain("*Incident*");
  });

  it("keeps a name with | and > inside its link", () => {
    const rendered = renderAlertRoot(root({ links, monitor: { ...monitor, name: "a|b> <c|d>" } }));
    const fields = rendered.attachments?.[0]?.blocks?.[0] as { fields: { text: string }[] };
    expect(fields.fields[0]?.text).toBe("*Monitor*\n<https://uptime.example.com/m/77|a|b&gt; &lt;c|d&gt;>");
  });

  it("links the monitor in the recovery reply", () => {
    const reply = renderRecoveryReply({ incident: resolved, monitor, links, now: NOW });
    expect(JSON.stringify(reply.blocks)).toContain(
      "✅ *<https://uptime.example.com/m/77|Checkout API>* recovered",
    );
    expect(reply.text).toBe("✅ Checkout API recovered after 4m 12s");
    expect(JSON.stringify(renderRecoveryReply({ incident: resolved, monitor, now: NOW }))).not.toContain(
      "<https://",
    );
  });

  it("links each monitor of the storm roll-up without dropping its target for the URL's length", () => {
    const down = ["101", "102"].map((id) => ({
      monitor: { ...monitor, id, name: `Service ${id}` },
      incident: { ...incident, id: `9${id}`, monitorId: id },
    }));
    const input = { apiTeamId: "12", down, teamMonitorCount: 42, resolvedCount: 0, now: NOW };
    const linked = attachmentText(renderStormRollup({ ...input, links }));
    expect(linked).toContain(
      "• *<https://uptime.example.com/m/101|Service 101>* https://shop.example.com/health",
    );
    expect(linked).toContain("• *<https://uptime.example.com/m/102|Service 102>*");
    const long = { ...links, baseUrl: `https://uptime.example.com/${"p".repeat(250)}` };
    expect(attachmentText(renderStormRollup({ ...input, links: long }))).toContain(
      "|Service 101>* https://shop.example.com/health",
    );
    expect(attachmentText(renderStormRollup(input))).not.toContain("<https://");
  });
});
