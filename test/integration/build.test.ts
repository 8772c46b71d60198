// `npm run build` (tools/build.ts) into a temporary folder: what dist/ must hold for `node dist/main.js` to
// run with the runtime dependencies only. The whole install (npm ci, build, prune, start) is
// test/e2e/production-install.test.ts; this is the fast check of the same output.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { builtinModules, SourceMap, type SourceMapPayload } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnModuleProcess } from "../../src/lib/spawn-module-process";
import { WorkerPool } from "../../src/lib/worker-pool";
import { projectScripts, readScripts } from "../../src/store/scripts";
import type { ChartJob } from "../../src/ui/charts/chart-renderer";
import type { ChartPng } from "../../src/ui/charts/render-chart-png";
import { type BuildResult, buildDist, refuseNonAscii } from "../../tools/build";
import { readPng } from "../support/png";

const NO_SOURCE = new URL("file:///nonexistent/chart-worker.ts");

const packageJson = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** `@scope/name/sub` -> `@scope/name`, `name/sub` -> `name`. */
function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

describe("npm run build", () => {
  let dir: string;
  let result: BuildResult;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "uc-build-"));
    result = await buildDist(pathToFileURL(`${dir}/dist/`));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes dist/main.js with its source map", () => {
    expect(result.main).toBe(join(dir, "dist", "main.js"));
    const code = readFileSync(result.main, "utf8");
    expect(code).toMatch(/\/\/# sourceMappingURL=main\.js\.map\s*$/);
    const map = JSON.parse(readFileSync(`${result.main}.map`, "utf8")) as { sources: string[] };
    expect(map.sources).toContainEqual(expect.stringMatching(/src\/main\.ts$/));
  });

  it("maps the bundle's lines back to src/ with a map that carries no source text", () => {
    const map = JSON.parse(readFileSync(`${result.main}.map`, "utf8")) as SourceMapPayload;
    expect(map.sourcesContent).toBeUndefined();
    const lines = readFileSync(result.main, "utf8").split("\n");
    const line = lines.findIndex((text) => text.startsWith("async function main()"));
    expect(line).toBeGreaterThan(0);
    const entry = new SourceMap(map).findEntry(line, 0);
    expect(entry).toMatchObject({ originalSource: expect.stringMatching(/src\/main\.ts$/) });
  });

  it("writes the operator commands next to it: dist/alerts.js and dist/rotate-key.js, each bundled whole", () => {
    expect(result.commands).toEqual({
      alerts: join(dir, "dist", "alerts.js"),
      rotateKey: join(dir, "dist", "rotate-key.js"),
    });
    for (const [file, source] of [
      [result.commands.alerts, /src\/alerts-cli\.ts$/],
      [result.commands.rotateKey, /src\/rotate-key\.ts$/],
    ] as const) {
      // No shared chunk to import: each program runs from its own file.
      expect(readFileSync(file, "utf8")).not.toMatch(/from "\.\.?\//);
      const map = JSON.parse(readFileSync(`${file}.map`, "utf8")) as { sources: string[] };
      expect(map.sources).toContainEqual(expect.stringMatching(source));
    }
  });

  it("writes the chart worker where the bundled chart-renderer.ts starts it, and it draws a chart from there", async () => {
    expect(result.chartWorker).toBe(join(dir, "dist", "chart-worker.js"));
    // import.meta.url of the bundle is dist/main.js: the same URL arithmetic as src/ui/charts/chart-renderer.ts.
    expect(readFileSync(result.main, "utf8")).toContain('new URL("./chart-worker.js", import.meta.url)');
    const map = JSON.parse(readFileSync(`${result.chartWorker}.map`, "utf8")) as { sources: string[] };
    const ours = map.sources.filter((source) => !source.includes("node_modules"));
    expect(ours).toContainEqual(expect.stringMatching(/src\/ui\/charts\/chart-worker\.ts$/));
    expect(ours.filter((source) => !/(^|\/)src\//.test(source))).toEqual([]);
    // The worker's packages resolve as dist/'s do in the repository: from a node_modules above it.
    symlinkSync(new URL("../../node_modules", import.meta.url), join(dir, "node_modules"), "dir");
    const pool = new WorkerPool<ChartJob, ChartPng>({
      // The bundle exists: spawnModuleProcess takes it, never the source.
      spawn: (limits) => spawnModuleProcess(pathToFileURL(result.chartWorker), NO_SOURCE, limits),
      size: 1,
      maxQueue: 1,
      timeoutMs: 20_000,
      maxHeapMb: 64,
    });
    try {
      const option = {
        xAxis: { data: ["a", "b"] },
        yAxis: {},
        series: [{ type: "bar" as const, data: [1, 2] }],
      };
      const drawn = await pool.run({ option, width: 200, height: 100 });
      const info = readPng(Buffer.from(drawn.png));
      expect(info).toMatchObject({ width: 200, height: 100 });
      expect(info.colours).toBeGreaterThan(2);
    } finally {
      await pool.close();
    }
  });

  it("bundles only the product: nothing of dev/ (the playground, the simulator) and no test code", () => {
    for (const file of [result.main, result.commands.alerts, result.commands.rotateKey]) {
      const map = JSON.parse(readFileSync(`${file}.map`, "utf8")) as { sources: string[] };
      const ours = map.sources.filter((source) => !source.includes("node_modules"));
      expect(ours.length).toBeGreaterThan(5);
      expect(ours.filter((source) => !/(^|\/)src\//.test(source))).toEqual([]);
    }
  });

  it("is ASCII only, so V8 holds its source as one byte per character; a bundle that is not is refused", () => {
    expect(readFileSync(result.main, "utf8")).toMatch(/^[\t\n -~]*$/);
    const other = join(dir, "other.js");
    // The string holds a real em dash: the escape is the test source's, not the file's.
    writeFileSync(other, "const a = 1;\nconst dash = /\u2014/;\n");
    expect(() => refuseNonAscii(other)).toThrow(/other\.js:2 has a non-ASCII character/);
  });

  it("puts every Lua script where the bundled scripts.ts reads them (dist/scripts/), unchanged", () => {
    // import.meta.url of the bundle is dist/main.js: the same URL arithmetic as src/store/scripts.ts.
    const fromDist = readScripts(new URL("./scripts/", pathToFileURL(result.main)));
    const fromSrc = projectScripts();
    expect([...fromDist.keys()].sort()).toEqual([...fromSrc.keys()].sort());
    expect(fromDist.size).toBeGreaterThan(0);
    for (const [name, script] of fromSrc) expect(fromDist.get(name)).toEqual(script);
  });

  it("imports only node builtins and the packages in `dependencies` (never a devDependency)", () => {
    const builtins = new Set(builtinModules);
    const runtime = new Set(Object.keys(packageJson.dependencies));
    const packages = result.imports.filter((s) => !s.startsWith("node:") && !builtins.has(s)).map(packageOf);
    expect(packages.length).toBeGreaterThan(0);
    const notRuntime = [...new Set(packages)].filter((name) => !runtime.has(name));
    expect(notRuntime).toEqual([]);
  });

  it("leaves out the simulator, the playground and every test helper", () => {
    const map = JSON.parse(readFileSync(`${result.main}.map`, "utf8")) as { sources: string[] };
    expect(map.sources.filter((s) => /src\/(simulator|playground)\/|(^|\/)(test|bench)\//.test(s))).toEqual(
      [],
    );
  });
});
