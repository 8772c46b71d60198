import { describe, expect, it } from "vitest";
import {
  matchMonitorName,
  monitorIdOf,
  resolveMonitor,
  suggestMonitors,
} from "../../../src/services/find-monitor";
import { type Monitor, NotFoundError, type UptimeApi } from "../../../src/uptime";
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

const notFound = (path: string) =>
  new NotFoundError({
    status: 404,
    title: "Not Found",
    detail: null,
    errors: [],
    headers: {},
    request: { method: "GET", path },
    rawBody: "",
  });

/** The two calls resolveMonitor makes, recorded; one page of `team` for every list. */
function fakeApi(monitors: readonly Monitor[]) {
  const calls: string[] = [];
  const api = {
    monitors: {
      async get(id: string, options?: { include?: string[] }) {
        calls.push(`get ${id} ${options?.include?.join(",") ?? "-"}`);
        const m = monitors.find((x) => x.id === id);
        if (!m) throw notFound(`/monitors/${id}`);
        return { ...m, meta: { include: options?.include ?? [] } };
      },
    },
    teams: {
      async monitors(_teamId: string, options?: { filter?: { name?: string } }) {
        const name = options?.filter?.name?.toLowerCase();
        calls.push(`list ${name ?? "-"}`);
        const items = monitors.filter((m) => !name || m.name.toLowerCase().includes(name));
        return { items, next: async () => null };
      },
    },
  } as unknown as UptimeApi;
  return { api, calls };
}

describe("resolveMonitor", () => {
  it("fetches an id once, with the includes asked for", async () => {
    const { api, calls } = fakeApi(team);
    const found = await resolveMonitor(api, "1", "#7", ["checks", "incidents"]);
    expect(found.id).toBe("7");
    expect(found.meta).toEqual({ include: ["checks", "incidents"] });
    expect(calls).toEqual(["get 7 checks,incidents"]);
  });

  it("fetches a name match again only when includes are asked for", async () => {
    const plain = fakeApi(team);
    expect((await resolveMonitor(plain.api, "1", "web shop")).id).toBe("2");
    expect(plain.calls).toEqual(["list web shop"]);
    const withIncludes = fakeApi(team);
    const found = await resolveMonitor(withIncludes.api, "1", "web shop", ["latency-hourly"]);
    expect(found.meta).toEqual({ include: ["latency-hourly"] });
    expect(withIncludes.calls).toEqual(["list web shop", "get 2 latency-hourly"]);
  });

  it("reads an unknown id as a name", async () => {
    const named = [...team, monitor({ id: "9", name: "2024 launch" })];
    const { api, calls } = fakeApi(named);
    expect((await resolveMonitor(api, "1", "2024", ["checks"])).id).toBe("9");
    expect(calls).toEqual(["get 2024 checks", "list 2024", "get 9 checks"]);
  });
});
