import { describe, expect, it, vi } from "vitest";
import { tokensRevokedEvent } from "../../../../src/listeners/events/tokens-revoked-event";
import { fakeDeps, TEAM } from "../helpers";

type Args = Parameters<ReturnType<typeof tokensRevokedEvent>>[0];

describe("tokensRevokedEvent", () => {
  it("passes the revoked user and bot tokens of the workspace on", async () => {
    const tokensRevoked = vi.fn(async () => {});
    const args = {
      event: { tokens: { oauth: ["U0ALICE"], bot: ["B0BOT"] } },
      context: { teamId: TEAM, isEnterpriseInstall: false },
    };
    await tokensRevokedEvent(fakeDeps({ tokensRevoked }))(args as unknown as Args);
    expect(tokensRevoked).toHaveBeenCalledWith(
      { enterpriseId: undefined, teamId: TEAM, isEnterpriseInstall: false },
      { oauth: ["U0ALICE"], bot: ["B0BOT"] },
    );
  });
});
