import { readFileSync } from "node:fs";
import { join } from "node:path";

/** README's "Install it in your workspace", as the install tests read it. */
export const repository = new URL("../../", import.meta.url).pathname;
const readme = readFileSync(join(repository, "README.md"), "utf8");
export const HEADING = "## Install it in your workspace";
const start = readme.indexOf(HEADING);
export const section = start < 0 ? "" : readme.slice(start, readme.indexOf("\n## ", start + 1));

/** The lines of the section's ```sh blocks, in order (indented under the numbered steps). */
export const shellLines = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) =>
  m[1]!
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#")),
);

/** Each `&&`-joined part of the shell lines on its own, in order. */
export const shellCommands = shellLines.flatMap((line) => line.split(" && ").map((c) => c.trim()));

/** The section's `/uptime ...` lines (inline code), in the order a newcomer meets them. */
export const uptimeLines = [...section.matchAll(/`(\/uptime [^`]+)`/g)].map((m) => m[1]!);
