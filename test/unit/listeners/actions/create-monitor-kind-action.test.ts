import type { RadioButtonsAction } from "@slack/bolt";
import { describe, expect, it, vi } from "vitest";
import { createMonitorKindAction } from "../../../../src/listeners/actions/create-monitor-kind-action";
import type { ActionArgs } from "../../../../src/listeners/handle-interaction";
import { NotLinkedError } from "../../../../src/services/errors";
import { createMonitorModalCodec } from "../../../../src/ui/codecs";
import { actionArgs, fakeClient, fakeDeps } from "../helpers";

const metadata = createMonitorModalCodec.encode({ teamId: "7" });
const radio = (client = fakeClient()) =>
  actionArgs<ActionArgs<RadioButtonsAction>>({
    body: { view: { id: "V0MODAL", hash: "h1", private_metadata: metadata } },
    action: { selected_option: { value: "tcp" } },
    client,
  });

describe("createMonitorKindAction", () => {
  it("redraws the modal for the chosen kind, guarded by the view's hash", async () => {
    const createMonitorTarget = vi.fn(async () => ({ teamId: "7", teamName: "Acme" }));
    const { args, ack, client } = radio();
    await createMonitorKindAction(fakeDeps({ createMonitorTarget: createMonitorTarget as never }))(args);
    expect(ack).toHaveBeenCalledTimes(1);
    expect(client.views.update.mock.calls[0]![0]).toMatchObject({ view_id: "V0MODAL", hash: "h1" });
    expect(JSON.stringify(client.views.update.mock.calls[0])).toMatch(/create_monitor\.port/);
  });

  it("leaves the modal alone after a hash conflict or when the user can no longer create", async () => {
    const client = fakeClient();
    client.views.update.mockRejectedValueOnce(
      Object.assign(new Error("x"), { data: { error: "hash_conflict" } }),
    );
    const target = vi.fn(async () => ({ teamId: "7", teamName: "Acme" }));
    await expect(
      createMonitorKindAction(fakeDeps({ createMonitorTarget: target as never }))(radio(client).args),
    ).resolves.toBeUndefined();
    const { args, respond } = radio();
    const notLinked = vi.fn(async () => {
      throw new NotLinkedError();
    });
    await createMonitorKindAction(fakeDeps({ createMonitorTarget: notLinked }))(args);
    expect(respond).not.toHaveBeenCalled();
  });
});
