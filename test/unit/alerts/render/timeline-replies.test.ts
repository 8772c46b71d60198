import { describe, expect, it } from "vitest";
import { renderEscalationReply } from "../../../../src/alerts/kinds/escalation/render-escalation-reply";
import {
  renderAcknowledgedReply,
  renderMuteReply,
} from "../../../../src/alerts/kinds/incident/render-incident-replies";
import { acknowledgeCodec } from "../../../../src/ui/codecs";
import { actions } from "../../../../src/ui/ids";
import { textOf } from "../../../support/text-of";

const PINGS = /<@U|<!here|<!channel|<!subteam/;

describe("the incident's timeline replies (pure)", () => {
  it("name who acknowledged or muted without mentioning them, and escape the name", () => {
    expect(renderAcknowledgedReply({ name: "alice", inSlack: true }).text).toBe("👀 Acknowledged by alice");
    expect(renderAcknowledgedReply({ name: null, inSlack: true }).text).toBe("👀 Acknowledged in Slack");
    expect(renderAcknowledgedReply({ name: null, inSlack: false }).text).toBe(
      "👀 Acknowledged in the Uptime app",
    );
    expect(textOf(renderAcknowledgedReply({ name: "<!channel> *bob*", inSlack: true }))).not.toMatch(PINGS);
    const muted = renderMuteReply({
      change: "muted",
      name: "alice",
      until: Date.parse("2026-11-24T10:00:00Z"),
    });
    expect(muted.text).toMatch(/^🔕 Muted here by alice until <!date\^1795514400\^\{time\}\|/);
    expect(renderMuteReply({ change: "unmuted", name: "bob" }).text).toBe("🔔 Unmuted here by bob");
    expect(textOf(muted)).not.toMatch(PINGS);
  });

  it("the escalation is the one reply that pings: with the subscription's mention", () => {
    const input = {
      incident: {
        id: "1",
        monitorId: "7",
        started: "2026-11-24T09:00:00Z",
        ended: null,
        acknowledged: null,
        maintenance: false,
        reason: "HTTP 503",
      },
      monitor: { id: "7", name: "Shop", target: "https://shop.example.com", group: null },
      apiTeamId: "42",
      afterMinutes: 15,
      now: Date.parse("2026-11-24T09:15:30Z"),
    };
    expect(renderEscalationReply({ ...input, mention: { kind: "here" } }).text).toBe(
      "<!here> ⏰ Shop is still down and nobody acknowledged it (15m 30s)",
    );
    expect(
      renderEscalationReply({ ...input, mention: { kind: "usergroup", id: "S1", handle: "oncall" } }).text,
    ).toMatch(/^<!subteam\^S1\|@oncall> ⏰/);
    expect(renderEscalationReply({ ...input, mention: null }).text).toMatch(/^⏰ Shop is still down/);
    expect(
      renderEscalationReply({ ...input, mention: { kind: "user", id: "U42", name: "ann" } }).text,
    ).toMatch(/^<@U42> ⏰ Shop is still down/);
  });

  it("an escalation step says which reminder it is of how many, and carries its own Acknowledge button", () => {
    const input = {
      incident: {
        id: "1",
        monitorId: "7",
        started: "2026-11-24T09:00:00Z",
        ended: null,
        acknowledged: null,
        maintenance: false,
        reason: null,
      },
      monitor: { id: "7", name: "Shop", target: "https://shop.example.com", group: null },
      apiTeamId: "42",
      mention: null,
      afterMinutes: 15,
      now: Date.parse("2026-11-24T09:15:30Z"),
    };
    const second = renderEscalationReply({ ...input, step: { index: 1, count: 3 } });
    expect(textOf(second)).toContain("within 15 min (reminder 2 of 3)");
    expect(textOf(renderEscalationReply({ ...input, step: { index: 0, count: 1 } }))).not.toContain(
      "reminder",
    );
    const block = second.blocks?.find((b) => b.type === "actions");
    const button = block && "elements" in block ? block.elements[0] : undefined;
    expect(button).toMatchObject({ type: "button", action_id: actions.acknowledge });
    const value = button && "value" in button ? button.value : undefined;
    expect(acknowledgeCodec.decode(value)).toEqual({ incidentId: "1", teamId: "42" });
  });

  it("the escalation links the monitor's name when UPTIME_WEB_URL is set, and only then", () => {
    const input = {
      incident: {
        id: "1",
        monitorId: "7",
        started: "2026-11-24T09:00:00Z",
        ended: null,
        acknowledged: null,
        maintenance: false,
        reason: null,
      },
      monitor: { id: "7", name: "Shop", target: "https://shop.example.com", group: null },
      apiTeamId: "42",
      mention: null,
      afterMinutes: 15,
      now: Date.parse("2026-11-24T09:15:30Z"),
    };
    const links = {
      baseUrl: "https://uptime.example.com",
      monitorPath: "/monitors/{id}",
      incidentPath: "/i/{id}",
    };
    expect(textOf(renderEscalationReply({ ...input, links }))).toContain(
      "⏰ *<https://uptime.example.com/monitors/7|Shop>* is still down",
    );
    expect(textOf(renderEscalationReply(input))).not.toContain("<https://");
  });
});
