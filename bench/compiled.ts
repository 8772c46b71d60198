/**
 * The runtime `npm start` runs, for the benches (issue 13: "measure the runtime npm start runs, with no
 * flags that npm start does not set"): `npm run build`'s bundle of src/main.ts, and the bench's poll worker
 * bundled the same way, both run with the node flags of package.json's `start` script and nothing else.
 *
 * Built under test-output/ (inside the repository, so that the bundles' external packages resolve from
 * its node_modules, as dist/ does), once per bench process.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { buildDist, NODE_BUNDLE, refuseNonAscii } from "../tools/build";

const root = new URL("../", import.meta.url);

export interface CompiledRuntime {
  /** The bundled bot (what `npm start` runs). */
  main: string;
  /** bench/poll-worker-process.ts bundled next to it (it finds dist's Lua scripts the same way). */
  pollWorker: string;
  /** bench/reference-app.ts bundled the same way (the commands bench's no-op and floor apps). */
  referenceApp: string;
  /** The node flags of `npm start`, e.g. `--enable-source-maps`. */
  nodeFlags: string[];
}

let built: Promise<CompiledRuntime> | undefined;

/** The node flags between `node` and the script in package.json's `start` (the only flags measured). */
export function startScriptFlags(): string[] {
  const pkg = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as {
    scripts: { start: string };
  };
  const words = pkg.scripts.start.trim().split(/\s+/);
  if (words[0] !== "node") throw new Error(`npm start does not run node: ${pkg.scripts.start}`);
  return words.slice(1).filter((word) => word.startsWith("--"));
}

export function compiledRuntime(): Promise<CompiledRuntime> {
  built ??= (async () => {
    const outdir = new URL("test-output/bench-dist/", root);
    const { main } = await buildDist(outdir);
    const bundle = async (entry: string, file: string) => {
      const outfile = fileURLToPath(new URL(file, outdir));
      await build({
        ...NODE_BUNDLE,
        entryPoints: [fileURLToPath(new URL(entry, root))],
        outfile,
      });
      refuseNonAscii(outfile);
      return outfile;
    };
    const pollWorker = await bundle("bench/poll-worker-process.ts", "poll-worker-process.js");
    const referenceApp = await bundle("bench/reference-app.ts", "reference-app.js");
    return { main, pollWorker, referenceApp, nodeFlags: startScriptFlags() };
  })();
  return built;
}
