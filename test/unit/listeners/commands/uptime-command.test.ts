import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { uptimeCommand } from "../../../../src/listeners/commands/uptime-command";
import { NotLinkedError } from "../../../../src/services/errors";
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

function command(text: string) {
  posted.length = 0;
  const ack = vi.fn(async () => {});
  const args = {
    ack,
    client: fakeClient(),
    command: { text, user_id: "U0ALICE", channel_id: "C0OPS", trigger_id: "trig", response_url: responseUrl },
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
});
