import type { OverflowAction } from "@slack/bolt";
import { describe, expect, it, vi } from "vitest";
import { muteAction } from "../../../../src/listeners/actions/mute-action";
import type { ActionArgs } from "../../../../src/listeners/handle-interaction";
import { muteCodec } from "../../../../src/ui/codecs";
import { actionArgs, fakeDeps, userRef } from "../helpers";

const option = (value: string, channelId = "C0ALERTS") =>
  actionArgs<ActionArgs<OverflowAction>>({
    body: { channel: { id: channelId }, actions: [{ selected_option: { value } }] },
  });

describe("muteAction", () => {
  it("mutes the monitor in the channel of the alert for the chosen hours and says so there", async () => {
    const muteMonitor = vi.fn(async () => ({
      monitorName: "Checkout API",
      monitorId: "9",
      hours: 4,
      until: Date.parse("2026-03-01T16:00:00Z"),
    }));
    const { args, ack, respond, client } = option(
      muteCodec.encode({ monitorId: "9", channelId: "C0ALERTS", hours: 4 }),
    );
    await muteAction(fakeDeps({ muteMonitor }))(args);
    expect(ack).toHaveBeenCalledTimes(1);
    expect(muteMonitor).toHaveBeenCalledWith(userRef("U0ALICE"), {
      channelId: "C0ALERTS",
      monitorId: "9",
      hours: 4,
    });
    // The channel hears who muted; the clicker needs no separate answer.
    expect(client.chat.postMessage.mock.calls[0]![0]).toMatchObject({
      channel: "C0ALERTS",
      text: expect.stringMatching(/<@U0ALICE> muted \*Checkout API\* in this channel for 4 h/),
    });
    expect(respond).not.toHaveBeenCalled();
  });

  it("refuses a menu copied into another channel: it is out of date there", async () => {
    const muteMonitor = vi.fn();
    const { args, respond } = option(
      muteCodec.encode({ monitorId: "9", channelId: "C0ALERTS", hours: 4 }),
      "C0OTHER",
    );
    await muteAction(fakeDeps({ muteMonitor }))(args);
    expect(muteMonitor).not.toHaveBeenCalled();
    expect(respond.mock.calls[0]![0].text).toBe(
      ":warning: This menu is out of date. It belongs to an older alert: nothing was muted.",
    );
  });
});
