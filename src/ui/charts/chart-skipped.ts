import type { ContextBlock } from "@slack/types";
import type { WorkRefusal } from "../../lib/worker-pool";
import { blocks } from "../ids";

const SENTENCES: Record<WorkRefusal, string> = {
  busy: "Chart skipped: the bot is drawing many charts right now. Ask again in a minute for the picture.",
  owner_busy: "Chart skipped: your other charts are still being drawn. Ask again in a moment for this one.",
  timeout: "Chart skipped: it took too long to draw. Ask again in a minute for the picture.",
  failed: "Chart skipped: it could not be drawn this time. Ask again for the picture.",
  closed: "Chart skipped: the bot is restarting. Ask again in a minute for the picture.",
};

/** Why the answer above has no chart, in one sentence (the chart renderer refused it: chart-renderer.ts). */
export function chartSkippedText(reason: WorkRefusal): string {
  return SENTENCES[reason];
}

/** The sentence as the answer's last line, in small grey type: the answer itself is whole. */
export function chartSkippedBlock(reason: WorkRefusal): ContextBlock {
  return {
    type: "context",
    block_id: blocks.chartSkipped,
    elements: [{ type: "mrkdwn", text: chartSkippedText(reason) }],
  };
}
