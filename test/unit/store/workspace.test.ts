import { describe, expect, it } from "vitest";
import { InvalidWorkspaceRefError, userOwner, workspaceKey } from "../../../src/store/workspace";

describe("workspaceKey", () => {
  it("keys an org-wide install by enterprise, any other by team", () => {
    expect(workspaceKey({ isEnterpriseInstall: true, enterpriseId: "E1", teamId: "T1" })).toBe("E:E1");
    expect(workspaceKey({ isEnterpriseInstall: true, enterpriseId: "E1" })).toBe("E:E1");
    expect(workspaceKey({ enterpriseId: "E1", teamId: "T1" })).toBe("T:T1");
    expect(workspaceKey({ isEnterpriseInstall: false, teamId: "T1" })).toBe("T:T1");
  });

  it("refuses refs that cannot name an owner, or ids that could break a key", () => {
    for (const ref of [
      { isEnterpriseInstall: true, teamId: "T1" },
      { enterpriseId: "E1" },
      {},
      { teamId: "T1:U2" },
      { teamId: "" },
      { isEnterpriseInstall: true, enterpriseId: "E*" },
    ]) {
      expect(() => workspaceKey(ref)).toThrow(InvalidWorkspaceRefError);
    }
  });

  it("binds ciphertexts to kind, owner and user", () => {
    expect(userOwner("link", { teamId: "T1", userId: "U1" })).toBe("link:T:T1:U1");
    expect(() => userOwner("link", { teamId: "T1", userId: "U1:x" })).toThrow(InvalidWorkspaceRefError);
  });
});
