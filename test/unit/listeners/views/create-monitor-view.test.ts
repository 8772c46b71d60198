import { describe, expect, it, vi } from "vitest";
import type { ViewArgs } from "../../../../src/listeners/handle-interaction";
import { createMonitorView } from "../../../../src/listeners/views/create-monitor-view";
import { createMonitorModalCodec } from "../../../../src/ui/codecs";
import { blocks } from "../../../../src/ui/ids";
import { TimeoutError } from "../../../../src/uptime";
import { monitor } from "../../ui/query-fixtures";
import { fakeDeps, viewArgs } from "../helpers";

const B = blocks.createMonitor;
const text = (value: string) => ({ type: "plain_text_input", value });
const values = {
  [B.kind]: { [B.kind]: { selected_option: { value: "url" } } },
  [B.name]: { [B.name]: text("Checkout") },
  [B.url]: { [B.url]: text("https://example.com/health") },
};

describe("createMonitorView", () => {
  it("says an unreadable form is out of date, next to the name", async () => {
    const { args, ack } = viewArgs<ViewArgs>({ privateMetadata: "{}" });
    await createMonitorView(fakeDeps({}))(args);
    expect(ack).toHaveBeenCalledWith({
      response_action: "errors",
      errors: { [B.name]: "This form is out of date. Close it and run `/uptime create` again." },
    });
  });

  it("keeps the form open with what was wrong, before and after the API call", async () => {
    const privateMetadata = createMonitorModalCodec.encode({ teamId: "7", channelId: "C0OPS" });
    const empty = viewArgs<ViewArgs>({ privateMetadata });
    const createMonitor = vi.fn(async () => {
      throw new TimeoutError("deadline", { method: "POST", path: "/teams/7/monitors" }, null);
    });
    await createMonitorView(fakeDeps({ createMonitor }))(empty.args);
    expect(createMonitor).not.toHaveBeenCalled();
    expect(empty.ack.mock.calls[0]![0]).toMatchObject({
      response_action: "errors",
      errors: { [B.name]: expect.any(String) },
    });

    const filled = viewArgs<ViewArgs>({ privateMetadata, values });
    await createMonitorView(fakeDeps({ createMonitor }))(filled.args);
    expect(createMonitor).toHaveBeenCalledTimes(1);
    expect(filled.ack).toHaveBeenCalledWith({
      response_action: "errors",
      errors: { [B.name]: expect.stringMatching(/most likely not created/) },
    });
    expect(filled.client.chat.postEphemeral).not.toHaveBeenCalled();
  });

  it("closes the modal and confirms in the channel it came from", async () => {
    const privateMetadata = createMonitorModalCodec.encode({ teamId: "7", channelId: "C0OPS" });
    const createMonitor = vi.fn(async (_user: unknown, _request: unknown) => ({
      monitor: monitor({ id: "12", name: "Checkout" }),
      teamName: "Acme",
    }));
    const { args, ack, client } = viewArgs<ViewArgs>({ privateMetadata, values });
    await createMonitorView(fakeDeps({ createMonitor }))(args);
    expect(ack).toHaveBeenCalledWith();
    expect(createMonitor.mock.calls[0]![1]).toMatchObject({ teamId: "7" });
    expect(client.chat.postEphemeral.mock.calls[0]![0]).toMatchObject({ channel: "C0OPS", user: "U0ALICE" });
  });
});
