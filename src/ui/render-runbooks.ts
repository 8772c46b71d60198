import type { KnownBlock } from "@slack/types";
import { RUNBOOKS_MAX, type Runbook, runbookLabel } from "../domain/runbooks";
import type { RunbookOutcome } from "../services/runbooks";
import type { Rendered } from "./reply";
import { runbookBlock } from "./runbook-buttons";
import { escapeMrkdwn, mrkdwn, truncate } from "./text";

function list(runbooks: readonly Runbook[]): string {
  return runbooks
    .map((r, i) => `${i + 1}. ${escapeMrkdwn(truncate(runbookLabel(r), 80))}: ${escapeMrkdwn(r.url)}`)
    .join("\n");
}

/** The answer to `/uptime runbook`, for the caller alone; the buttons are the ones alerts will show. */
export function renderRunbookOutcome(outcome: RunbookOutcome): Rendered {
  const name = `*${escapeMrkdwn(truncate(outcome.subject.name, 150))}*`;
  const lines: string[] = [];
  switch (outcome.kind) {
    case "list":
      lines.push(
        outcome.runbooks.length === 0
          ? `${name} has no runbook links. Add one with \`/uptime runbook <monitor> <https-url> [label]\`.`
          : `Runbook links of ${name}:`,
      );
      break;
    case "added":
      lines.push(`✅ Added: alerts of ${name} now show these runbook links:`);
      break;
    case "full":
      lines.push(
        `${name} already has ${RUNBOOKS_MAX} runbook links, the most it can have. Nothing changed; remove one first with \`/uptime runbook remove <monitor> <n>\`.`,
      );
      break;
    case "removed":
      lines.push(`🗑️ Removed ${escapeMrkdwn(outcome.removed.url)} from ${name}.`);
      break;
    case "no-such":
      lines.push(`${name} has no runbook link number ${outcome.n}. Nothing changed.`);
      break;
  }
  if (outcome.runbooks.length > 0 && outcome.kind !== "list" && outcome.kind !== "added")
    lines.push("Its runbook links:");
  if (outcome.runbooks.length > 0) lines.push(list(outcome.runbooks));
  const text = lines.join("\n");
  const blocks: KnownBlock[] = [{ type: "section", text: mrkdwn(text) }, ...runbookBlock(outcome.runbooks)];
  return { text: text.split("\n")[0]!, blocks };
}
