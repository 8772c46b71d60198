import { describe, expect, it, vi } from "vitest";
import { createMonitorGroupOptions } from "../../../../src/listeners/options/create-monitor-group-options";
import { createMonitorModalCodec } from "../../../../src/ui/codecs";
import { fakeDeps, TEAM, userRef } from "../helpers";

type Args = Parameters<ReturnType<typeof createMonitorGroupOptions>>[0];

function suggestion(privateMetadata: string) {
  const ack = vi.fn(async (_options: { options: unknown[] }) => {});
  const args = {
    ack,
    body: { user: { id: "U0ALICE" }, value: "ed", view: { private_metadata: privateMetadata } },
    context: { teamId: TEAM, isEnterpriseInstall: false },
  };
  return { ack, args: args as unknown as Args };
}

describe("createMonitorGroupOptions", () => {
  it("offers the team's groups matching what was typed", async () => {
    const listGroups = vi.fn(async (_user: unknown, _query: unknown) => [{ id: "Edge", name: "Edge" }]);
    const { args, ack } = suggestion(createMonitorModalCodec.encode({ teamId: "7" }));
    await createMonitorGroupOptions(fakeDeps({ listGroups: listGroups as never }))(args);
    expect(listGroups.mock.calls[0]![0]).toEqual(userRef("U0ALICE"));
    expect(listGroups.mock.calls[0]![1]).toMatchObject({ teamId: "7", query: "ed" });
    expect(JSON.stringify(ack.mock.calls[0]![0].options)).toMatch(/Edge/);
  });

  it("answers no options, never an error, when the groups cannot be read or the modal is old", async () => {
    const listGroups = vi.fn(async () => {
      throw new Error("timeout");
    });
    const failing = suggestion(createMonitorModalCodec.encode({ teamId: "7" }));
    await createMonitorGroupOptions(fakeDeps({ listGroups }))(failing.args);
    expect(failing.ack).toHaveBeenCalledWith({ options: [] });
    const old = suggestion("{}");
    await createMonitorGroupOptions(fakeDeps({ listGroups }))(old.args);
    expect(old.ack).toHaveBeenCalledWith({ options: [] });
  });
});
