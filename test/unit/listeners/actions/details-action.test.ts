import type { ButtonAction } from "@slack/bolt";
import { describe, expect, it, vi } from "vitest";
import { detailsAction } from "../../../../src/listeners/actions/details-action";
import type { ActionArgs } from "../../../../src/listeners/handle-interaction";
import { MonitorNotFoundError } from "../../../../src/services/errors";
import { detailsCodec } from "../../../../src/ui/codecs";
import { actionArgs, fakeDeps, userRef } from "../helpers";

const click = (value: string) => actionArgs<ActionArgs<ButtonAction>>({ body: { actions: [{ value }] } });

describe("detailsAction", () => {
  it("reads the monitor in the button with the clicker's token; says a failure in one sentence", async () => {
    const monitorDetailsById = vi.fn(async () => {
      throw new MonitorNotFoundError("9", []);
    });
    const { args, ack, respond } = click(detailsCodec.encode({ monitorId: "9" }));
    await detailsAction(fakeDeps({ monitorDetailsById }))(args);
    expect(ack).toHaveBeenCalledTimes(1);
    expect(monitorDetailsById).toHaveBeenCalledWith(userRef("U0ALICE"), "9");
    expect(respond).toHaveBeenCalledWith(
      expect.objectContaining({
        response_type: "ephemeral",
        replace_original: false,
        text: expect.stringMatching(/No monitor matches "9"/),
      }),
    );
  });

  it("says an old button is out of date", async () => {
    const monitorDetailsById = vi.fn();
    const { args, respond } = click("junk");
    await detailsAction(fakeDeps({ monitorDetailsById }))(args);
    expect(monitorDetailsById).not.toHaveBeenCalled();
    expect(respond.mock.calls[0]![0]).toEqual({
      response_type: "ephemeral",
      replace_original: false,
      text: ":warning: This button is out of date. `/uptime incident <id>` shows the incident.",
    });
  });
});
