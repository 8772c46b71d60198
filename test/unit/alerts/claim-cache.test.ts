import { describe, expect, it } from "vitest";
import { ClaimCache, PollStateError } from "../../../src/alerts/engine/poll/poll-state";
import { encodePollTargetMeta, PollTargetError } from "../../../src/alerts/engine/poll/poll-target";
import { encodePollState, POLL_DETECTORS } from "../../../src/alerts/kinds/registry";

const TARGET = "team:1:0123456789abcdef";
const META = encodePollTargetMeta({ apiTeamId: "1", tokenRef: { teamId: "T1", userId: "U1" } });
const STATE = encodePollState({ v: 1, baselined: true, tracked: {}, checksSignature: "0:x" });

describe("ClaimCache", () => {
  it("decodes a claim's strings once while they stay the same, again when they change", () => {
    const cache = new ClaimCache({ detectors: POLL_DETECTORS });
    const meta = cache.meta(TARGET, META);
    expect(meta).toMatchObject({ v: 1, apiTeamId: "1" });
    // A new string with the same text (as every claim returns) hits; another text decodes again.
    expect(cache.meta(TARGET, `${META} `.trim())).toBe(meta);
    const state = cache.state(TARGET, STATE);
    expect(cache.state(TARGET, STATE)).toBe(state);
    const next = encodePollState({ v: 1, baselined: true, tracked: {}, checksSignature: "1:y" });
    expect(cache.state(TARGET, next)).toMatchObject({ checksSignature: "1:y" });
    expect(cache.state(TARGET, null)).toBeNull();
    expect(cache.parsed(TARGET)).toEqual({ apiTeamId: "1", tokenHash: "0123456789abcdef" });
  });

  it("never caches a failure: a bad string is reported on every claim", () => {
    const cache = new ClaimCache({ detectors: POLL_DETECTORS });
    cache.state(TARGET, STATE);
    expect(() => cache.state(TARGET, "{")).toThrow(PollStateError);
    expect(() => cache.state(TARGET, "{")).toThrow(PollStateError);
    expect(() => cache.meta(TARGET, '{"v":2}')).toThrow(PollTargetError);
    expect(() => cache.parsed("not a target")).toThrow(PollTargetError);
    expect(cache.state(TARGET, STATE)).toMatchObject({ checksSignature: "0:x" });
  });

  it("hands back a remembered state for the string it was committed as, and decodes any other", () => {
    const cache = new ClaimCache({ detectors: POLL_DETECTORS });
    const committed = { v: 1 as const, baselined: true, tracked: {}, checksSignature: "2:z" };
    cache.remember(TARGET, encodePollState(committed), committed);
    expect(cache.state(TARGET, encodePollState(committed))).toBe(committed);
    // Another worker committed since: its string is decoded, not the remembered object served.
    expect(cache.state(TARGET, STATE)).toMatchObject({ checksSignature: "0:x" });
  });

  it("keeps at most maxEntries targets, the oldest out first", () => {
    const cache = new ClaimCache({ detectors: POLL_DETECTORS, maxEntries: 2 });
    for (const team of ["1", "2", "3"]) cache.meta(`team:${team}:0123456789abcdef`, META);
    expect(cache.size).toBe(2);
  });
});
