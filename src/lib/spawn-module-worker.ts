import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker, type WorkerOptions } from "node:worker_threads";

/**
 * Starts a worker thread on a module that is bundled as its own file (`npm run build` writes dist/<name>.js
 * next to dist/main.js, tools/build.ts) or, when run from source (tsx: dev, tests, benches), on its
 * TypeScript file. A worker does not inherit the loader hooks that let tsx or vitest import TypeScript, so
 * the source case registers tsx's hooks in the worker first (tsx is a devDependency: a production install
 * has no tsx, and the bundle is there).
 */
export function spawnModuleWorker(bundled: URL, source: URL, options: WorkerOptions = {}): Worker {
  if (existsSync(bundled)) return new Worker(bundled, options);
  const code = `import(${JSON.stringify(tsxEsmApi())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source.href)}); });`;
  return new Worker(code, { ...options, eval: true });
}

/**
 * tsx's ESM API (`tsx/esm/api`, its "import" export), as a file URL. Read from tsx's package.json: a
 * `require.resolve` answers with its CommonJS twin, which fails in a worker's eval'd code, and
 * `import.meta.resolve` is not there under vitest.
 */
function tsxEsmApi(): string {
  const manifest = createRequire(import.meta.url).resolve("tsx/package.json");
  const { exports } = JSON.parse(readFileSync(manifest, "utf8")) as {
    exports: Record<string, { import?: { default?: string } }>;
  };
  const entry = exports["./esm/api"]?.import?.default;
  if (!entry) throw new Error("tsx has no ESM API export: a worker cannot run TypeScript from source");
  return new URL(entry, pathToFileURL(manifest)).href;
}
