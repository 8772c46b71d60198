import { slackDate } from "../../../lib/format-time";
import { escapeMrkdwn, mrkdwn, truncate } from "../../../ui/text";
import type { RenderedAlert } from "../../engine/alert-parts";

/** A quiet thread reply: the person is named, not pinged. */
export function renderMuteReply(input: {
  change: "muted" | "unmuted";
  name: string | null;
  until?: number;
}): RenderedAlert {
  const by = input.name ? ` by ${escapeMrkdwn(truncate(input.name, 80))}` : "";
  const text =
    input.change === "muted"
      ? `🔕 Muted here${by}${input.until !== undefined ? ` until ${slackDate(input.until, "{time}")}` : ""}`
      : `🔔 Unmuted here${by}`;
  return { text, blocks: [{ type: "section", text: mrkdwn(text) }] };
}
