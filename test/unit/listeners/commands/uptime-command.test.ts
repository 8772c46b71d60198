import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { uptimeCommand } from "../../../../src/listeners/commands/uptime-command";
import { MonitorNotFoundError, NotLinkedError } from "../../../../src/services/errors";
import type { ChannelListView } from "../../../../src/services/list-channels";
import { shareCodec } from "../../../../src/ui/codecs";
import { actions } from "../../../../src/ui/ids";
import { textOf } from "../../../support/text-of";
import { fakeClient, fakeDeps, TEAM, userRef } from "../helpers";

type Args = Parameters<ReturnType<typeof uptimeCommand>>[0];

// The command answers through its response_url with a plain POST (respond-to.ts): a local server stands in
// for Slack's hooks endpoint and keeps what was posted.
let server: Server;
let responseUrl: string;
const posted: Record<string, unknown>[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      posted.push(JSON.parse(body));
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  responseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/commands/1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function command(text: string, channelId = "C0OPS", userId = "U0ALICE") {
  posted.length = 0;
  const ack = vi.fn(async () => {});
  const args = {
    ack,
    client: fakeClient(),
    command: {
      text,
      user_id: userId,
      channel_id: channelId,
      trigger_id: "trig",
      response_url: responseUrl,
    },
    context: { teamId: TEAM, isEnterpriseInstall: false },
  };
  return { ack, args: args as unknown as Args };
}

describe("uptimeCommand", () => {
  it("acks, parses and answers what was not understood with help, ephemerally", async () => {
    const { args, ack } = command("incidnets");
    await uptimeCommand(fakeDeps({}))(args);
    expect(ack).toHaveBeenCalledTimes(1);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ response_type: "ephemeral" });
    expect(textOf(posted[0] as { text?: string })).toMatch(
      /unknown command "incidnets"; did you mean "incidents"/,
    );
  });

  it("runs the subcommand for the caller and maps a known failure to one sentence", async () => {
    const acknowledgeIncident = vi.fn(async () => {
      throw new NotLinkedError();
    });
    const { args } = command("ack #12");
    await uptimeCommand(fakeDeps({ acknowledgeIncident }))(args);
    expect(acknowledgeIncident).toHaveBeenCalledWith(userRef("U0ALICE"), { incidentId: "12" });
    expect(posted[0]).toMatchObject({
      response_type: "ephemeral",
      text: expect.stringMatching(/haven't linked/),
    });
  });

  it("rethrows an unexpected failure after a generic answer", async () => {
    const boom = new Error("internals");
    const { args } = command("ack 12");
    await expect(
      uptimeCommand(fakeDeps({ acknowledgeIncident: vi.fn(async () => Promise.reject(boom)) }))(args),
    ).rejects.toBe(boom);
    expect(posted[0]).toMatchObject({ text: expect.stringMatching(/Something went wrong on our side/) });
  });

  it("answers one person's commands two at a time; another person's, and a modal of theirs, do not wait", async () => {
    const started: string[] = [];
    const releases: (() => void)[] = [];
    const acknowledgeIncident = vi.fn(async (user: { userId: string }, input: { incidentId: string }) => {
      started.push(`${user.userId} #${input.incidentId}`);
      await new Promise<void>((resolve) => releases.push(resolve));
      return undefined as never;
    });
    const listener = uptimeCommand(fakeDeps({ acknowledgeIncident }));
    const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
    const alice = [1, 2, 3].map((i) => listener(command(`ack #${i}`).args).catch(() => {}));
    await settle();
    expect(started).toEqual(["U0ALICE #1", "U0ALICE #2"]);

    const bob = listener(command("ack #9", "C0OPS", "U0BOB").args).catch(() => {});
    const login = command("login");
    const loginDone = listener(login.args);
    await settle();
    expect(started).toEqual(["U0ALICE #1", "U0ALICE #2", "U0BOB #9"]);
    // Slack's trigger expires 3 s after the command: the modal opens while Alice's two answers still run.
    await loginDone;
    expect(
      (login.args.client as unknown as { views: { open: ReturnType<typeof vi.fn> } }).views.open,
    ).toHaveBeenCalled();

    releases.shift()!();
    await settle();
    expect(started).toEqual(["U0ALICE #1", "U0ALICE #2", "U0BOB #9", "U0ALICE #3"]);
    for (const release of releases.splice(0)) release();
    await settle();
    for (const release of releases.splice(0)) release();
    await Promise.all([...alice, bob]);
  });

  it("tells a person this process already refused in the acknowledgement itself, and runs nothing", async () => {
    const acknowledgeIncident = vi.fn(async () => undefined as never);
    const takeFairShare = vi.fn(async () => ({ ok: true as const }));
    const knownFairShareRefusal = vi.fn((user: { userId: string }) =>
      user.userId === "U0ALICE" ? { ok: false as const, waitMs: 4_200 } : undefined,
    );
    const listener = uptimeCommand(fakeDeps({ acknowledgeIncident, takeFairShare, knownFairShareRefusal }));
    const refused = command("ack #1");
    await listener(refused.args);
    expect(refused.ack).toHaveBeenCalledWith(
      expect.objectContaining({
        response_type: "ephemeral",
        text: "You've sent many commands; the next one in 5 s.",
      }),
    );
    expect(posted).toHaveLength(0);
    expect(takeFairShare).not.toHaveBeenCalled();
    expect(acknowledgeIncident).not.toHaveBeenCalled();
    // help costs nothing, so a refusal is not even asked for; another person is served as usual.
    const help = command("help");
    await listener(help.args);
    expect(help.ack).toHaveBeenCalledWith();
    expect(knownFairShareRefusal).toHaveBeenCalledTimes(1);
    const bob = command("ack #2", "C0OPS", "U0BOB");
    // (the stub's empty result is no acknowledgement to render: that answer fails after the call, as expected)
    await listener(bob.args).catch(() => {});
    expect(bob.ack).toHaveBeenCalledWith();
    expect(acknowledgeIncident).toHaveBeenCalledWith(userRef("U0BOB"), { incidentId: "2" });
  });

  describe("Share in channel", () => {
    const listChannels = vi.fn(
      async () => ({ team: { id: "1", name: "Acme" }, channels: [] }) as unknown as ChannelListView,
    );
    const shareValues = (message: Record<string, unknown> | undefined) =>
      ((message?.blocks as { elements?: { action_id?: string; value?: string }[] }[] | undefined) ?? [])
        .flatMap((b) => b.elements ?? [])
        .filter((el) => el.action_id === actions.share)
        .map((el) => shareCodec.decode(el.value));

    it("is under a data answer, carrying the command to re-run", async () => {
      const { args } = command("channels");
      await uptimeCommand(fakeDeps({ listChannels }))(args);
      expect(shareValues(posted[0])).toEqual([{ command: "channels", teamId: "1" }]);
    });

    it("is not under help, an error, or an answer in a DM", async () => {
      const help = command("help");
      await uptimeCommand(fakeDeps({}))(help.args);
      expect(posted).toHaveLength(1);
      expect(shareValues(posted[0])).toEqual([]);

      const monitorDetails = vi.fn(async () => Promise.reject(new MonitorNotFoundError("api", [])));
      const failing = command("monitor api");
      await uptimeCommand(fakeDeps({ monitorDetails }))(failing.args);
      expect(textOf(posted[0] as { text?: string })).toMatch(/No monitor matches/);
      expect(shareValues(posted[0])).toEqual([]);

      const dm = command("channels", "D0APPDM");
      await uptimeCommand(fakeDeps({ listChannels }))(dm.args);
      expect(textOf(posted[0] as { text?: string })).toMatch(/Alert channels of Acme/);
      expect(shareValues(posted[0])).toEqual([]);
    });
  });
});
