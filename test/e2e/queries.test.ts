// Every query subcommand through the real bot over signed HTTP, the fake Slack, the simulator (demo seed)
// and Redis: the answers carry the seeded data, Prev/Next replaces the list in place, typos get suggestions.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { botAuthor } from "../../dev/playground/fake-slack/messages";
import type { EphemeralMessage } from "../../dev/playground/fake-slack/types";
import { DEMO_TOKENS } from "../../dev/simulator";
import { detailsCodec } from "../../src/ui/codecs";
import { actions } from "../../src/ui/ids";
import { UptimeClient } from "../../src/uptime";
import { linkUser, type Stack, startStack, textOf } from "../support/e2e-stack";
import { waitFor } from "../support/wait-for";

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";

interface Button {
  type: string;
  action_id: string;
  value?: string;
}

/** Every button of a message, wherever it sits (actions blocks or section accessories). */
function buttonsOf(message: EphemeralMessage): Button[] {
  const out: Button[] = [];
  for (const block of (message.blocks ?? []) as Record<string, unknown>[]) {
    const elements = [
      ...((block.elements as unknown[]) ?? []),
      ...(block.accessory ? [block.accessory] : []),
    ];
    for (const el of elements as Button[]) if (el?.type === "button") out.push(el);
  }
  return out;
}

/** Rows of the monitor list: one per monitor, each with its "(id N)". */
const monitorIds = (message: EphemeralMessage) =>
  [...textOf(message).matchAll(/\(id (\d+)\)/g)].map((m) => m[1]);

describe("/uptime queries end to end", () => {
  let stack: Stack;
  let client: UptimeClient;

  beforeAll(async () => {
    stack = await startStack();
    client = new UptimeClient({ baseUrl: stack.simulator.url });
    await linkUser(stack, USER, DEMO_TOKENS.owner);
  });
  afterAll(async () => {
    await client?.close();
    await stack?.close();
  });

  it("asks an unlinked user to link, with the Link button", async () => {
    const reply = await stack.command("U0CAROL", "status");
    expect(textOf(reply)).toMatch(/haven't linked/);
    expect(buttonsOf(reply).map((b) => b.action_id)).toContain(actions.linkAccount);
  });

  it("status shows the team counters the service reports", async () => {
    const team = await client.as(DEMO_TOKENS.owner).teams.get(1);
    const c = team.counters!;
    expect(c.up + c.paused).toBeGreaterThan(0);
    const text = textOf(await stack.command(USER, "status"));
    expect(text).toContain("Acme Production");
    expect(text).toContain(`*Up*\n${c.up}`);
    expect(text).toContain(`*Down*\n${c.down}`);
    expect(text).toContain(`*Paused*\n${c.paused}`);
    expect(text).toContain(`*Pending*\n${c.pending}`);
    expect(text).toContain("Nothing is down");
    expect(text).not.toContain("Uptime service reports");
  });

  it("monitors: page 1 has 10 monitors, Next replaces it with the rest, Prev goes back", async () => {
    const first = await stack.command(USER, "monitors --sort name");
    // The fake keeps one object per ephemeral message and replaces its content in place: copy what is compared.
    const firstIds = monitorIds(first);
    expect(firstIds).toHaveLength(10);
    const next = buttonsOf(first).find((b) => b.action_id === actions.monitorsPageNext);
    expect(next).toBeDefined();
    expect(buttonsOf(first).some((b) => b.action_id === actions.monitorsPagePrev)).toBe(false);

    await stack.slack.sender.blockAction({
      userId: USER,
      container: { type: "ephemeral", ts: first.ts, channel: CHANNEL },
      actions: [{ action_id: actions.monitorsPageNext }],
    });
    const second = await waitFor(stack.slack.events, () => {
      const m = stack.slack.state.findEphemeral(CHANNEL, first.ts);
      return m && textOf(m).includes("page 2") ? m : undefined;
    });
    // Team 1 has 12 monitors: the two after the first ten by name, none repeated.
    const secondIds = monitorIds(second);
    expect(secondIds).toHaveLength(2);
    expect(secondIds.some((id) => firstIds.includes(id))).toBe(false);
    expect(buttonsOf(second).some((b) => b.action_id === actions.monitorsPagePrev)).toBe(true);
    expect(buttonsOf(second).some((b) => b.action_id === actions.monitorsPageNext)).toBe(false);
  });

  it("monitors: filters by text, group and paused state, and says how to widen an empty search", async () => {
    expect(textOf(await stack.command(USER, "monitors api"))).toContain("Public API");
    const group = await stack.command(USER, "monitors --group Infrastructure");
    expect(monitorIds(group).sort()).toEqual(["10", "11", "12", "9"]);
    const paused = await stack.command(USER, "monitors --state paused");
    expect(monitorIds(paused)).toEqual(["8"]);
    const none = textOf(await stack.command(USER, "monitors zzzz-nothing"));
    expect(none).toContain("No monitors");
    expect(none).toContain("without filters");
  });

  it("monitor: details by name with availability and latency (the chart draws them, no text bar), checks, incidents and the Pause button", async () => {
    await stack.simulator.control.runChecks(3);
    const reply = await stack.command(USER, "monitor blog");
    const text = textOf(reply);
    expect(text).toContain("Blog");
    expect(text).toContain("https://blog.example.com/");
    expect(text).toMatch(/Availability, last 24 h\*\n\d+(\.\d+)?%/);
    expect(text).toMatch(/Latency, last 24 h\*\navg \d+ ms/);
    expect(text).not.toMatch(/[▁▂▃▄▅▆▇█]/);
    expect(text).toContain("HTTP 500 Internal Server Error");
    expect(text).toMatch(/Last checks/);
    expect(buttonsOf(reply).map((b) => b.action_id)).toContain(actions.pauseMonitor);
  });

  it("monitor: a typo gets the closest name suggested", async () => {
    const text = textOf(await stack.command(USER, 'monitor "Web shp"'));
    expect(text).toContain('No monitor matches "Web shp"');
    expect(text).toContain("*Web shop*");
  });

  it("incidents: a failing monitor's open incident comes first, with an Acknowledge button", async () => {
    stack.simulator.control.fail(5, "Connection timeout");
    const reply = await stack.command(USER, "incidents open");
    const text = textOf(reply);
    expect(text).toContain("Public API");
    expect(text).toContain("Connection timeout");
    expect(text).toContain("ongoing for");
    const ack = buttonsOf(reply).filter((b) => b.action_id === actions.acknowledge);
    expect(ack).toHaveLength(1);

    const all = textOf(await stack.command(USER, "incidents"));
    expect(all).toContain("HTTP 503 Service Unavailable");
    const status = textOf(await stack.command(USER, "status"));
    expect(status).toContain("*Down*\n1");
    expect(status).toContain("Public API");
  });

  it("availability for a monitor, a group and the team, 24 h and 30 d", async () => {
    const monitor = textOf(await stack.command(USER, "availability Blog 30d"));
    expect(monitor).toContain("Availability of Blog");
    // One picture (issue 36): the chart under the answer draws the days; no text bar above it.
    expect(monitor).not.toMatch(/[▁▂▃▄▅▆▇█`]/);
    expect(monitor).toMatch(/\*Availability\*\n\d+(\.\d+)?%/);
    const group = textOf(await stack.command(USER, "availability group:API"));
    expect(group).toContain("Availability of group API");
    expect(group).not.toMatch(/[▁▂▃▄▅▆▇█`]/);
    expect(group).toMatch(/\*Availability\*\n\d+(\.\d+)?%/);
    const team30 = textOf(await stack.command(USER, "availability 30d"));
    expect(team30).toContain("Availability of team Acme Production");
    expect(team30).not.toContain("computed here");
    const team24 = textOf(await stack.command(USER, "availability"));
    expect(team24).toContain("computed here from 12 monitors");
    const typo = textOf(await stack.command(USER, "availability group:Websit"));
    expect(typo).toContain('No group matches "Websit"');
    expect(typo).toContain("*Website*");
  });

  it("latency for a monitor, a group and the team", async () => {
    const monitor = textOf(await stack.command(USER, 'latency "Primary database"'));
    expect(monitor).toContain("Latency of Primary database");
    expect(monitor).toMatch(/\*Average\*\n\d+ ms/);
    const group = textOf(await stack.command(USER, "latency group:Website 30d"));
    expect(group).not.toMatch(/[▁▂▃▄▅▆▇█`]/);
    expect(group).toMatch(/\*Average\*\n\d+ ms/);
    const team = textOf(await stack.command(USER, "latency"));
    expect(team).toContain("Latency of team Acme Production");
    expect(team).toContain("computed here");
  });

  it("checks: the latest checks after a round, with monitor names and locations", async () => {
    await stack.simulator.control.runChecks();
    const checks = await client.as(DEMO_TOKENS.owner).teams.checks(1);
    const newest = checks[0]!;
    const text = textOf(await stack.command(USER, "checks"));
    expect(text).toContain("Latest checks of Acme Production");
    expect(text).toContain(newest.location);
    expect(text).toMatch(/❌ \*Public API\*/);
    expect(text).toMatch(/✅ \*[^*]+\*/);
  });

  it("the Details button of an alert shows the monitor's details only to the clicker", async () => {
    const alert = stack.slack.state.addMessage("C0ALERTS", {
      ...botAuthor(stack.slack.config),
      text: "Public API is down",
      blocks: [
        {
          type: "actions",
          elements: [
            {
              type: "button",
              action_id: actions.details,
              text: { type: "plain_text", text: "Details" },
              value: detailsCodec.encode({ monitorId: "5" }),
            },
          ],
        },
      ],
    });
    const before = stack.slack.state.ephemeralFor(USER, "C0ALERTS").length;
    await stack.slack.sender.blockAction({
      userId: USER,
      container: { type: "message", ts: alert.ts, channel: "C0ALERTS" },
      actions: [{ action_id: actions.details }],
    });
    const details = await stack.nextEphemeral(USER, "C0ALERTS", before);
    expect(textOf(details)).toContain("Public API");
    expect(textOf(details)).toContain("https://api.example.com/v1/health");
    expect(stack.slack.state.findMessage("C0ALERTS", alert.ts)?.text).toBe("Public API is down");
  });

  it("locations and channels", async () => {
    const locations = await client.as(DEMO_TOKENS.owner).locations.list();
    const text = textOf(await stack.command(USER, "locations"));
    for (const l of locations) expect(text).toContain(l.name);
    const channels = textOf(await stack.command(USER, "channels"));
    expect(channels).toContain("Alert channels of Acme Production");
    for (const slug of ["email", "sms", "phone-call"]) expect(channels).toContain(`\`${slug}\``);
  });
});
