import type { ActionsBlock } from "@slack/types";
import { type Command, formatCommand } from "../grammar";
import { isDirectMessage } from "../lib/is-direct-message";
import { tryEncode } from "./codec";
import { shareCodec } from "./codecs";
import { actions, blocks } from "./ids";
import type { Rendered } from "./reply";
import { limits, plainText } from "./text";

/**
 * The subcommands whose answer shows data, and so may be shared in the channel (issue 15). Not help, errors,
 * prompts or results of changes: those speak to the asker ("you haven't linked", "paused").
 */
export const SHAREABLE_KINDS = [
  "status",
  "monitors",
  "monitor",
  "incidents",
  "incident",
  "availability",
  "latency",
  "checks",
  "locations",
  "channels",
  "subscriptions",
] as const;

export type ShareableKind = (typeof SHAREABLE_KINDS)[number];
export type ShareableCommand = Extract<Command, { kind: ShareableKind }>;

export function isShareable(command: Command): command is ShareableCommand {
  return (SHAREABLE_KINDS as readonly string[]).includes(command.kind);
}

/**
 * The answer with a Share in channel button under it, carrying the command that produced it. Left as it is
 * in a DM, when the command text does not fit a button value, or when the message has no room for a block.
 */
export function withShareButton(
  rendered: Rendered,
  command: ShareableCommand,
  channelId: string | undefined,
  teamId?: string,
): Rendered {
  // In the app's own DM a shared copy would land next to the answer, and in a DM between people the bot
  // can never post: either way the button would only disappoint.
  if (isDirectMessage(channelId)) return rendered;
  const value = tryEncode(shareCodec, { command: formatCommand(command), ...(teamId ? { teamId } : {}) });
  const body = rendered.blocks ?? [];
  if (value === undefined || body.length >= limits.messageBlocks) return rendered;
  const block: ActionsBlock = {
    type: "actions",
    block_id: blocks.share,
    elements: [
      {
        type: "button",
        action_id: actions.share,
        text: plainText("Share in channel", limits.buttonText),
        value,
      },
    ],
  };
  return { ...rendered, blocks: [...body, block] };
}
