import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_TOKENS } from "../../dev/simulator";
import { acknowledgeCodec } from "../../src/ui/codecs";
import { actions } from "../../src/ui/ids";
import { type Stack, startStack, textOf } from "../support/e2e-stack";
import { waitFor } from "../support/wait-for";
import { ephemeralMatching, loginModal, loginThroughModal, tokenValues } from "./login-helper";

// Demo seed: monitors 1-3 belong to team 1 "Acme Production".
const MARKETING_SITE = 1;

describe("acknowledge: command and button, with each user's own token", () => {
  let stack: Stack;

  const openIncident = (monitorId: number): string => {
    const incident = stack.simulator.control.fail(monitorId, "Connection timeout");
    if (!incident) throw new Error(`monitor ${monitorId} opened no incident`);
    return incident.id;
  };

  const incidentAttributes = async (id: string) => {
    const response = await fetch(`${stack.simulator.url}/incidents/${id}`, {
      headers: { authorization: `Bearer ${DEMO_TOKENS.owner}`, accept: "application/vnd.api+json" },
    });
    const body = (await response.json()) as { data: { attributes: Record<string, unknown> } };
    return body.data.attributes;
  };

  /** A channel alert message with an Acknowledge button, as the alerts module posts it. */
  const postAlert = (incidentId: string) =>
    stack.slack.state.addMessage("C0ALERTS", {
      user: "U0BOT",
      bot_id: "B0BOT",
      text: `Marketing site is down (incident #${incidentId})`,
      blocks: [
        {
          type: "actions",
          elements: [
            {
              type: "button",
              action_id: actions.acknowledge,
              text: { type: "plain_text", text: "Acknowledge" },
              value: acknowledgeCodec.encode({ incidentId, teamId: "1" }),
            },
          ],
        },
      ],
    });

  beforeAll(async () => {
    stack = await startStack();
    for (const [user, token] of [
      ["U0ALICE", DEMO_TOKENS.owner],
      ["U0BOB", DEMO_TOKENS.readonly],
    ] as const) {
      expect((await loginThroughModal(stack, user, token)).outcome).toBe("closed");
      await ephemeralMatching(stack, user, "C0GENERAL", /now linked/);
    }
  });
  afterAll(async () => stack?.close());

  it("the owner acknowledges with /uptime ack; a second ack says it already was", async () => {
    const id = openIncident(MARKETING_SITE);
    const reply = textOf(await stack.command("U0ALICE", `ack ${id}`));
    expect(reply).toContain(`Acknowledged incident #${id} (Marketing site)`);
    expect((await incidentAttributes(id)).acknowledged).not.toBeNull();

    const again = textOf(await stack.command("U0ALICE", `ack #${id}`));
    expect(again).toMatch(new RegExp(`Incident #${id} \\(Marketing site\\) was already acknowledged`));
    // `/uptime incident` shows it, and who acknowledged it from Slack.
    const shown = await stack.command("U0BOB", `incident ${id}`);
    expect(shown.text).toBe(`🟠 Incident #${id} of Marketing site: open, acknowledged`);
    expect(JSON.stringify(shown.blocks)).toContain("acknowledged by <@U0ALICE>");
    stack.simulator.control.recover(MARKETING_SITE);
  });

  it("a read-only member gets the role sentence, and nothing changes", async () => {
    const id = openIncident(MARKETING_SITE);
    const reply = textOf(await stack.command("U0BOB", `ack ${id}`));
    expect(reply).toMatch(/read-only members can't/);
    expect(reply).not.toMatch(/403/);
    expect((await incidentAttributes(id)).acknowledged).toBeNull();
    stack.simulator.control.recover(MARKETING_SITE);
  });

  it("an ended incident says it already recovered (A7: 422)", async () => {
    const id = openIncident(MARKETING_SITE);
    stack.simulator.control.recover(MARKETING_SITE);
    const reply = textOf(await stack.command("U0ALICE", `ack ${id}`));
    expect(reply).toMatch(new RegExp(`Incident #${id} \\(Marketing site\\) already recovered`));
  });

  it("the Acknowledge button of a channel alert acknowledges as the clicking user, ephemerally", async () => {
    const id = openIncident(MARKETING_SITE);
    const alert = postAlert(id);
    const before = stack.slack.state.ephemeralFor("U0BOB", "C0ALERTS").length;
    await stack.slack.sender.blockAction({
      userId: "U0BOB",
      container: { type: "message", channel: "C0ALERTS", ts: alert.ts },
      actions: [{ action_id: actions.acknowledge }],
    });
    const denied = await stack.nextEphemeral("U0BOB", "C0ALERTS", before);
    expect(textOf(denied)).toMatch(/read-only members can't/);

    const aliceBefore = stack.slack.state.ephemeralFor("U0ALICE", "C0ALERTS").length;
    await stack.slack.sender.blockAction({
      userId: "U0ALICE",
      container: { type: "message", channel: "C0ALERTS", ts: alert.ts },
      actions: [{ action_id: actions.acknowledge }],
    });
    const done = await stack.nextEphemeral("U0ALICE", "C0ALERTS", aliceBefore);
    expect(textOf(done)).toContain(`Acknowledged incident #${id} (Marketing site)`);
    expect((await incidentAttributes(id)).acknowledged).not.toBeNull();
    // The alert itself stays as it was (redrawing it is the alerts module's hook).
    expect(stack.slack.state.findMessage("C0ALERTS", alert.ts)?.text).toBe(alert.text);
    stack.simulator.control.recover(MARKETING_SITE);
  });

  it("an out-of-date button value is refused with a sentence", async () => {
    const alert = stack.slack.state.addMessage("C0ALERTS", {
      user: "U0BOT",
      text: "old alert",
      blocks: [
        {
          type: "actions",
          elements: [
            {
              type: "button",
              action_id: actions.acknowledge,
              text: { type: "plain_text", text: "Acknowledge" },
              value: '{"v":0,"k":"ack","i":"1"}',
            },
          ],
        },
      ],
    });
    const before = stack.slack.state.ephemeralFor("U0ALICE", "C0ALERTS").length;
    await stack.slack.sender.blockAction({
      userId: "U0ALICE",
      container: { type: "message", channel: "C0ALERTS", ts: alert.ts },
      actions: [{ action_id: actions.acknowledge }],
    });
    expect(textOf(await stack.nextEphemeral("U0ALICE", "C0ALERTS", before))).toMatch(/out of date/);
  });

  it("an unlinked user gets a Link prompt; after linking in the modal the acknowledge is completed", async () => {
    const id = openIncident(MARKETING_SITE);
    const alert = postAlert(id);
    const before = stack.slack.state.ephemeralFor("U0CAROL", "C0ALERTS").length;
    await stack.slack.sender.blockAction({
      userId: "U0CAROL",
      container: { type: "message", channel: "C0ALERTS", ts: alert.ts },
      actions: [{ action_id: actions.acknowledge }],
    });
    const prompt = await stack.nextEphemeral("U0CAROL", "C0ALERTS", before);
    expect(textOf(prompt)).toMatch(new RegExp(`incident #${id} wasn't acknowledged`));
    expect(JSON.stringify(prompt.blocks)).toContain(actions.linkAccount);
    expect((await incidentAttributes(id)).acknowledged).toBeNull();

    await stack.slack.sender.blockAction({
      userId: "U0CAROL",
      container: { type: "ephemeral", channel: "C0ALERTS", ts: prompt.ts },
      actions: [{ action_id: actions.linkAccount }],
    });
    const modal = await loginModal(stack, "U0CAROL");
    expect(textOf(modal)).toContain(`incident #${id} will be acknowledged`);
    const submitted = await stack.slack.sender.viewSubmission({
      userId: "U0CAROL",
      viewId: modal.id,
      values: tokenValues(DEMO_TOKENS.member),
    });
    expect(submitted.outcome).toBe("closed");

    // The prompt is replaced (response_url) by the confirmation with the completed acknowledge.
    const confirmation = await waitFor(stack.slack.events, () => {
      const m = stack.slack.state.findEphemeral("C0ALERTS", prompt.ts);
      return m && /now linked/.test(m.text) ? m : undefined;
    });
    expect(textOf(confirmation)).toContain("Max Member");
    expect(textOf(confirmation)).toContain(`Acknowledged incident #${id} (Marketing site)`);
    expect((await incidentAttributes(id)).acknowledged).not.toBeNull();
    stack.simulator.control.recover(MARKETING_SITE);
  });
});
