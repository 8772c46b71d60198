import { describe, expect, it } from "vitest";
import { policyOfInfo } from "../../../src/store/eviction-policy";

describe("policyOfInfo", () => {
  it("reads maxmemory_policy from an INFO memory reply, undefined when a proxy leaves it out", () => {
    const info =
      "# Memory\r\nused_memory:1024\r\nmaxmemory:0\r\nmaxmemory_policy:allkeys-lru\r\nmem_fragmentation_ratio:1.2\r\n";
    expect(policyOfInfo(info)).toBe("allkeys-lru");
    expect(policyOfInfo("# Memory\r\nused_memory:1024\r\n")).toBeUndefined();
  });
});
