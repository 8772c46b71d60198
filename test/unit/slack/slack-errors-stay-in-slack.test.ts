import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { KNOWN_SLACK_ERRORS } from "../../../src/slack/slack-errors";

// Issue 34, "One Slack adapter": Slack's errors are narrowed once, in src/slack (slack-call.ts), and every
// other module switches on the typed values of slack-errors.ts. This lint fails on a module outside src/slack
// that reads the SDK's error (its `code` strings, `ErrorCode.*`, `data.error`) or compares a Slack error code
// as a string. The fake Slack (dev/playground) and the simulator play the other side, and are not read.

const ROOT = join(__dirname, "../../..");
const SKIPPED = /^src\/(slack|playground|simulator)\//;

const codes = KNOWN_SLACK_ERRORS.join("|");
const RULES: { name: string; pattern: RegExp }[] = [
  { name: "an SDK error code string", pattern: /slack_webapi_/ },
  {
    name: "the SDK's ErrorCode",
    pattern: /\bErrorCode\.(PlatformError|HTTPError|RequestError|RateLimitedError)\b/,
  },
  { name: "a platform error's data.error", pattern: /\bdata\??\.error\b/ },
  // A narrowed `slackError` is a literal union: comparing it is what the typed family is for.
  {
    name: "a Slack error code compared as a string",
    pattern: new RegExp(`(?<!slackError\\s*)(===|!==)\\s*["'](${codes})["']|["'](${codes})["']\\s*(===|!==)`),
  },
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** Every line of src/ outside the skipped folders that breaks a rule, as `file:line: rule`. */
function slackErrorLeaks(root: string): string[] {
  const found: string[] = [];
  for (const file of sources(join(root, "src"))) {
    const path = relative(root, file).split("\\").join("/");
    if (SKIPPED.test(path)) continue;
    readFileSync(file, "utf8")
      .split("\n")
      .forEach((line, i) => {
        for (const rule of RULES) if (rule.pattern.test(line)) found.push(`${path}:${i + 1}: ${rule.name}`);
      });
  }
  return found;
}

describe("Slack's errors outside src/slack", () => {
  it("are never read from the SDK or compared as strings", () => {
    expect(slackErrorLeaks(ROOT)).toEqual([]);
  });
});
