import { describe, expect, it } from "vitest";
import type { CheckSnapshot } from "../../../src/alerts/engine/poll/detector";
import { checksSignature, needsIncidentFetch } from "../../../src/alerts/kinds/incident/checks-signature";

const check = (id: string, monitorId: string, location: string, state: number): CheckSnapshot => ({
  id,
  monitorId,
  location,
  state,
});

describe("checksSignature", () => {
  it("changes with the set of failing monitors, not with every new check", () => {
    const before = [check("3", "m1", "fra", 1), check("2", "m2", "fra", 1)];
    const newer = [check("4", "m1", "fra", 1), ...before];
    expect(checksSignature(newer)).toBe(checksSignature(before));
    const failing = [check("5", "m2", "fra", -1), ...newer];
    expect(checksSignature(failing)).not.toBe(checksSignature(newer));
    expect(checksSignature(failing)).toMatch(/^1:/);
  });

  it("uses each location's latest check (A5: newest first) and ignores order of failing monitors", () => {
    const recovered = [check("9", "m1", "fra", 1), check("8", "m1", "fra", -1)];
    expect(checksSignature(recovered)).toMatch(new RegExp(`^${checksSignature([])}\\+1:`));
    const oneLocationDown = [check("9", "m1", "fra", 1), check("8", "m1", "nyc", -1)];
    expect(checksSignature(oneLocationDown)).toMatch(/^1:/);
    const a = [check("2", "m1", "fra", -1), check("1", "m2", "fra", -1)];
    expect(checksSignature(a)).toBe(checksSignature([...a].reverse()));
  });
});

describe("needsIncidentFetch", () => {
  const checks = [check("1", "m1", "fra", -1)];
  const signature = checksSignature(checks);

  it("fetches the first time, when the checks changed, and when the claim booked the refresh", () => {
    expect(needsIncidentFetch(undefined, checks, false)).toBe(true);
    expect(needsIncidentFetch(signature, checks, false)).toBe(false);
    expect(needsIncidentFetch(signature, [], false)).toBe(true);
    expect(needsIncidentFetch(signature, checks, true)).toBe(true);
  });

  it("fetches for a failure that began and ended since the last read, once, and not when it scrolls off", () => {
    const quiet = [check("1", "m1", "fra", 1)];
    const blip = [check("3", "m1", "fra", 1), check("2", "m1", "fra", -1), ...quiet];
    expect(needsIncidentFetch(checksSignature(quiet), blip, false)).toBe(true);
    const later = [check("4", "m2", "fra", 1), ...blip];
    expect(needsIncidentFetch(checksSignature(blip), later, false)).toBe(false);
    // Scrolled off the page (A5: the latest 50): nothing new happened, nothing to read.
    expect(needsIncidentFetch(checksSignature(blip), [check("9", "m1", "fra", 1)], false)).toBe(false);
    const again = [check("6", "m1", "fra", 1), check("5", "m1", "fra", -1), ...blip];
    expect(needsIncidentFetch(checksSignature(blip), again, false)).toBe(true);
    // A monitor that stays down changes nothing with each new failed check.
    const down = [check("2", "m1", "fra", -1)];
    expect(needsIncidentFetch(checksSignature(down), [check("7", "m1", "fra", -1), ...down], false)).toBe(
      false,
    );
  });
});
