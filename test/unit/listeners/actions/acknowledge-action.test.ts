import type { ButtonAction } from "@slack/bolt";
import { describe, expect, it, vi } from "vitest";
import { acknowledgeAction } from "../../../../src/listeners/actions/acknowledge-action";
import type { ActionArgs } from "../../../../src/listeners/handle-interaction";
import type { AcknowledgeOutcome } from "../../../../src/services/acknowledge-incident";
import { NotLinkedError, StaleLinkError } from "../../../../src/services/errors";
import { acknowledgeCodec, deferredActionCodec } from "../../../../src/ui/codecs";
import { actionArgs, fakeDeps, userRef } from "../helpers";

const value = acknowledgeCodec.encode({ incidentId: "42", teamId: "7" });
const alert = { type: "message", channel_id: "C0ALERTS", message_ts: "1700000000.000100" };
const outcome: AcknowledgeOutcome = {
  status: "acknowledged",
  incidentId: "42",
  apiTeamId: "7",
  monitorName: "Checkout API",
  acknowledgedAt: null,
  endedAt: null,
};

function setup(services: Parameters<typeof fakeDeps>[0], body: Record<string, unknown> = {}) {
  const deps = fakeDeps({ homeData: vi.fn(async () => ({ kind: "unlinked" as const })), ...services });
  const call = actionArgs<ActionArgs<ButtonAction>>({
    body: { container: alert, actions: [{ value }], ...body },
  });
  return { deps, ...call, run: () => acknowledgeAction(deps)(call.args) };
}

describe("acknowledgeAction", () => {
  it("acknowledges with the clicker's token, for the alert clicked, and answers only them", async () => {
    const acknowledgeIncident = vi.fn(async () => outcome);
    const { run, ack, respond, client } = setup({ acknowledgeIncident });
    await run();
    expect(ack).toHaveBeenCalledTimes(1);
    expect(acknowledgeIncident).toHaveBeenCalledWith(userRef("U0ALICE"), {
      incidentId: "42",
      apiTeamId: "7",
      source: { channelId: "C0ALERTS", messageTs: "1700000000.000100" },
    });
    expect(respond).toHaveBeenCalledWith(
      expect.objectContaining({ response_type: "ephemeral", replace_original: false }),
    );
    expect(respond.mock.calls[0]![0].text).toMatch(/Acknowledged incident #42 \(Checkout API\)/);
    // App Home shows open incidents too: it is re-published after a change.
    expect(client.views.publish).toHaveBeenCalledTimes(1);
  });

  it("answers on App Home with a line at the top of the tab", async () => {
    const { run, respond, client } = setup(
      { acknowledgeIncident: vi.fn(async () => ({ ...outcome, status: "already" as const })) },
      { container: { type: "view", view_id: "V0HOME" } },
    );
    await run();
    expect(respond).not.toHaveBeenCalled();
    const published = JSON.stringify(client.views.publish.mock.calls[0]);
    expect(published).toMatch(/was already acknowledged/);
  });

  it("says an undecodable button is out of date and calls nothing", async () => {
    const acknowledgeIncident = vi.fn(async () => outcome);
    const { run, respond } = setup({ acknowledgeIncident }, { actions: [{ value: '{"v":0}' }] });
    await run();
    expect(acknowledgeIncident).not.toHaveBeenCalled();
    expect(respond.mock.calls[0]![0].text).toMatch(
      /^:warning: This button is out of date\. `\/uptime incidents open`/,
    );
  });

  it.each([
    ["not linked", new NotLinkedError(), /isn't linked/],
    ["stale", new StaleLinkError(), /no longer accepted/],
  ])("remembers the acknowledge of a %s user and offers the Link button", async (_, error, sentence) => {
    const rememberPendingAction = vi.fn(async () => {});
    const { run, respond } = setup({
      acknowledgeIncident: vi.fn(async () => {
        throw error;
      }),
      rememberPendingAction,
    });
    await run();
    expect(rememberPendingAction).toHaveBeenCalledWith(userRef("U0ALICE"), {
      kind: "acknowledge",
      apiTeamId: "7",
      incidentId: "42",
      channelId: "C0ALERTS",
      messageTs: "1700000000.000100",
    });
    const answer = respond.mock.calls[0]![0];
    expect(answer.text).toMatch(sentence);
    const linkValue = JSON.stringify(answer.blocks).match(/"value":"((?:[^"\\]|\\.)*)"/)?.[1];
    expect(deferredActionCodec.decode(JSON.parse(`"${linkValue}"`))).toEqual({
      action: "ack",
      incidentId: "42",
      teamId: "7",
    });
  });

  it("answers an unexpected failure generically and rethrows it for app.error", async () => {
    const boom = new Error("redis is down");
    const { run, respond } = setup({
      acknowledgeIncident: vi.fn(async () => {
        throw boom;
      }),
    });
    await expect(run()).rejects.toBe(boom);
    expect(respond.mock.calls[0]![0].text).toMatch(/Something went wrong on our side/);
    expect(JSON.stringify(respond.mock.calls[0]![0])).not.toContain("redis is down");
  });
});
