import type { SubcommandName } from "../command";
import { ArgumentError, joined, readArgs } from "../read-args";
import { noArguments, type Parser } from "./parser";

/** login, logout, whoami, team. */
export const accountParsers = {
  // People paste their token after `login`: whatever follows is never echoed (docs/architecture.md section 7).
  login: (_sub, tokens) =>
    tokens.length === 0
      ? { kind: "login" }
      : new ArgumentError(
          "type `/uptime login` alone and paste your token in the window it opens; what you typed after it was not shown or kept",
        ),
  logout: noArguments({ kind: "logout" }),
  whoami: noArguments({ kind: "whoami" }),

  team: (sub, tokens) => {
    const args = readArgs(sub, tokens, [], false);
    if (args instanceof ArgumentError) return args;
    const team = joined(args.positionals);
    return team === undefined ? { kind: "team" } : { kind: "team", team };
  },
} satisfies Partial<Record<SubcommandName, Parser>>;
