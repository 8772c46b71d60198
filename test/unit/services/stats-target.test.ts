import { describe, expect, it } from "vitest";
import { matchGroup } from "../../../src/services/stats-target";

describe("matchGroup", () => {
  const groups = [{ name: "Shop" }, { name: "shop" }, { name: "Website" }];

  it("takes the name as typed first, then ignores case", () => {
    expect(matchGroup(groups, "shop")).toBe(groups[1]);
    expect(matchGroup(groups, " Shop ")).toBe(groups[0]);
    expect(matchGroup(groups, "WEBSITE")).toBe(groups[2]);
  });

  it("is undefined when no name matches", () => {
    expect(matchGroup(groups, "api")).toBeUndefined();
    expect(matchGroup([], "shop")).toBeUndefined();
  });
});
