import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = (name: string) => fileURLToPath(new URL(name, import.meta.url));

export interface PageAssets {
  html: string;
  css: string;
  /** The page's script: client/main.ts and the pure renderers, bundled from source. */
  js: string;
}

/**
 * Builds the page from the repository's own sources at server start (esbuild, in memory): nothing is
 * fetched at run time and nothing built is committed.
 */
export async function buildPageAssets(): Promise<PageAssets> {
  const [result, html, css] = await Promise.all([
    build({
      entryPoints: [here("./client/main.ts")],
      bundle: true,
      write: false,
      format: "esm",
      platform: "browser",
      target: "es2020",
      charset: "utf8",
      legalComments: "none",
      logLevel: "silent",
    }),
    readFile(here("./page/index.html"), "utf8"),
    readFile(here("./page/styles.css"), "utf8"),
  ]);
  const js = result.outputFiles[0]?.text;
  if (js === undefined) throw new Error("esbuild produced no bundle for the playground page");
  return { html, css, js };
}
