import type { SubcommandName } from "../command";
import { ArgumentError, joined, readArgs } from "../read-args";
import { noArguments, type Parser } from "./parser";

/** login, logout, whoami, team. */
export const accountParsers = {
  login: noArguments({ kind: "login" }),
  logout: noArguments({ kind: "logout" }),
  whoami: noArguments({ kind: "whoami" }),

  team: (sub, tokens) => {
    const args = readArgs(sub, tokens, [], false);
    if (args instanceof ArgumentError) return args;
    const team = joined(args.positionals);
    return team === undefined ? { kind: "team" } : { kind: "team", team };
  },
} satisfies Partial<Record<SubcommandName, Parser>>;
