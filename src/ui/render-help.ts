import {
  SUBCOMMAND_GROUPS,
  SUBCOMMANDS,
  type SubcommandGroup,
  type SubcommandInfo,
  type SubcommandName,
} from "../grammar";
import type { Rendered } from "./reply";
import { escapeMrkdwn, mrkdwn } from "./text";

/** The help's group headings (README's command reference uses the same words). */
export const GROUP_TITLES: Record<SubcommandGroup, string> = {
  accounts: "Accounts",
  queries: "Queries",
  changes: "Changes",
  alerts: "Alerts",
};

/** "Also: `/uptime list`, `/uptime ls`", or nothing for a subcommand without aliases. */
function aliasesLine(info: SubcommandInfo): string {
  if (info.aliases.length === 0) return "";
  return `\nAlso: ${info.aliases.map((a) => `\`/uptime ${escapeMrkdwn(a)}\``).join(", ")}`;
}

/**
 * `/uptime help`: every subcommand by group with an example; `help <command>` shows its full usage, aliases
 * and example, next to what was wrong when there is an error.
 */
export function renderHelp(
  input: { topic?: SubcommandName; error?: string; unknown?: string } = {},
): Rendered {
  const info = input.topic ? SUBCOMMANDS.find((s) => s.name === input.topic) : undefined;
  const problem = input.error ? `:grey_question: ${escapeMrkdwn(input.error)}` : undefined;
  if (info) {
    const text = `${problem ? `${problem}\n` : ""}*/uptime ${escapeMrkdwn(info.usage)}*: ${escapeMrkdwn(info.summary)}\nExample: \`/uptime ${escapeMrkdwn(info.example)}\`${aliasesLine(info)}`;
    return {
      text: input.error ? escapeMrkdwn(input.error) : `/uptime ${info.usage}`,
      blocks: [{ type: "section", text: mrkdwn(text) }],
    };
  }
  const lines = SUBCOMMAND_GROUPS.flatMap((group) => [
    `*${GROUP_TITLES[group]}*`,
    ...SUBCOMMANDS.filter((s) => s.group === group).map(
      (s) =>
        `\`/uptime ${escapeMrkdwn(s.usage)}\`: ${escapeMrkdwn(s.summary)} (e.g. \`/uptime ${escapeMrkdwn(s.example)}\`)`,
    ),
  ]);
  lines.push("`/uptime help <command>` shows a command's details and its other names.");
  // A section per group; section text is capped at 3000 characters, so a long group takes more than one.
  const sections: string[] = [];
  for (const line of lines) {
    const last = sections.at(-1);
    if (last !== undefined && !line.startsWith("*") && last.length + line.length + 1 <= 2900)
      sections[sections.length - 1] = `${last}\n${line}`;
    else sections.push(line);
  }
  return {
    text: input.error ? escapeMrkdwn(input.error) : "How to use /uptime",
    blocks: [
      ...(problem ? [{ type: "section" as const, text: mrkdwn(problem) }] : []),
      { type: "header", text: { type: "plain_text", text: "/uptime commands" } },
      ...sections.map((s) => ({ type: "section" as const, text: mrkdwn(s) })),
    ],
  };
}
