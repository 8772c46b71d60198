import { closestMatches } from "../lib/closest-matches";
import { type Command, MAX_COMMAND_LENGTH, type SubcommandName } from "./command";
import { accountParsers } from "./parsers/accounts";
import { changeParsers } from "./parsers/changes";
import { incidentRecordParsers } from "./parsers/incident-record";
import { oncallParsers } from "./parsers/oncall";
import { parsePage } from "./parsers/page";
import type { Parser } from "./parsers/parser";
import { queryParsers } from "./parsers/queries";
import { quietParsers } from "./parsers/quiet";
import { recordParsers } from "./parsers/records";
import { subscriptionParsers } from "./parsers/subscriptions";
import { ArgumentError, asFlag, echo, unique } from "./read-args";
import { resolveSubcommand, SUBCOMMANDS } from "./subcommand-info";
import { type Token, tokenize } from "./tokenize";

const PARSERS: Record<Exclude<SubcommandName, "help">, Parser> = {
  ...accountParsers,
  ...queryParsers,
  ...changeParsers,
  ...subscriptionParsers,
  ...quietParsers,
  page: parsePage,
  ...oncallParsers,
  ...incidentRecordParsers,
  ...recordParsers,
};

const HELP_WORDS = new Set(["help", "?", "-h", "-?", "--help", "—help", "–help"]);

/** Parses the text after `/uptime`. Total: never throws; anything not understood gives `help` with an error. */
export function parseCommand(text: string): Command {
  const input = typeof text === "string" ? text : "";
  if (input.length > MAX_COMMAND_LENGTH) {
    return { kind: "help", error: `that is too long for a command (${input.length} characters)` };
  }
  const tokens = tokenize(input);
  const [head, ...rest] = tokens;
  if (!head) return { kind: "help" };
  const word = head.text.trim().toLowerCase();
  const sub = resolveSubcommand(word);
  if (HELP_WORDS.has(word) || sub === "help") return parseHelp(rest);
  if (!sub) return unknownCommand(head.text);
  if (rest.some((t) => asFlag(t)?.name === "help")) return { kind: "help", topic: sub };
  const result = PARSERS[sub](sub, rest);
  return result instanceof ArgumentError ? { kind: "help", topic: sub, error: result.message } : result;
}

function parseHelp(rest: readonly Token[]): Command {
  const [topic] = rest;
  if (!topic) return { kind: "help" };
  const sub = resolveSubcommand(topic.text);
  if (sub) return { kind: "help", topic: sub };
  const error = `there is no command "${echo(topic.text)}"${didYouMean(topic.text)}`;
  return { kind: "help", error };
}

function unknownCommand(word: string): Command {
  return { kind: "help", unknown: word, error: `unknown command "${echo(word)}"${didYouMean(word)}` };
}

const SUBCOMMAND_WORDS = SUBCOMMANDS.flatMap((info) =>
  [info.name, ...info.aliases].map((alias) => ({ id: info.name, name: alias })),
);

function didYouMean(word: string): string {
  if (word.length > 40) return "";
  const names = unique(closestMatches(word, SUBCOMMAND_WORDS, 3).map((m) => m.id));
  if (names.length === 0) return "";
  return `; did you mean ${names.map((n) => `"${n}"`).join(" or ")}?`;
}
