import type { ButtonAction } from "@slack/bolt";
import { describe, expect, it, vi } from "vitest";
import { unmuteAction } from "../../../../src/listeners/actions/unmute-action";
import type { ActionArgs } from "../../../../src/listeners/handle-interaction";
import { AlertsChangeNotAllowedError } from "../../../../src/services/errors";
import { unmuteCodec } from "../../../../src/ui/codecs";
import { actionArgs, fakeDeps, userRef } from "../helpers";

const click = (value: string, channelId = "C0ALERTS") =>
  actionArgs<ActionArgs<ButtonAction>>({ body: { channel: { id: channelId }, actions: [{ value }] } });
const value = unmuteCodec.encode({ monitorId: "9", channelId: "C0ALERTS" });

describe("unmuteAction", () => {
  it("lets only a linked member unmute: anyone else hears why, with the Link button", async () => {
    const unmuteMonitor = vi.fn(async () => {
      throw new AlertsChangeNotAllowedError("unmute", "not_linked", "Acme");
    });
    const { args, ack, respond, client } = click(value);
    await unmuteAction(fakeDeps({ unmuteMonitor }))(args);
    expect(ack).toHaveBeenCalledTimes(1);
    expect(unmuteMonitor).toHaveBeenCalledWith(userRef("U0ALICE"), { channelId: "C0ALERTS", monitorId: "9" });
    expect(client.chat.postMessage).not.toHaveBeenCalled();
    const answer = respond.mock.calls[0]![0];
    expect(answer.text).toMatch(/Only a linked member of \*Acme\* can unmute alerts in this channel/);
    expect(JSON.stringify(answer.blocks)).toMatch(/Link account/);
  });

  it("says a button copied into another channel is out of date", async () => {
    const unmuteMonitor = vi.fn();
    const { args, respond } = click(value, "C0OTHER");
    await unmuteAction(fakeDeps({ unmuteMonitor }))(args);
    expect(unmuteMonitor).not.toHaveBeenCalled();
    expect(respond.mock.calls[0]![0].text).toBe(
      ":warning: This button is out of date. It belongs to an older alert: nothing was unmuted.",
    );
  });
});
