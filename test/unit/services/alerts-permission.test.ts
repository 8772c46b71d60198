import { describe, expect, it } from "vitest";
import {
  isReadOnly,
  requireMayTakeOver,
  requireMember,
  requireWriteRole,
} from "../../../src/services/alerts-permission";
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
  it("reads any spelling of read-only as read-only, and nothing else (A3)", () => {
    for (const role of ["read-only", "read_only", "readonly", "Read only", "READ-ONLY"])
      expect(isReadOnly(role)).toBe(true);
    for (const role of ["owner", "regular", "member", "admin", "read", ""])
      expect(isReadOnly(role)).toBe(false);
  });

  it("finds the caller's membership, or names the team they are not in", () => {
    expect(requireMember(link.teams, { id: "2", name: null }, "mute").role).toBe("regular");
    const error = (() => {
      try {
        requireMember(link.teams, { id: "9", name: "Other" }, "unsubscribe");
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(AlertsChangeNotAllowedError);
    expect(error).toMatchObject({ change: "unsubscribe", reason: "not_member", teamName: "Other" });
  });

  it("refuses pings and replacements to read-only members only", () => {
    expect(() => requireWriteRole(link.teams[0]!, "mention")).toThrow(ReadOnlyRoleError);
    expect(() => requireWriteRole(link.teams[1]!, "replace")).not.toThrow();
  });

  it("asks the same role to replace or to remove a subscription someone else set up, none for one's own", () => {
    const rita = { teamId: "T1", userId: "U0RITA" };
    const owners = { subscriber: { userId: "U0OLIVIA", apiUserId: "1" } };
    const hers = { subscriber: { userId: "U0RITA", apiUserId: "3" } };
    const [readOnly, regular] = [link.teams[0]!, link.teams[1]!];
    for (const action of ["replace", "remove"] as const) {
      expect(() => requireMayTakeOver(readOnly, owners, rita, action)).toThrow(
        expect.objectContaining({ need: action, teamName: "Acme Production" }),
      );
      expect(() => requireMayTakeOver(regular, owners, rita, action)).not.toThrow();
      expect(() => requireMayTakeOver(readOnly, hers, rita, action)).not.toThrow();
      expect(() => requireMayTakeOver(readOnly, null, rita, action)).not.toThrow();
    }
  });
});
