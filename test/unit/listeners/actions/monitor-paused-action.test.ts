import type { ButtonAction } from "@slack/bolt";
import { describe, expect, it, vi } from "vitest";
import { pauseMonitorAction } from "../../../../src/listeners/actions/pause-monitor-action";
import { resumeMonitorAction } from "../../../../src/listeners/actions/resume-monitor-action";
import type { ActionArgs } from "../../../../src/listeners/handle-interaction";
import { NotLinkedError } from "../../../../src/services/errors";
import { deferredActionCodec, monitorActionCodec } from "../../../../src/ui/codecs";
import { actionArgs, fakeDeps, userRef } from "../helpers";

const monitor = { id: "9", name: "Checkout API", interval: 60, paused: true };
const button = (value: string, body: Record<string, unknown> = {}) =>
  actionArgs<ActionArgs<ButtonAction>>({
    body: {
      response_url: "https://hooks.slack.com/x",
      container: { type: "message", is_ephemeral: true },
      ...body,
    },
    action: { value },
  });

describe("pause and resume buttons", () => {
  it("pauses the monitor in the button and replaces the ephemeral list it was on", async () => {
    const pauseMonitor = vi.fn(async () => ({ monitor, changed: true }));
    const { args, ack, respond } = button(monitorActionCodec.encode({ monitorId: "9" }));
    await pauseMonitorAction(fakeDeps({ pauseMonitor: pauseMonitor as never }))(args);
    expect(ack).toHaveBeenCalledTimes(1);
    expect(pauseMonitor).toHaveBeenCalledWith(userRef("U0ALICE"), { monitorId: "9" });
    expect(respond.mock.calls[0]![0]).toMatchObject({
      replace_original: true,
      text: "Paused Checkout API",
    });
  });

  it("answers App Home (no response_url) in the app's DM, and offers the Link button carrying the resume", async () => {
    const resumeMonitor = vi.fn(async () => {
      throw new NotLinkedError();
    });
    const { args, respond, client } = button(monitorActionCodec.encode({ monitorId: "9" }), {
      response_url: undefined,
      container: { type: "view" },
    });
    await resumeMonitorAction(fakeDeps({ resumeMonitor: resumeMonitor as never }))(args);
    expect(respond).not.toHaveBeenCalled();
    const dm = client.chat.postMessage.mock.calls[0]![0] as unknown as { channel: string; blocks: unknown[] };
    expect(dm.channel).toBe("U0ALICE");
    const value = JSON.stringify(dm.blocks).match(/"value":"((?:[^"\\]|\\.)*)"/)?.[1];
    expect(deferredActionCodec.decode(JSON.parse(`"${value}"`))).toEqual({
      action: "resume",
      monitorId: "9",
    });
  });

  it("says an old button is out of date", async () => {
    const pauseMonitor = vi.fn();
    const { args, respond } = button("nope");
    await pauseMonitorAction(fakeDeps({ pauseMonitor }))(args);
    expect(pauseMonitor).not.toHaveBeenCalled();
    expect(respond.mock.calls[0]![0].text).toMatch(/out of date\. Use `\/uptime pause <monitor>`/);
  });
});
