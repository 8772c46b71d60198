// README's command reference must stay what `/uptime help` says: per group, one row per subcommand with its
// aliases, its summary and its example (issue 15: "README's command reference lists every subcommand with an
// example"); and the subscribe options' defaults are the alert rules' own.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  FLAP_THRESHOLD,
  FLAP_WINDOW_MS,
  STORM_THRESHOLD,
  STORM_WINDOW_MS,
} from "../../../src/alerts/kinds/storm/alert-rules";
import { SLOW_CHECKS_DEFAULT } from "../../../src/domain/alert-rule-bounds";
import { parseCommand, SUBCOMMAND_GROUPS, SUBCOMMANDS } from "../../../src/grammar";
import { GROUP_TITLES, renderHelp } from "../../../src/ui/render-help";
import { textOf } from "../../support/text-of";

const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
const section = readme.slice(
  readme.indexOf("## Commands"),
  readme.indexOf("\n## ", readme.indexOf("## Commands") + 1),
);
const escapePipes = (text: string) => text.replaceAll("|", "\\|");
/** Cells split on the pipes that are not escaped; the formatter pads them. */
const cellsOf = (line: string) =>
  line
    .split(/(?<!\\)\|/)
    .slice(1, -1)
    .map((cell) => cell.trim());

/** The table rows under `### <title>` up to the next blank line after the table. */
function groupRows(title: string): string[][] {
  const start = section.indexOf(`\n### ${title}\n`);
  expect(start, `README has "### ${title}"`).toBeGreaterThan(-1);
  const lines = section.slice(start).split("\n").slice(2);
  const table = lines.slice(lines.findIndex((l) => l.startsWith("|")));
  const rows = table.slice(
    0,
    table.findIndex((l) => !l.startsWith("|")),
  );
  return rows.slice(2).map(cellsOf);
}

describe("README's command reference", () => {
  it("has, per group, a row for every subcommand of that group with its aliases, summary and example", () => {
    let total = 0;
    for (const group of SUBCOMMAND_GROUPS) {
      const rows = groupRows(GROUP_TITLES[group]);
      const infos = SUBCOMMANDS.filter((s) => s.group === group);
      expect(rows.map((r) => r[0])).toEqual(infos.map((s) => `\`${s.name}\``));
      for (const [i, info] of infos.entries()) {
        const [, aliases, summary, example] = rows[i]!;
        expect(aliases, `${info.name}'s aliases`).toBe(
          info.aliases.map((a) => `\`${escapePipes(a)}\``).join(", "),
        );
        expect(summary, info.name).toBe(escapePipes(info.summary));
        expect(example, info.name).toBe(`\`/uptime ${escapePipes(info.example)}\``);
      }
      total += rows.length;
    }
    expect(total).toBe(SUBCOMMANDS.length);
  });

  it("lists only aliases the grammar takes, each for its own subcommand", () => {
    for (const info of SUBCOMMANDS) {
      for (const alias of info.aliases) {
        const parsed = parseCommand(alias === "?" || alias.startsWith("-") ? alias : `${alias} --help`);
        expect(parsed.kind, alias).toBe("help");
        if (!(alias === "?" || alias.startsWith("-"))) expect(parsed).toMatchObject({ topic: info.name });
      }
    }
  });

  it("help shows the same groups, and a command's help its aliases", () => {
    const all = textOf(renderHelp());
    for (const group of SUBCOMMAND_GROUPS) expect(all).toContain(GROUP_TITLES[group]);
    for (const info of SUBCOMMANDS) {
      const one = textOf(renderHelp({ topic: info.name }));
      for (const alias of info.aliases) expect(one, info.name).toContain(`/uptime ${alias}`);
    }
  });

  it("gives subscribe's options the defaults the alert rules use", () => {
    const row = (option: string) =>
      section
        .split("\n")
        .filter((l) => l.startsWith(`| \`${option}`))
        .map(cellsOf)[0];
    expect(STORM_WINDOW_MS).toBe(60_000);
    expect(row("--storm")?.[1]).toBe(String(STORM_THRESHOLD));
    expect(row("--flap")?.[1]).toBe(`${FLAP_THRESHOLD}/${FLAP_WINDOW_MS / 60_000}m`);
    expect(row("--slow")?.[1]).toBe(`off (N: ${SLOW_CHECKS_DEFAULT})`);
  });
});
