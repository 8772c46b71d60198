import { describe, expect, it, vi } from "vitest";
import { userChangeEvent } from "../../../../src/listeners/events/user-change-event";
import { fakeDeps, TEAM } from "../helpers";

type Args = Parameters<ReturnType<typeof userChangeEvent>>[0];

const context = { teamId: TEAM, isEnterpriseInstall: false };

describe("userChangeEvent", () => {
  it("offboards a person deactivated in Slack (user.deleted: true)", async () => {
    const usersDeactivated = vi.fn(async () => {});
    const args = { event: { type: "user_change", user: { id: "U0ALICE", deleted: true } }, context };
    await userChangeEvent(fakeDeps({ usersDeactivated }))(args as unknown as Args);
    expect(usersDeactivated).toHaveBeenCalledWith(
      { enterpriseId: undefined, teamId: TEAM, isEnterpriseInstall: false },
      ["U0ALICE"],
    );
  });

  it("ignores every other profile change", async () => {
    const usersDeactivated = vi.fn(async () => {});
    const args = { event: { type: "user_change", user: { id: "U0ALICE", deleted: false } }, context };
    await userChangeEvent(fakeDeps({ usersDeactivated }))(args as unknown as Args);
    expect(usersDeactivated).not.toHaveBeenCalled();
  });
});
