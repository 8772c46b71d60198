import type { Command, Period, SortKey, StatsTarget, SubcommandName } from "../command";
import { MONITOR_STATES, SORT_KEYS } from "../command";
import { ArgumentError, asPeriod, echo, flagValue, joined, parsePage, readArgs } from "../read-args";
import type { Token } from "../tokenize";
import { noArguments, oneMonitor, type Parser } from "./parser";

const statistics =
  (kind: "availability" | "latency"): Parser =>
  (sub, tokens) => {
    const args = readArgs(sub, tokens, [], true);
    if (args instanceof ArgumentError) return args;
    let period: Period | undefined;
    const words: Token[] = [];
    for (const token of args.positionals) {
      const p = asPeriod(token);
      if (p instanceof ArgumentError) return p;
      if (p === undefined) words.push(token);
      else if (period !== undefined) return new ArgumentError("give one period: 24h or 30d");
      else period = p;
    }
    const monitorWords = joined(words);
    const monitors = args.keyed.filter((k) => k.key === "monitor").map((k) => k.value);
    const groups = args.keyed.filter((k) => k.key === "group").map((k) => k.value);
    if (monitorWords !== undefined) monitors.push(monitorWords);
    if (monitors.length + groups.length > 1) {
      return new ArgumentError(
        `"${sub}" is about one monitor or one group:<name> (or the whole team), not several`,
      );
    }
    const target: StatsTarget =
      monitors[0] !== undefined
        ? { kind: "monitor", monitor: monitors[0] }
        : groups[0] !== undefined
          ? { kind: "group", group: groups[0] }
          : { kind: "team" };
    return { kind, target, period: period ?? "24h" };
  };

/** What is up and open: status, the lists, one monitor, statistics, and the team's settings. */
export const queryParsers = {
  status: noArguments({ kind: "status" }),
  checks: noArguments({ kind: "checks" }),
  locations: noArguments({ kind: "locations" }),
  channels: noArguments({ kind: "channels" }),

  monitors: (sub, tokens) => {
    const args = readArgs(sub, tokens, ["state", "group", "sort", "page"], false);
    if (args instanceof ArgumentError) return args;
    const command: Extract<Command, { kind: "monitors" }> = { kind: "monitors", page: 1 };
    const text = joined(args.positionals);
    if (text !== undefined) command.text = text;

    const stateNames = MONITOR_STATES.join(", ");
    const state = flagValue(args, "state", stateNames);
    if (state instanceof ArgumentError) return state;
    if (state !== undefined) {
      const wanted = state.toLowerCase();
      const known = MONITOR_STATES.find((s) => s === wanted);
      if (!known) return new ArgumentError(`--state must be one of ${stateNames} (got "${echo(state)}")`);
      command.state = known;
    }

    const group = flagValue(args, "group", "a group name");
    if (group instanceof ArgumentError) return group;
    if (group !== undefined) command.group = group;

    const sort = flagValue(args, "sort", "name, group or created, - for descending (e.g. -created)");
    if (sort instanceof ArgumentError) return sort;
    if (sort !== undefined) {
      const keys: SortKey[] = [];
      for (const piece of sort.split(",")) {
        const wanted = piece.trim().toLowerCase();
        if (wanted === "") continue;
        const known = SORT_KEYS.find((k) => k === wanted);
        if (!known) {
          return new ArgumentError(
            `--sort takes name, group or created, each with - for descending, e.g. --sort -created,name (got "${echo(piece.trim())}")`,
          );
        }
        const field = known.replace(/^-/, "");
        if (keys.some((k) => k.replace(/^-/, "") === field)) {
          return new ArgumentError(`--sort names "${field}" twice`);
        }
        keys.push(known);
      }
      if (keys.length === 0) return new ArgumentError("--sort needs a value: name, group or created");
      command.sort = keys;
    }

    const page = parsePage(args);
    if (page instanceof ArgumentError) return page;
    command.page = page;
    return command;
  },

  monitor: oneMonitor("monitor"),

  incidents: (sub, tokens) => {
    const args = readArgs(sub, tokens, ["page"], false);
    if (args instanceof ArgumentError) return args;
    let openOnly = false;
    for (const token of args.positionals) {
      if (token.literal === token.text.length && token.text.toLowerCase() === "open") openOnly = true;
      else {
        const hint = /^#?\d+$/.test(token.text)
          ? `; to see one, use "incident ${token.text}", to acknowledge it "ack ${token.text}"`
          : "";
        return new ArgumentError(`"incidents" takes "open" or nothing (got "${echo(token.text)}")${hint}`);
      }
    }
    const page = parsePage(args);
    if (page instanceof ArgumentError) return page;
    return { kind: "incidents", openOnly, page };
  },

  incident: (sub, tokens) => {
    const args = readArgs(sub, tokens, [], false);
    if (args instanceof ArgumentError) return args;
    const [first, ...extra] = args.positionals;
    // `incident` alone or `incident open` was the incident list's alias: it still lists.
    if (!first || (extra.length === 0 && first.text.toLowerCase() === "open")) {
      return { kind: "incidents", openOnly: first !== undefined, page: 1 };
    }
    if (extra.length > 0) return new ArgumentError('"incident" takes one incident id, e.g. incident 123');
    const id = /^#?(\d{1,18})$/.exec(first.text.trim());
    if (!id)
      return new ArgumentError(`an incident id is a number, e.g. incident 123 (got "${echo(first.text)}")`);
    return { kind: "incident", incidentId: id[1]! };
  },

  availability: statistics("availability"),
  latency: statistics("latency"),
} satisfies Partial<Record<SubcommandName, Parser>>;
