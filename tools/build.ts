// `npm run build`: src/main.ts -> dist/main.js (one ESM file, with its source map), the operator commands
// src/alerts-cli.ts -> dist/alerts.js and src/rotate-key.ts -> dist/rotate-key.js, the chart worker
// src/ui/charts/chart-worker.ts -> dist/chart-worker.js, and the Lua scripts -> dist/scripts/. `npm start`, `npm run alerts` and `npm run rotate-key` then run `node dist/...` with the
// runtime dependencies only (tsx is a devDependency: `npm prune --omit=dev` removes it, and an operator
// needs these commands on exactly that install, during an incident).
//
// Bundled with esbuild rather than emitted by tsc: the sources import each other without extensions
// (moduleResolution "Bundler"), which Node's ESM loader refuses, and tsc never adds them. Packages stay
// external (`packages: "external"`): dist/ holds only our code, node_modules keeps what `npm ci --omit=dev`
// installs, so a security update of a dependency needs no rebuild. esbuild strips types without checking
// them; `npm run typecheck` (tsc --noEmit) does that.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type BuildOptions, build } from "esbuild";

const root = new URL("../", import.meta.url);

export interface BuildResult {
  /** dist/main.js as an absolute path. */
  main: string;
  /** The operator commands, as absolute paths: dist/alerts.js and dist/rotate-key.js. */
  commands: { alerts: string; rotateKey: string };
  /** dist/chart-worker.js: the chart worker process's entry (src/ui/charts/chart-worker.ts). */
  chartWorker: string;
  /** The Lua files copied next to it. */
  scripts: string[];
  /** Every module the bundles import at run time (packages and node: builtins), sorted. */
  imports: string[];
}

/** How every program of this repository is bundled for Node (the bot here, the benches' programs too). */
export const NODE_BUNDLE = {
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node26",
  // `npm start` runs node with --enable-source-maps: a stack trace in the log names src/ files and lines.
  // The mappings are all that takes; node keeps the whole map it read, and the sources' text in it cost the
  // bot 7 MB of RSS (docs/benchmarks.md).
  sourcemap: true,
  sourcesContent: false,
  // Class and function names stay as written: errors are logged with their name (`err.type`).
  keepNames: true,
  logLevel: "warning",
} as const satisfies BuildOptions;

/** Builds into `outdir` (default `dist/` of the repository), replacing what was there. */
export async function buildDist(outdir: URL = new URL("dist/", root)): Promise<BuildResult> {
  rmSync(outdir, { recursive: true, force: true });
  const main = fileURLToPath(new URL("main.js", outdir));
  const commands = {
    alerts: fileURLToPath(new URL("alerts.js", outdir)),
    rotateKey: fileURLToPath(new URL("rotate-key.js", outdir)),
  };
  // Each program is a bundle of its own (no shared chunks): dist/ stays four files an admin can name.
  const { metafile } = await build({
    ...NODE_BUNDLE,
    entryPoints: {
      main: fileURLToPath(new URL("src/main.ts", root)),
      alerts: fileURLToPath(new URL("src/alerts-cli.ts", root)),
      "rotate-key": fileURLToPath(new URL("src/rotate-key.ts", root)),
      // The chart worker (src/ui/charts/chart-worker.ts): a child process of the bot runs it as a file of its own,
      // found next to the bundle that starts it (chart-renderer.ts, `new URL("./chart-worker.js", ...)`).
      "chart-worker": fileURLToPath(new URL("src/ui/charts/chart-worker.ts", root)),
    },
    outdir: fileURLToPath(outdir),
    metafile: true,
  });
  const chartWorker = fileURLToPath(new URL("chart-worker.js", outdir));
  for (const file of [main, commands.alerts, commands.rotateKey, chartWorker]) refuseNonAscii(file);
  const imports = new Set<string>();
  for (const input of Object.values(metafile.inputs)) {
    // `<runtime>` is esbuild's own helper module (keepNames), inlined in the bundle.
    for (const imported of input.imports) {
      if (imported.external && imported.path !== "<runtime>") imports.add(imported.path);
    }
  }
  // src/store/scripts.ts reads `new URL("./scripts/", import.meta.url)`; bundled, import.meta.url is
  // dist/main.js (or a command next to it), so the scripts go to dist/scripts/ (files, not strings in the bundle: an admin can read
  // the Lua that runs on their Redis).
  const from = new URL("src/store/scripts/", root);
  const to = new URL("scripts/", outdir);
  mkdirSync(to, { recursive: true });
  const scripts = readdirSync(from).filter((file) => file.endsWith(".lua"));
  for (const file of scripts) copyFileSync(new URL(file, from), new URL(file, to));
  return { main, commands, chartWorker, scripts, imports: [...imports].sort() };
}

/**
 * esbuild escapes non-ASCII in strings but keeps it in regular expressions and in the comments it
 * preserves; one such character makes V8 hold the bundle's whole source as UTF-16, twice its size in
 * every process's heap. Escape it in the source (`\u2014`) instead.
 */
export function refuseNonAscii(file: string): void {
  const lines = readFileSync(file, "utf8").split("\n");
  const at = lines.findIndex((line) => /[^\t -~]/.test(line));
  if (at >= 0) {
    throw new Error(
      `${file}:${at + 1} has a non-ASCII character; escape it in the source: ${lines[at]!.trim()}`,
    );
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await buildDist();
  console.error(
    `built ${result.main}, ${result.commands.alerts}, ${result.commands.rotateKey} and ${result.scripts.length} Lua scripts`,
  );
}
