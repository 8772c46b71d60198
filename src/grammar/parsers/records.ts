import { parseRunbookUrl, RUNBOOK_LABEL_MAX, RUNBOOKS_MAX } from "../../domain/runbooks";
import type { Command, RunbookTargetArgument, SubcommandName } from "../command";
import { ArgumentError, echo, joined, readArgs } from "../read-args";
import type { Token } from "../tokenize";
import type { Parser } from "./parser";

const RUNBOOK_EXAMPLE = "e.g. runbook api-eu https://wiki.example.com/runbooks/api On-call guide";

const isWord = (token: Token | undefined, word: string) =>
  token !== undefined && token.literal === token.text.length && token.text.toLowerCase() === word;

/** A word meant as a link: a scheme, or a bare `www.` host (told it needs https rather than read as a name). */
function looksLikeLink(token: Token): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(token.text) || /^www\./i.test(token.text);
}

function targetOf(sub: SubcommandName, tokens: readonly Token[]): RunbookTargetArgument | ArgumentError {
  const args = readArgs(sub, tokens, [], true);
  if (args instanceof ArgumentError) return args;
  const monitor = joined(args.positionals);
  const given = args.keyed.length + (monitor === undefined ? 0 : 1);
  if (given !== 1)
    return new ArgumentError(
      given === 0
        ? `"runbook" needs a monitor or group:<name>; ${RUNBOOK_EXAMPLE}`
        : `"runbook" is about one monitor or one group:<name> at a time`,
    );
  const [keyed] = args.keyed;
  if (keyed)
    return keyed.key === "group"
      ? { kind: "group", group: keyed.value }
      : { kind: "monitor", monitor: keyed.value };
  return { kind: "monitor", monitor: monitor! };
}

/**
 * `runbook <monitor|group:NAME> <https-url> [label]`, `runbook <monitor|group:NAME>` (list),
 * `runbook remove <monitor|group:NAME> <n>`.
 */
function runbook(sub: SubcommandName, tokens: readonly Token[]): Command | ArgumentError {
  if (tokens.length === 0)
    return new ArgumentError(`"runbook" needs a monitor or group:<name>; ${RUNBOOK_EXAMPLE}`);
  if (isWord(tokens[0], "remove") && tokens.length >= 3) {
    const last = tokens.at(-1)!;
    const n = /^\d{1,2}$/.test(last.text.trim()) ? Number(last.text.trim()) : Number.NaN;
    if (!(n >= 1 && n <= RUNBOOKS_MAX))
      return new ArgumentError(
        `"runbook remove" takes the monitor or group:<name> and the number of the link as listed, 1 to ${RUNBOOKS_MAX} (got "${echo(last.text)}")`,
      );
    const target = targetOf(sub, tokens.slice(1, -1));
    if (target instanceof ArgumentError) return target;
    return { kind: "runbook", action: "remove", target, n };
  }
  const at = tokens.findIndex(looksLikeLink);
  if (at === -1) {
    const target = targetOf(sub, tokens);
    if (target instanceof ArgumentError) return target;
    return { kind: "runbook", action: "list", target };
  }
  const target = targetOf(sub, tokens.slice(0, at));
  if (target instanceof ArgumentError) return target;
  const parsed = parseRunbookUrl(tokens[at]!.text);
  if ("error" in parsed) return new ArgumentError(parsed.error);
  const label = joined(tokens.slice(at + 1));
  if (label !== undefined && [...label].length > RUNBOOK_LABEL_MAX)
    return new ArgumentError(`a runbook's label is at most ${RUNBOOK_LABEL_MAX} characters`);
  return { kind: "runbook", action: "add", target, url: parsed.url, ...(label ? { label } : {}) };
}

/** `board [group:<name>]` or `board off`. */
function board(sub: SubcommandName, tokens: readonly Token[]): Command | ArgumentError {
  if (tokens.length === 1 && isWord(tokens[0], "off")) return { kind: "board", action: "off" };
  const args = readArgs(sub, tokens, [], true);
  if (args instanceof ArgumentError) return args;
  const groups = args.keyed.filter((k) => k.key === "group");
  if (args.positionals.length > 0 || args.keyed.length !== groups.length || groups.length > 1)
    return new ArgumentError(
      `"board" takes at most one group:<name>, or off (got "${echo(tokens.map((t) => t.text).join(" "))}")`,
    );
  return groups[0]
    ? { kind: "board", action: "post", group: groups[0].value }
    : { kind: "board", action: "post" };
}

/** What a channel keeps beside its alerts: runbook links and the live board. */
export const recordParsers = {
  runbook,
  board,
} satisfies Partial<Record<SubcommandName, Parser>>;
