import type { KnownBlock } from "@slack/types";
import type { CheckListView } from "../services/list-checks";
import { context, header, listSections, monitorLabel, NAME_MAX } from "./query-parts";
import { checkRow } from "./render-monitor-details";
import type { Rendered } from "./reply";
import { escapeMrkdwn, limits, mrkdwn, truncate } from "./text";

const LIST_BLOCKS = 10;

/** `/uptime checks`: the latest team checks, newest first (A5): monitor, location, result, status, duration, error. */
export function renderChecks(view: CheckListView): Rendered {
  const teamName = truncate(view.team.name, NAME_MAX);
  const blocks: KnownBlock[] = [header(`Latest checks of ${teamName}`)];
  if (view.checks.length === 0) {
    blocks.push({ type: "section", text: mrkdwn("No checks yet: monitors are checked at their interval.") });
  } else {
    const failed = view.checks.filter((c) => !c.passed).length;
    blocks.push(
      context(
        `newest first · ${view.checks.length} of the latest ${view.total} · ${failed} failed · times in your time zone`,
      ),
    );
    const rows = view.checks.map((c) => checkRow(c, monitorLabel(c.monitorId, view.monitorNames)));
    blocks.push(...listSections(rows, LIST_BLOCKS));
  }
  const failed = view.checks.filter((c) => !c.passed).length;
  return {
    text: truncate(
      `Latest checks of ${escapeMrkdwn(teamName)}: ${view.checks.length} shown, ${failed} failed`,
      limits.messageText,
    ),
    blocks,
  };
}
