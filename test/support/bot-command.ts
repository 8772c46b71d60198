import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const root = new URL("../../", import.meta.url).pathname;
let emptyDir: string | undefined;

/**
 * How tests run the bot from its sources as a child process: `node --import <tsx> <repo>/src/main.ts`, the
 * bot itself with no tsx wrapper process, in an empty working directory. main.ts reads `.env` from its
 * working directory: run in the repository, a developer's own `.env` would fill in every setting a test
 * leaves unset (SLACK_APP_TOKEN would even switch the bot to Socket Mode).
 */
export function botCommand(): { command: string; args: string[]; cwd: string } {
  return sourceCommand("src/main.ts");
}

/**
 * Any program of src/ run from its sources the same way (`src/alerts-cli.ts`, `src/rotate-key.ts`: they read
 * `.env` from their working directory too), in the same empty working directory.
 */
export function sourceCommand(file: string): { command: string; args: string[]; cwd: string } {
  if (!emptyDir) {
    const dir = mkdtempSync(join(tmpdir(), "uc-bot-cwd-"));
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    emptyDir = dir;
  }
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  return { command: process.execPath, args: ["--import", tsx, join(root, file)], cwd: emptyDir };
}
