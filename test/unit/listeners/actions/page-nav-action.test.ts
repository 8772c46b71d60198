import type { ButtonAction } from "@slack/bolt";
import { describe, expect, it, vi } from "vitest";
import { pageNavAction } from "../../../../src/listeners/actions/page-nav-action";
import type { ActionArgs } from "../../../../src/listeners/handle-interaction";
import type { IncidentListView } from "../../../../src/services/list-incidents";
import { pageCodec, shareCodec } from "../../../../src/ui/codecs";
import { actions } from "../../../../src/ui/ids";
import { PermissionDeniedError } from "../../../../src/uptime";
import { actionArgs, fakeDeps, userRef } from "../helpers";

const click = (value: string) => actionArgs<ActionArgs<ButtonAction>>({ body: { actions: [{ value }] } });

describe("pageNavAction", () => {
  it("reads the page and filters in the button, with the clicker's token", async () => {
    const listMonitors = vi.fn(async () => {
      throw new PermissionDeniedError({
        status: 403,
        title: "Forbidden",
        detail: null,
        errors: [],
        headers: {},
        request: { method: "GET", path: "/teams/7/monitors" },
        rawBody: "",
      });
    });
    const value = pageCodec.encode({
      list: "monitors",
      teamId: "7",
      page: 3,
      state: "down",
      sort: ["-name"],
    });
    const { args, ack, respond } = click(value);
    await pageNavAction(fakeDeps({ listMonitors }))(args);
    expect(ack).toHaveBeenCalledTimes(1);
    expect(listMonitors).toHaveBeenCalledWith(userRef("U0ALICE"), {
      teamId: "7",
      page: 3,
      text: undefined,
      state: "down",
      group: undefined,
      sort: ["-name"],
    });
    // A failure leaves the list as it is and answers under it.
    expect(respond.mock.calls[0]![0]).toMatchObject({
      replace_original: false,
      text: expect.stringMatching(/Your role in this Uptime team/),
    });
  });

  it("says an old button is out of date", async () => {
    const { args, respond } = click("{}");
    await pageNavAction(fakeDeps({}))(args);
    expect(respond.mock.calls[0]![0].text).toBe(
      ":warning: This button is out of date. Run the command again for a fresh list.",
    );
  });

  it("the new page's Share in channel shares that page", async () => {
    const view: IncidentListView = {
      team: { id: "7", name: "Acme" },
      openOnly: true,
      page: 2,
      incidents: [],
      monitorNames: {},
      hasPrev: true,
      hasNext: false,
      scanCapped: false,
    };
    const listIncidents = vi.fn(async () => view);
    const { args, respond } = actionArgs<ActionArgs<ButtonAction>>({
      body: {
        actions: [{ value: pageCodec.encode({ list: "incidents", teamId: "7", page: 2, openOnly: true }) }],
        channel: { id: "C0OPS", name: "ops" },
      },
    });
    await pageNavAction(fakeDeps({ listIncidents }))(args);
    const blocks = respond.mock.calls[0]![0].blocks as {
      elements?: { action_id: string; value: string }[];
    }[];
    const share = blocks.flatMap((b) => b.elements ?? []).find((el) => el.action_id === actions.share);
    // With the list's team: shared as read, even if the sharer switched teams since.
    expect(shareCodec.decode(share?.value)).toEqual({ command: "incidents open --page 2", teamId: "7" });
  });
});
