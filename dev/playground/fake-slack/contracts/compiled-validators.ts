import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import Ajv, { type ValidateFunction } from "ajv";
import standaloneCode from "ajv/dist/standalone";

const require = createRequire(import.meta.url);

/**
 * Where compiled validators are kept between processes. Compiling a Block Kit contract takes Ajv a second
 * or two (chat.postMessage: 24 argument variants over about a hundred block and element definitions); in
 * the middle of an e2e test that would hold the fake's event loop past Slack's 3 s timeouts. Ajv's
 * standalone code for it loads in a tenth of that. Under node_modules so that the generated code finds
 * ajv's runtime helpers, and nothing of it is committed.
 */
const CACHE_DIR = new URL("../../../../node_modules/.cache/uptime-chatops-slack-contracts/", import.meta.url);

// The cache key: the schemas, this code and the union rewrite that shape them, and Ajv's version.
const CODE_VERSION = createHash("sha256")
  .update(readFileSync(new URL(import.meta.url)))
  .update(readFileSync(new URL("./contract-schemas.ts", import.meta.url)))
  .update((require("ajv/package.json") as { version: string }).version)
  .digest("hex");

// strict: false because the generated schemas use `const` next to `type` and unions Ajv's strict mode
// flags; allErrors so that one call reports every problem, as Slack's response_metadata does.
const AJV_OPTIONS = { allErrors: true, strict: false, validateFormats: false } as const;

/**
 * One validator per `refs` entry (JSON pointers into `definitions`), from the disk cache when this exact
 * contract was compiled before, else compiled now and cached. Without a writable cache they are compiled
 * in memory.
 */
export function compileValidators(
  name: string,
  definitions: Record<string, unknown>,
  refs: readonly string[],
): ValidateFunction[] {
  const key = createHash("sha256")
    .update(CODE_VERSION)
    .update(JSON.stringify({ definitions, refs }))
    .digest("hex")
    .slice(0, 20);
  const file = new URL(`${name}.${key}.cjs`, CACHE_DIR);
  const exportName = (i: number) => `v${i}`;
  const load = () => {
    const module = require(file.pathname) as Record<string, ValidateFunction>;
    return refs.map((_, i) => module[exportName(i)]!);
  };
  try {
    return load();
  } catch {
    // Not cached yet (or unreadable): compile below.
  }
  const ajv = new Ajv({ ...AJV_OPTIONS, code: { source: true } });
  // The definitions are added once and each variant refers into them, so that the Block Kit definitions
  // are compiled once per contract, not once per variant.
  ajv.addSchema({ $id: name, definitions });
  const exports = Object.fromEntries(refs.map((ref, i) => [exportName(i), `${name}${ref}`]));
  try {
    const code = standaloneCode(ajv, exports);
    mkdirSync(CACHE_DIR, { recursive: true });
    // Written whole, then renamed: another test process may be compiling the same contract.
    const temporary = new URL(`${file.pathname}.${process.pid}.tmp`, "file://");
    writeFileSync(temporary, code);
    renameSync(temporary, file);
    // Earlier compilations of this contract (other schemas or code) are of no further use.
    for (const old of readdirSync(CACHE_DIR)) {
      if (old.startsWith(`${name}.`) && old !== `${name}.${key}.cjs`)
        rmSync(new URL(old, CACHE_DIR), { force: true });
    }
    return load();
  } catch {
    return refs.map((ref) => ajv.getSchema(`${name}${ref}`) ?? ajv.compile({ $ref: `${name}${ref}` }));
  }
}
