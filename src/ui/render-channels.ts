import type { KnownBlock } from "@slack/types";
import type { ChannelListView } from "../services/list-channels";
import { context, header, inline, listSections, NAME_MAX } from "./query-parts";
import type { Rendered } from "./reply";
import { escapeMrkdwn, limits, mrkdwn, truncate } from "./text";

const LIST_BLOCKS = 20;

/** `/uptime channels`: the team's alert channels (slug, name, enabled). */
export function renderChannels(view: ChannelListView): Rendered {
  const teamName = truncate(view.team.name, NAME_MAX);
  const blocks: KnownBlock[] = [header(`Alert channels of ${teamName}`)];
  if (view.channels.length === 0) {
    blocks.push({ type: "section", text: mrkdwn("This team has no alert channels.") });
  } else {
    const rows = view.channels.map((c) => {
      const state = c.enabled ? "✅ enabled" : "⛔ disabled";
      const description = c.description ? `\n    ${inline(c.description, 200)}` : "";
      return `*${inline(c.name, NAME_MAX)}* (\`${inline(c.slug, 40)}\`) · ${state}${description}`;
    });
    blocks.push(...listSections(rows, LIST_BLOCKS));
    blocks.push(
      context(
        "These are the service's own alert channels (SMS, e-mail, phone); Slack alerts are set up with `/uptime subscribe`.",
      ),
    );
  }
  const enabled = view.channels.filter((c) => c.enabled).length;
  return {
    text: truncate(
      `${escapeMrkdwn(teamName)}: ${view.channels.length} alert channels, ${enabled} enabled`,
      limits.messageText,
    ),
    blocks,
  };
}
