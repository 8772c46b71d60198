import type { ButtonAction } from "@slack/bolt";
import { describe, expect, it } from "vitest";
import { linkAccountAction } from "../../../../src/listeners/actions/link-account-action";
import type { ActionArgs } from "../../../../src/listeners/handle-interaction";
import { deferredActionCodec, loginModalCodec } from "../../../../src/ui/codecs";
import { actionArgs, fakeDeps } from "../helpers";

const RESPONSE_URL = "https://hooks.slack.com/actions/T0WORK/1/abc";

describe("linkAccountAction", () => {
  it("opens the login modal carrying the deferred action and the ephemeral message to replace", async () => {
    const pending = { action: "pause" as const, monitorId: "9" };
    const { args, ack, client } = actionArgs<ActionArgs<ButtonAction>>({
      body: {
        trigger_id: "trig",
        response_url: RESPONSE_URL,
        channel: { id: "C0ALERTS" },
        container: { type: "message", is_ephemeral: true },
        actions: [{ value: deferredActionCodec.encode(pending) }],
      },
    });
    await linkAccountAction(fakeDeps({}))(args);
    expect(ack).toHaveBeenCalledTimes(1);
    const opened = client.views.open.mock.calls[0]![0] as unknown as {
      trigger_id: string;
      view: { private_metadata: string };
    };
    expect(opened.trigger_id).toBe("trig");
    expect(loginModalCodec.decode(opened.view.private_metadata)).toEqual({
      channelId: "C0ALERTS",
      responseUrl: RESPONSE_URL,
      pending,
    });
  });

  it("keeps a channel message (no response_url to replace it) and ignores an unreadable value", async () => {
    const { args, client } = actionArgs<ActionArgs<ButtonAction>>({
      body: {
        trigger_id: "trig",
        response_url: RESPONSE_URL,
        channel: { id: "C0ALERTS" },
        container: { type: "message" },
        actions: [{ value: "old" }],
      },
    });
    await linkAccountAction(fakeDeps({}))(args);
    const opened = client.views.open.mock.calls[0]![0] as unknown as { view: { private_metadata: string } };
    expect(loginModalCodec.decode(opened.view.private_metadata)).toEqual({ channelId: "C0ALERTS" });
  });
});
