import { describe, expect, it, vi } from "vitest";
import { createMonitorShortcut } from "../../../../src/listeners/shortcuts/create-monitor-shortcut";
import { NotLinkedError } from "../../../../src/services/errors";
import { createMonitorModalCodec } from "../../../../src/ui/codecs";
import { fakeClient, fakeDeps, TEAM, userRef } from "../helpers";

type Args = Parameters<ReturnType<typeof createMonitorShortcut>>[0];

function shortcut() {
  const ack = vi.fn(async () => {});
  const client = fakeClient();
  const args = {
    ack,
    client,
    shortcut: { trigger_id: "trig", user: { id: "U0ALICE" } },
    context: { teamId: TEAM, isEnterpriseInstall: false },
  };
  return { ack, client, args: args as unknown as Args };
}

describe("createMonitorShortcut", () => {
  it("opens the create-monitor modal with no channel: the confirmation goes to the app's DM", async () => {
    const createMonitorTarget = vi.fn(async () => ({ teamId: "7", teamName: "Acme" }));
    const { args, ack, client } = shortcut();
    await createMonitorShortcut(fakeDeps({ createMonitorTarget: createMonitorTarget as never }))(args);
    expect(ack).toHaveBeenCalledTimes(1);
    expect(createMonitorTarget).toHaveBeenCalledWith(userRef("U0ALICE"));
    const opened = client.views.open.mock.calls[0]![0] as unknown as { view: { private_metadata: string } };
    expect(createMonitorModalCodec.decode(opened.view.private_metadata)).toEqual({ teamId: "7" });
  });

  it("shows an unlinked user the small link-first modal", async () => {
    const { args, client } = shortcut();
    const notLinked = vi.fn(async () => {
      throw new NotLinkedError();
    });
    await createMonitorShortcut(fakeDeps({ createMonitorTarget: notLinked }))(args);
    expect(JSON.stringify(client.views.open.mock.calls[0]![0])).toMatch(/haven't linked/);
  });
});
