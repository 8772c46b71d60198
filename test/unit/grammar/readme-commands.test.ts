// README's command reference must stay what `/uptime help` says: one row per subcommand, its usage and its
// example (issue 15: "README's command reference lists every subcommand with an example").
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SUBCOMMANDS } from "../../../src/grammar";

const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
const section = readme.slice(
  readme.indexOf("## Commands"),
  readme.indexOf("\n## ", readme.indexOf("## Commands") + 1),
);
const escapePipes = (text: string) => text.replaceAll("|", "\\|");

describe("README's command reference", () => {
  it("has a row for every subcommand with its usage and example, and no other", () => {
    // Cells split on the pipes that are not escaped; the formatter pads them.
    const rows = section
      .split("\n")
      .filter((line) => line.startsWith("| `"))
      .map((line) => line.split(/(?<!\\)\|/).map((cell) => cell.trim()));
    expect(rows).toHaveLength(SUBCOMMANDS.length);
    for (const info of SUBCOMMANDS) {
      const row = rows.find((cells) => cells[1] === `\`${escapePipes(info.usage)}\``);
      expect(row, info.name).toBeDefined();
      expect(row?.[3]).toBe(`\`/uptime ${escapePipes(info.example)}\``);
    }
  });
});
