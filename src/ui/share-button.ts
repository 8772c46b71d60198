import type { ActionsBlock } from "@slack/types";
import { isDirectMessage } from "../domain/is-direct-message";
import { type Command, formatCommand, parseCommand } from "../grammar";
import { tryEncode } from "./codec";
import { shareCodec, shareCodecV1 } from "./codecs";
import { actions, blocks } from "./ids";
import type { Rendered } from "./reply";
import { limits, plainText } from "./text";

/**
 * The subcommands whose answer shows data, and so may be shared in the channel. Not help, errors,
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
 * Answers of no API team: the checking locations are the service's, and a channel's subscriptions are the
 * channel's (of any team, readable by anyone in it). Every other shareable answer shows one team's data.
 */
const TEAMLESS_KINDS: ReadonlySet<ShareableKind> = new Set(["locations", "subscriptions"]);

/** The kinds whose answer is about one monitor, named by the user (`monitor`, `availability`, `latency`). */
const MONITOR_KINDS: ReadonlySet<ShareableKind> = new Set(["monitor", "availability", "latency"]);

/** What an answer showed: its API team, and the monitor when it is about one. */
export interface Shown {
  /** Absent only for the teamless kinds. */
  teamId?: string | undefined;
  monitorId?: string | undefined;
}

/** A Share button's value as read at the click: the command to re-run, in the team (and on the monitor) shown. */
export interface SharedQuery extends Shown {
  command: ShareableCommand;
}

/**
 * The answer with a Share in channel button under it, carrying the command that produced it and what it
 * showed. Left as it is in a DM, when the value does not fit a button, when the message has no room for a
 * block, or when the team it showed is not known: a Share that might show another team is worse than none.
 */
export function withShareButton(
  rendered: Rendered,
  command: ShareableCommand,
  channelId: string | undefined,
  shown: Shown,
): Rendered {
  // In the app's own DM a shared copy would land next to the answer, and in a DM between people the bot
  // can never post: either way the button would only disappoint.
  if (isDirectMessage(channelId)) return rendered;
  const teamless = TEAMLESS_KINDS.has(command.kind);
  if (!teamless && shown.teamId === undefined) return rendered;
  const value = tryEncode(shareCodec, {
    command: formatCommand(command),
    ...(!teamless ? { teamId: shown.teamId } : {}),
    ...(MONITOR_KINDS.has(command.kind) && shown.monitorId !== undefined
      ? { monitorId: shown.monitorId }
      : {}),
  });
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

/**
 * A Share button's value, or null when it cannot be shared safely (the button then says it is out of date).
 * A version 1 value is read when it names its team (a paged list) or its answer has none; one without the
 * team its answer showed is refused rather than re-run in today's active team, which may be another.
 */
export function readShareValue(raw: string | undefined): SharedQuery | null {
  const current = shareCodec.decode(raw);
  const value = current ?? shareCodecV1.decode(raw);
  if (!value) return null;
  const command = parseCommand(value.command);
  if (!isShareable(command)) return null;
  const teamless = TEAMLESS_KINDS.has(command.kind);
  if (!teamless && value.teamId === undefined) return null;
  const monitorId = MONITOR_KINDS.has(command.kind) ? current?.monitorId : undefined;
  return {
    command,
    ...(!teamless ? { teamId: value.teamId } : {}),
    ...(monitorId !== undefined ? { monitorId } : {}),
  };
}
