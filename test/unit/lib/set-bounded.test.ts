import { describe, expect, it } from "vitest";
import { setBounded } from "../../../src/lib/set-bounded";

describe("setBounded", () => {
  it("sets, and drops the oldest insertion beyond the bound", () => {
    const map = new Map<string, number>();
    setBounded(map, "a", 1, 2);
    setBounded(map, "b", 2, 2);
    setBounded(map, "a", 3, 2); // an existing key keeps its place
    expect([...map]).toEqual([
      ["a", 3],
      ["b", 2],
    ]);
    setBounded(map, "c", 4, 2);
    expect([...map]).toEqual([
      ["b", 2],
      ["c", 4],
    ]);
  });
});
