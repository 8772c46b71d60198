import type { SubcommandName } from "../command";
import { ArgumentError, echo, readArgs } from "../read-args";
import { noArguments, oneMonitor, type Parser } from "./parser";

/** What changes something in the Uptime service: acknowledge, create, pause, resume. */
export const changeParsers = {
  ack: (sub, tokens) => {
    const args = readArgs(sub, tokens, [], false);
    if (args instanceof ArgumentError) return args;
    const [first, ...extra] = args.positionals;
    if (!first) return new ArgumentError('"ack" needs an incident id, e.g. ack 123');
    if (extra.length > 0) return new ArgumentError('"ack" takes one incident id, e.g. ack 123');
    const id = /^#?(\d{1,18})$/.exec(first.text.trim());
    if (!id) return new ArgumentError(`an incident id is a number, e.g. ack 123 (got "${echo(first.text)}")`);
    return { kind: "ack", incidentId: id[1]! };
  },

  create: noArguments({ kind: "create" }),
  pause: oneMonitor("pause"),
  resume: oneMonitor("resume"),
  delete: oneMonitor("delete"),
  edit: oneMonitor("edit"),
} satisfies Partial<Record<SubcommandName, Parser>>;
