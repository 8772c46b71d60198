import type { ButtonAction } from "@slack/bolt";
import { ErrorCode } from "@slack/web-api";
import { describe, expect, it, type Mock, vi } from "vitest";
import { shareAction } from "../../../../src/listeners/actions/share-action";
import type { ActionArgs } from "../../../../src/listeners/handle-interaction";
import type { Services } from "../../../../src/services";
import type { ChannelListView } from "../../../../src/services/list-channels";
import { shareCodec, shareCodecV1 } from "../../../../src/ui/codecs";
import { actions } from "../../../../src/ui/ids";
import { textOf } from "../../../support/text-of";
import { actionArgs, fakeClient, fakeDeps, userRef } from "../helpers";

const CHANNELS: ChannelListView = {
  team: { id: "1", name: "Acme" },
  channels: [{ id: "3", name: "Ops pager", slug: "ops", enabled: true, description: null }],
} as unknown as ChannelListView;

/** The membership check passes: the read runs (services/shared-answer.ts decides it for real). */
const member = () =>
  // A Mock of a generic function loses its type parameter: the cast gives it back.
  vi.fn(async (_ref: unknown, _teamId: string, read: () => Promise<unknown>) => ({
    kind: "read" as const,
    value: await read(),
  })) as unknown as Mock & Services["readAsMemberOf"];

function click(value: string, client = fakeClient()) {
  return actionArgs<ActionArgs<ButtonAction>>({
    body: {
      actions: [{ action_id: actions.share, value }],
      channel: { id: "C0OPS", name: "ops" },
      container: { type: "message", is_ephemeral: true },
    },
    client,
  });
}

describe("shareAction", () => {
  it("re-runs the command with the clicker's token and posts it in the channel, naming the sharer", async () => {
    const listChannels = vi.fn(async () => CHANNELS);
    const readAsMemberOf = member();
    const { args, ack, client, respond } = click(shareCodec.encode({ command: "channels", teamId: "1" }));
    await shareAction(fakeDeps({ listChannels, readAsMemberOf }))(args);
    expect(ack).toHaveBeenCalledTimes(1);
    expect(readAsMemberOf).toHaveBeenCalledWith(userRef("U0ALICE"), "1", expect.any(Function));
    expect(listChannels).toHaveBeenCalledWith(userRef("U0ALICE"), "1");
    expect(client.chat.postMessage).toHaveBeenCalledTimes(1);
    const posted = client.chat.postMessage.mock.calls[0]![0] as { channel: string; blocks: unknown[] };
    expect(posted).toMatchObject({ channel: "C0OPS", unfurl_links: false });
    expect(textOf(posted)).toContain("Ops pager");
    expect(textOf(posted)).toContain("Shared by <@U0ALICE>");
    expect(JSON.stringify(posted.blocks)).not.toContain(actions.share);
    expect(respond).not.toHaveBeenCalled();
  });

  it("reads a shared page of a list from the team it was read from", async () => {
    const listIncidents = vi.fn(async () => ({
      team: { id: "7", name: "Acme" },
      openOnly: true,
      page: 2,
      incidents: [],
      monitorNames: {},
      hasPrev: true,
      hasNext: false,
      scanCapped: false,
    }));
    const { args } = click(shareCodec.encode({ command: "incidents open --page 2", teamId: "7" }));
    await shareAction(fakeDeps({ listIncidents, readAsMemberOf: member() }))(args);
    expect(listIncidents).toHaveBeenCalledWith(userRef("U0ALICE"), { teamId: "7", openOnly: true, page: 2 });
  });

  it("re-reads the monitor the answer showed by its id, in its team", async () => {
    const monitorDetailsById = vi.fn(async () => {
      throw new Error("stop here: the call is what this test is about");
    });
    const { args } = click(shareCodec.encode({ command: "monitor Blog", teamId: "2", monitorId: "13" }));
    await shareAction(fakeDeps({ monitorDetailsById, readAsMemberOf: member() }))(args).catch(() => {});
    expect(monitorDetailsById).toHaveBeenCalledWith(userRef("U0ALICE"), "13", "2");
  });

  it("tells only the clicker that they left the team the answer showed, and posts nothing", async () => {
    const listChannels = vi.fn(async () => CHANNELS);
    const readAsMemberOf = vi.fn(async () => ({ kind: "not-member" as const, teamName: "Acme Staging" }));
    const { args, respond, client } = click(shareCodec.encode({ command: "channels", teamId: "2" }));
    await shareAction(fakeDeps({ listChannels, readAsMemberOf }))(args);
    expect(listChannels).not.toHaveBeenCalled();
    expect(client.chat.postMessage).not.toHaveBeenCalled();
    expect(respond).toHaveBeenCalledWith(
      expect.objectContaining({
        response_type: "ephemeral",
        text: "You're no longer a member of Acme Staging, so I can't share this answer. `/uptime team` lists your teams.",
      }),
    );
  });

  it("tells only the clicker when the app is not in the channel, and posts nothing", async () => {
    const client = fakeClient();
    client.chat.postMessage.mockRejectedValueOnce(
      Object.assign(new Error("An API error occurred: not_in_channel"), {
        code: ErrorCode.PlatformError,
        data: { ok: false, error: "not_in_channel" },
      }),
    );
    const { args, respond } = click(shareCodec.encode({ command: "channels", teamId: "1" }), client);
    await shareAction(fakeDeps({ listChannels: vi.fn(async () => CHANNELS), readAsMemberOf: member() }))(
      args,
    );
    expect(respond).toHaveBeenCalledWith(
      expect.objectContaining({
        response_type: "ephemeral",
        replace_original: false,
        text: "I'm not in <#C0OPS>, so I can't share there. Invite me with `/invite @Uptime`, then press Share again.",
      }),
    );
  });

  it("says the button is out of date for a value it cannot read, or a command that is not a query", async () => {
    for (const value of [
      "junk",
      shareCodec.encode({ command: "pause api", teamId: "1" }),
      // Before issue 32: no team, so the team its answer showed is unknown.
      shareCodecV1.encode({ command: "channels" }),
    ]) {
      const { args, respond, client } = click(value);
      await shareAction(fakeDeps({}))(args);
      expect(client.chat.postMessage).not.toHaveBeenCalled();
      expect(respond).toHaveBeenCalledWith(
        expect.objectContaining({ text: expect.stringMatching(/This button is out of date/) }),
      );
    }
  });

  it("an unexpected failure of the post gets the generic sentence and reaches app.error", async () => {
    const client = fakeClient();
    const boom = new Error("socket hang up");
    client.chat.postMessage.mockRejectedValueOnce(boom);
    const { args, respond } = click(shareCodec.encode({ command: "channels", teamId: "1" }), client);
    await expect(
      shareAction(fakeDeps({ listChannels: vi.fn(async () => CHANNELS), readAsMemberOf: member() }))(args),
    ).rejects.toBe(boom);
    expect(respond).toHaveBeenCalledWith(
      expect.objectContaining({ text: expect.stringMatching(/Something went wrong on our side/) }),
    );
  });
});
