import { describe, expect, it } from "vitest";
import type { WorkspaceRef } from "../../../src/domain/workspace-ref";
import {
  CleanupError,
  type CleanupParticipant,
  WorkspaceCleanup,
} from "../../../src/store/workspace-cleanup";

function recorder(name: string, log: string[], fail = false): CleanupParticipant {
  const note = async (what: string) => {
    log.push(`${name}:${what}`);
    if (fail) throw new Error(`${name} is down`);
  };
  return {
    name,
    workspaceUninstalled: (ws) => note(`uninstalled ${ws.teamId}`),
    userTokensRevoked: (ws, users) => note(`users ${ws.teamId} ${users.join(",")}`),
    botTokensRevoked: (ws, bots) => note(`bot ${ws.teamId} ${bots.join(",")}`),
  };
}

const ws: WorkspaceRef = { teamId: "T1" };

describe("WorkspaceCleanup", () => {
  it("calls each participant for the event it handles; optional hooks may be absent", async () => {
    const log: string[] = [];
    const cleanup = new WorkspaceCleanup([recorder("a", log)]).add({ name: "quiet" }).add(recorder("b", log));
    expect(cleanup.names).toEqual(["a", "quiet", "b"]);
    await cleanup.appUninstalled(ws);
    await cleanup.tokensRevoked(ws, { oauth: ["U1", "U2"] });
    await cleanup.tokensRevoked(ws, { bot: ["B1"], oauth: [] });
    expect(log.sort()).toEqual(
      [
        "a:uninstalled T1",
        "b:uninstalled T1",
        "a:users T1 U1,U2",
        "b:users T1 U1,U2",
        "a:bot T1 B1",
        "b:bot T1 B1",
      ].sort(),
    );
  });

  it("runs every participant even when one fails, then reports the failures", async () => {
    const log: string[] = [];
    const cleanup = new WorkspaceCleanup([recorder("broken", log, true), recorder("fine", log)]);
    const error = await cleanup.appUninstalled(ws).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CleanupError);
    expect((error as CleanupError).failures.map((failure) => failure.participant)).toEqual(["broken"]);
    expect((error as CleanupError).message).toContain("broken is down");
    expect(log).toContain("fine:uninstalled T1");
  });
});
