import type { RespondArguments } from "@slack/bolt";
import type { WebClient } from "@slack/web-api";
import type { UserRef } from "../../domain/workspace-ref";
import type { Command, SubcommandName } from "../../grammar";
import type { ListenerDeps } from "../listener-deps";

/** One `/uptime <subcommand>` invocation, already acknowledged (Slack's 3 s limit is met before this runs). */
export interface SubcommandRequest<K extends SubcommandName = SubcommandName> {
  command: Extract<Command, { kind: K }>;
  user: UserRef;
  channelId: string;
  /** Slack's `channel_name`: "directmessage" in a DM, "mpdm-…" in a group DM, else the channel's name. */
  channelName?: string | undefined;
  triggerId: string;
  /** Ephemeral reply through the command's response_url (works in any channel, even without the bot). */
  respond: (message: RespondArguments) => Promise<unknown>;
  client: WebClient;
}

export type SubcommandHandler<K extends SubcommandName = SubcommandName> = (
  request: SubcommandRequest<K>,
  deps: ListenerDeps,
) => Promise<void>;

export type SubcommandHandlers = { [K in SubcommandName]: SubcommandHandler<K> };
