import type { Command, MentionArgument, SubcommandName } from "../command";
import { ArgumentError, echo, isMentionWord, readArgs, toMention, unique } from "../read-args";
import { noArguments, oneMonitor, type Parser } from "./parser";

/** Alerts in a channel: subscribe, unsubscribe, subscriptions, unmute. */
export const subscriptionParsers = {
  subscriptions: noArguments({ kind: "subscriptions" }),
  unmute: oneMonitor("unmute"),

  subscribe: (sub, tokens) => {
    const args = readArgs(sub, tokens, ["mention"], true);
    if (args instanceof ArgumentError) return args;
    let mention: MentionArgument | undefined;
    const mentionFlag = args.flags.get("mention");
    if (mentionFlag) {
      const m = toMention(mentionFlag.value, "--mention");
      if (m instanceof ArgumentError) return m;
      mention = m;
    }
    for (const token of args.positionals) {
      if (isMentionWord(token)) {
        if (mention) return new ArgumentError("give one --mention");
        const m = toMention(token, "--mention");
        if (m instanceof ArgumentError) return m;
        mention = m;
        continue;
      }
      return new ArgumentError(
        `"subscribe" takes monitor:<name> and group:<name> filters (got "${echo(token.text)}"); e.g. subscribe monitor:"${echo(token.text)}"`,
      );
    }
    const command: Extract<Command, { kind: "subscribe" }> = {
      kind: "subscribe",
      monitors: unique(args.keyed.filter((k) => k.key === "monitor").map((k) => k.value)),
      groups: unique(args.keyed.filter((k) => k.key === "group").map((k) => k.value)),
    };
    if (mention) command.mention = mention;
    return command;
  },

  unsubscribe: (sub, tokens) => {
    const args = readArgs(sub, tokens, [], true);
    if (args instanceof ArgumentError) return args;
    let all = false;
    for (const token of args.positionals) {
      if (token.literal === token.text.length && token.text.toLowerCase() === "all") all = true;
      else {
        return new ArgumentError(
          `"unsubscribe" takes monitor:<name> and group:<name> filters or "all" (got "${echo(token.text)}")`,
        );
      }
    }
    const monitors = unique(args.keyed.filter((k) => k.key === "monitor").map((k) => k.value));
    const groups = unique(args.keyed.filter((k) => k.key === "group").map((k) => k.value));
    if (all && monitors.length + groups.length > 0) {
      return new ArgumentError('"unsubscribe all" takes no filters');
    }
    return { kind: "unsubscribe", all, monitors, groups };
  },
} satisfies Partial<Record<SubcommandName, Parser>>;
