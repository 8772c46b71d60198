import type { ButtonAction } from "@slack/bolt";
import { describe, expect, it, vi } from "vitest";
import { homeRefreshAction } from "../../../../src/listeners/actions/home-refresh-action";
import type { ActionArgs } from "../../../../src/listeners/handle-interaction";
import { ServerError } from "../../../../src/uptime";
import { actionArgs, fakeDeps, userRef } from "../helpers";

describe("homeRefreshAction", () => {
  it("re-publishes App Home; API trouble is a sentence on the tab, not an error", async () => {
    const homeData = vi.fn(async () => {
      throw new ServerError({
        status: 503,
        title: "Service Unavailable",
        detail: null,
        errors: [],
        headers: {},
        request: { method: "GET", path: "/users/me" },
        rawBody: "",
      });
    });
    const { args, ack, respond, client } = actionArgs<ActionArgs<ButtonAction>>({
      body: { container: { type: "view", view_id: "V0HOME" }, actions: [{}] },
    });
    await homeRefreshAction(fakeDeps({ homeData }))(args);
    expect(ack).toHaveBeenCalledTimes(1);
    expect(homeData).toHaveBeenCalledWith(userRef("U0ALICE"));
    expect(respond).not.toHaveBeenCalled();
    expect(client.views.publish.mock.calls[0]![0]).toMatchObject({ user_id: "U0ALICE" });
    expect(JSON.stringify(client.views.publish.mock.calls[0])).toMatch(/having trouble right now/);
  });
});
