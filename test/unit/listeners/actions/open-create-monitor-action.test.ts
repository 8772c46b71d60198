import type { ButtonAction } from "@slack/bolt";
import { describe, expect, it, vi } from "vitest";
import { openCreateMonitorAction } from "../../../../src/listeners/actions/open-create-monitor-action";
import type { ActionArgs } from "../../../../src/listeners/handle-interaction";
import { NotLinkedError } from "../../../../src/services/errors";
import { createMonitorModalCodec } from "../../../../src/ui/codecs";
import { actionArgs, fakeDeps } from "../helpers";

const notLinked = vi.fn(async () => {
  throw new NotLinkedError();
});

describe("openCreateMonitorAction", () => {
  it("opens the modal for the user's team, remembering the channel to confirm in", async () => {
    const createMonitorTarget = vi.fn(async () => ({ teamId: "7", teamName: "Acme" }));
    const { args, ack, client } = actionArgs<ActionArgs<ButtonAction>>({
      body: {
        trigger_id: "trig",
        channel: { id: "C0OPS" },
        response_url: "https://hooks.slack.com/x",
        actions: [{}],
      },
    });
    await openCreateMonitorAction(fakeDeps({ createMonitorTarget: createMonitorTarget as never }))(args);
    expect(ack).toHaveBeenCalledTimes(1);
    const opened = client.views.open.mock.calls[0]![0] as unknown as { view: { private_metadata: string } };
    expect(createMonitorModalCodec.decode(opened.view.private_metadata)).toEqual({
      teamId: "7",
      channelId: "C0OPS",
    });
  });

  it("from a message, tells an unlinked user ephemerally with the Link button", async () => {
    const { args, respond, client } = actionArgs<ActionArgs<ButtonAction>>({
      body: { trigger_id: "trig", response_url: "https://hooks.slack.com/x", actions: [{}] },
    });
    await openCreateMonitorAction(fakeDeps({ createMonitorTarget: notLinked }))(args);
    expect(client.views.open).not.toHaveBeenCalled();
    expect(respond.mock.calls[0]![0].text).toMatch(/haven't linked/);
  });

  it("from App Home, opens the small link-first modal instead", async () => {
    const { args, respond, client } = actionArgs<ActionArgs<ButtonAction>>({
      body: { trigger_id: "trig", container: { type: "view" }, actions: [{}] },
    });
    await openCreateMonitorAction(fakeDeps({ createMonitorTarget: notLinked }))(args);
    expect(respond).not.toHaveBeenCalled();
    expect(JSON.stringify(client.views.open.mock.calls[0])).toMatch(/haven't linked/);
  });
});
