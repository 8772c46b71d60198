import { describe, expect, it } from "vitest";
import { isReadOnly, requireMember, requireWriteRole } from "../../../src/services/alerts-permission";
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
    expect(requireMember(link, { id: "2", name: null }, "mute").role).toBe("regular");
    const error = (() => {
      try {
        requireMember(link, { id: "9", name: "Other" }, "unsubscribe");
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
});
