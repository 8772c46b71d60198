import { describe, expect, it, vi } from "vitest";
import { appUninstalledEvent } from "../../../../src/listeners/events/app-uninstalled-event";
import { fakeDeps, TEAM } from "../helpers";

type Args = Parameters<ReturnType<typeof appUninstalledEvent>>[0];

describe("appUninstalledEvent", () => {
  it("deletes everything of the workspace, and lets a failure reach app.error (Slack retries)", async () => {
    const workspaceUninstalled = vi.fn(async () => {});
    const context = { teamId: TEAM, isEnterpriseInstall: false };
    await appUninstalledEvent(fakeDeps({ workspaceUninstalled }))({ context } as unknown as Args);
    expect(workspaceUninstalled).toHaveBeenCalledWith({
      enterpriseId: undefined,
      teamId: TEAM,
      isEnterpriseInstall: false,
    });

    const boom = new Error("redis is down");
    const failing = vi.fn(async () => {
      throw boom;
    });
    await expect(
      appUninstalledEvent(fakeDeps({ workspaceUninstalled: failing }))({ context } as unknown as Args),
    ).rejects.toBe(boom);
  });
});
