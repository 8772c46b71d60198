import { describe, expect, it } from "vitest";
import { matchMonitorName, monitorIdOf, suggestMonitors } from "../../../src/services/find-monitor";
import { monitor } from "../ui/query-fixtures";

const team = [
  monitor({ id: "1", name: "Marketing site" }),
  monitor({ id: "2", name: "Web shop" }),
  monitor({ id: "3", name: "Blog" }),
  monitor({ id: "5", name: "Public API" }),
  monitor({ id: "7", name: "Payments API" }),
  monitor({ id: "20", name: "blog" }),
];

describe("monitorIdOf", () => {
  it("reads 123 and #123, nothing else", () => {
    expect(monitorIdOf("123")).toBe("123");
    expect(monitorIdOf(" #42 ")).toBe("42");
    expect(monitorIdOf("12a")).toBeNull();
    expect(monitorIdOf("Blog")).toBeNull();
    expect(monitorIdOf("1234567890123456789")).toBeNull();
  });
});

describe("matchMonitorName", () => {
  it("finds an exact name ignoring case and surrounding spaces", () => {
    expect(matchMonitorName("  web SHOP ", team)).toEqual({ kind: "found", monitor: team[1] });
  });

  it("falls back to the one name that contains the text", () => {
    expect(matchMonitorName("public", team)).toEqual({ kind: "found", monitor: team[3] });
  });

  it("calls several containing names, or several equal names, ambiguous", () => {
    const api = matchMonitorName("api", team);
    expect(api.kind).toBe("ambiguous");
    expect(api.kind === "ambiguous" && api.candidates.map((m) => m.id)).toEqual(["5", "7"]);
    const blog = matchMonitorName("BLOG", team);
    expect(blog.kind === "ambiguous" && blog.candidates.map((m) => m.id)).toEqual(["3", "20"]);
  });

  it("finds nothing for unknown or empty text", () => {
    expect(matchMonitorName("zzz", team)).toEqual({ kind: "none" });
    expect(matchMonitorName("   ", team)).toEqual({ kind: "none" });
  });
});

describe("suggestMonitors", () => {
  it("suggests the closest names for a typo", () => {
    expect(suggestMonitors("Web shp", team)).toEqual(["Web shop"]);
    expect(suggestMonitors("Paymnts API", team)[0]).toBe("Payments API");
  });

  it("tells monitors that share a name apart by id", () => {
    expect(suggestMonitors("blog", team)).toEqual(["Blog (id 3)", "blog (id 20)"]);
  });

  it("suggests nothing far-fetched", () => {
    expect(suggestMonitors("kubernetes", team)).toEqual([]);
  });
});
