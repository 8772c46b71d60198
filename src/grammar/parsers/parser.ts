import type { Command, SubcommandName } from "../command";
import { ArgumentError, echo, joined, readArgs } from "../read-args";
import type { Token } from "../tokenize";

/** Reads one subcommand's arguments into its Command, or says what was wrong. */
export type Parser = (sub: SubcommandName, tokens: readonly Token[]) => Command | ArgumentError;

export const noArguments =
  (command: Command): Parser =>
  (sub, tokens) => {
    if (tokens.length === 0) return { ...command };
    return new ArgumentError(
      `"${sub}" takes no arguments (got "${echo(tokens.map((t) => t.text).join(" "))}")`,
    );
  };

/** A subcommand whose whole argument is one monitor name or id. */
export const oneMonitor =
  (kind: "monitor" | "pause" | "resume" | "delete" | "edit" | "unmute"): Parser =>
  (sub, tokens) => {
    const args = readArgs(sub, tokens, [], false);
    if (args instanceof ArgumentError) return args;
    const monitor = joined(args.positionals);
    if (monitor === undefined)
      return new ArgumentError(`"${sub}" needs a monitor name or id, e.g. ${sub} api-eu`);
    return { kind, monitor };
  };
