import type { KnownBlock } from "@slack/types";
import { actions, blocks as blockIds } from "./ids";
import { context } from "./query-parts";
import { quietAnswer } from "./quiet-mentions";
import type { Rendered } from "./reply";
import { limits, truncate } from "./text";

/**
 * Controls that belong to the asker's own answer. Sharing again from the channel copy would just repeat it;
 * Prev/Next would replace the message for everyone under the others' eyes; Pause, Resume, Edit and Delete
 * change a monitor and stay with the person who looked it up. Acknowledge stays: it acts as its clicker and
 * is what a channel does with an open incident, as on alert messages.
 */
const ASKER_ONLY_ACTIONS: ReadonlySet<string> = new Set([
  actions.share,
  actions.monitorsPagePrev,
  actions.monitorsPageNext,
  actions.incidentsPagePrev,
  actions.incidentsPageNext,
  actions.pauseMonitor,
  actions.resumeMonitor,
  actions.editMonitor,
  actions.deleteMonitor,
]);

/**
 * A chart is an upload shared to the asker's DM only: the channel could not see it. The shared copy is
 * the text answer; the chart (or the sentence that says it was skipped) stays in the asker's answer.
 */
const ASKER_ONLY_BLOCKS: ReadonlySet<string> = new Set([
  blockIds.share,
  blockIds.chart,
  blockIds.chartSkipped,
]);

function forChannel(block: KnownBlock): KnownBlock | null {
  if (block.block_id && ASKER_ONLY_BLOCKS.has(block.block_id)) return null;
  if (block.type !== "actions") return block;
  const elements = block.elements.filter(
    (el) => !("action_id" in el && el.action_id && ASKER_ONLY_ACTIONS.has(el.action_id)),
  );
  return elements.length ? { ...block, elements } : null;
}

/**
 * The same answer, posted in the channel by Share in channel: without the asker's controls, naming the
 * sharer, and mentioning no one else. An ephemeral answer may say "by <@U…>" or "pings @here"
 * to its asker without notifying anyone; posted in the channel, the same text would notify everyone it
 * names. So every other mention becomes a name (`names`: the user's Slack name, from users.info), and the
 * sharer's own mention stays: Slack does not notify people of their own mentions.
 */
export function renderSharedCopy(
  rendered: Rendered,
  sharerId: string,
  names: ReadonlyMap<string, string> = new Map(),
): Rendered {
  const quiet = quietAnswer(rendered, names);
  const kept = (quiet.blocks ?? []).flatMap((b) => forChannel(b) ?? []);
  const sharedBy = context(`Shared by <@${sharerId}>`);
  return {
    text: truncate(`<@${sharerId}> shared: ${quiet.text}`, limits.messageText),
    blocks: [...kept.slice(0, limits.messageBlocks - 1), sharedBy],
  };
}
