import { describe, expect, it } from "vitest";
import {
  decodePollTargetMeta,
  encodePollTargetMeta,
  PollTargetError,
  parsePollTargetName,
  pollTargetName,
  pollTargetRegistration,
  tokenHash,
} from "../../../src/alerts/engine/poll/poll-target";

const TOKEN = "secret-token-1234";

describe("poll target names", () => {
  it("name the team and a short SHA-256 of the token, never the token", () => {
    const target = pollTargetName("42", TOKEN);
    expect(target).toMatch(/^team:42:[0-9a-f]{16}$/);
    expect(target).not.toContain(TOKEN);
    expect(target).toBe(pollTargetName("42", TOKEN));
    expect(pollTargetName("42", `${TOKEN}x`)).not.toBe(target);
    expect(parsePollTargetName(target)).toEqual({ apiTeamId: "42", tokenHash: tokenHash(TOKEN) });
  });

  it("refuse team ids that would break the shard's hash tag, and names that are not targets", () => {
    expect(() => pollTargetName("{p:1}", TOKEN)).toThrow(PollTargetError);
    expect(() => pollTargetName("", TOKEN)).toThrow(PollTargetError);
    expect(() => tokenHash("")).toThrow(PollTargetError);
    expect(() => parsePollTargetName("team:1:SECRET")).toThrow(PollTargetError);
    expect(() => parsePollTargetName("monitor:1:0123456789abcdef")).toThrow(PollTargetError);
  });
});

describe("poll target meta", () => {
  it("round-trips the team and the token's whereabouts", () => {
    const raw = encodePollTargetMeta({ apiTeamId: "7", tokenRef: { teamId: "T1", userId: "U1" } });
    expect(raw).not.toContain('token"');
    expect(decodePollTargetMeta(raw)).toEqual({
      v: 1,
      apiTeamId: "7",
      tokenRef: { teamId: "T1", userId: "U1" },
    });
  });

  it("gives a typed error for missing, broken or foreign meta", () => {
    expect(() => decodePollTargetMeta(null)).toThrow(PollTargetError);
    expect(() => decodePollTargetMeta("{")).toThrow(PollTargetError);
    expect(() => decodePollTargetMeta('{"v":2,"apiTeamId":"1","tokenRef":{"userId":"U"}}')).toThrow(
      PollTargetError,
    );
    expect(() => decodePollTargetMeta('{"v":1,"apiTeamId":"1"}')).toThrow(/wrong shape/);
  });

  it("builds the scheduler registration: the group is the token hash", () => {
    const { target, registration } = pollTargetRegistration({
      apiTeamId: "1",
      token: TOKEN,
      tokenRef: { teamId: "T1", userId: "U1" },
      subscriber: "sub-1",
    });
    expect(target).toBe(pollTargetName("1", TOKEN));
    expect(registration).toEqual({
      subscriber: "sub-1",
      group: tokenHash(TOKEN),
      meta: encodePollTargetMeta({ apiTeamId: "1", tokenRef: { teamId: "T1", userId: "U1" } }),
    });
    expect(JSON.stringify(registration)).not.toContain(TOKEN);
  });
});
