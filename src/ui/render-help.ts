import { SUBCOMMANDS, type SubcommandName } from "../grammar";
import type { Rendered } from "./reply";
import { escapeMrkdwn, mrkdwn } from "./text";

/** `/uptime help`: every subcommand with an example; a topic shows its usage next to what was wrong. */
export function renderHelp(
  input: { topic?: SubcommandName; error?: string; unknown?: string } = {},
): Rendered {
  const info = input.topic ? SUBCOMMANDS.find((s) => s.name === input.topic) : undefined;
  const problem = input.error ? `:grey_question: ${escapeMrkdwn(input.error)}` : undefined;
  if (info) {
    const text = `${problem ? `${problem}\n` : ""}*/uptime ${escapeMrkdwn(info.usage)}*: ${escapeMrkdwn(info.summary)}\nExample: \`/uptime ${escapeMrkdwn(info.example)}\``;
    return {
      text: input.error ? escapeMrkdwn(input.error) : `/uptime ${info.usage}`,
      blocks: [{ type: "section", text: mrkdwn(text) }],
    };
  }
  const lines = SUBCOMMANDS.map(
    (s) =>
      `\`/uptime ${escapeMrkdwn(s.usage)}\`: ${escapeMrkdwn(s.summary)} (e.g. \`/uptime ${escapeMrkdwn(s.example)}\`)`,
  );
  // Section text is capped at 3000 characters: split the list over as many sections as it needs.
  const sections: string[] = [];
  for (const line of lines) {
    const last = sections.at(-1);
    if (last !== undefined && last.length + line.length + 1 <= 2900)
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
