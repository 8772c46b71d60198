import { describe, expect, it } from "vitest";
import { requireAllowed, takeOverAction } from "../../../src/services/alerts-permission";
import { AlertsChangeNotAllowedError, ReadOnlyRoleError } from "../../../src/services/errors";
import type { LinkRecord } from "../../../src/store/link-store";

const link: LinkRecord = {
  apiUserId: "3",
  apiUserName: "Rita Readonly",
  teams: [
    { id: "1", name: "Acme Production", role: "read-only" },
    { id: "2", name: "Acme Staging", role: "regular" },
  ],
  activeTeamId: "1",
  linkedAt: 0,
  stale: false,
};

describe("who may change a channel's alerts", () => {
  it("finds the caller's membership, or names the team they are not in", () => {
    expect(requireAllowed(link.teams, { id: "2", name: null }, "mute-short").role).toBe("regular");
    const error = (() => {
      try {
        requireAllowed(link.teams, { id: "9", name: "Other" }, "unsubscribe-own");
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(AlertsChangeNotAllowedError);
    expect(error).toMatchObject({ change: "unsubscribe", reason: "not_member", teamName: "Other" });
  });

  it("refuses the writer rows to read-only members only, naming the row and the team", () => {
    expect(() =>
      requireAllowed(link.teams, { id: "1", name: null }, ["subscribe", "mention-others"]),
    ).toThrow(expect.objectContaining({ action: "mention-others", teamName: "Acme Production" }));
    expect(() => requireAllowed(link.teams, { id: "1", name: null }, "mute-long")).toThrow(ReadOnlyRoleError);
    expect(() => requireAllowed(link.teams, { id: "2", name: null }, "mute-long")).not.toThrow();
    expect(() => requireAllowed(link.teams, { id: "1", name: null }, "mute-short")).not.toThrow();
  });

  it("asks the same row to replace or to remove a subscription someone else set up, none for one's own", () => {
    const rita = { teamId: "T1", userId: "U0RITA" };
    const owners = { subscriber: { userId: "U0OLIVIA", apiUserId: "1" } };
    const hers = { subscriber: { userId: "U0RITA", apiUserId: "3" } };
    expect(takeOverAction(owners, rita, "replace")).toBe("replace-others");
    expect(takeOverAction(owners, rita, "remove")).toBe("unsubscribe-others");
    expect(takeOverAction(hers, rita, "replace")).toBe("subscribe");
    expect(takeOverAction(hers, rita, "remove")).toBe("unsubscribe-own");
    expect(takeOverAction(null, rita, "replace")).toBe("subscribe");
  });
});
