import { describe, expect, it, vi } from "vitest";
import { appHomeOpenedEvent } from "../../../../src/listeners/events/app-home-opened-event";
import { fakeClient, fakeDeps, TEAM, userRef } from "../helpers";

const opened = (tab: string) => {
  const client = fakeClient();
  const args = {
    event: { user: "U0ALICE", tab },
    client,
    context: { teamId: TEAM, isEnterpriseInstall: false },
  };
  return { client, args: args as unknown as Parameters<ReturnType<typeof appHomeOpenedEvent>>[0] };
};

describe("appHomeOpenedEvent", () => {
  it("publishes the Home tab fresh for the user who opened it", async () => {
    const homeData = vi.fn(async () => ({ kind: "unlinked" as const }));
    const { args, client } = opened("home");
    await appHomeOpenedEvent(fakeDeps({ homeData }))(args);
    expect(homeData).toHaveBeenCalledWith(userRef("U0ALICE"));
    expect(client.views.publish.mock.calls[0]![0]).toMatchObject({ user_id: "U0ALICE" });
  });

  it("ignores the Messages tab", async () => {
    const homeData = vi.fn();
    const { args, client } = opened("messages");
    await appHomeOpenedEvent(fakeDeps({ homeData }))(args);
    expect(homeData).not.toHaveBeenCalled();
    expect(client.views.publish).not.toHaveBeenCalled();
  });
});
