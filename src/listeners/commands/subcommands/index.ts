import type { SubcommandHandlers } from "../subcommand";
import { helpSubcommand } from "./help-subcommand";
import { notYetSubcommand } from "./not-yet-subcommand";

/** Which handler answers each subcommand of the parser's grammar (src/lib/parse-command.ts). */
export const subcommandHandlers: SubcommandHandlers = {
  help: helpSubcommand,
  login: notYetSubcommand(),
  logout: notYetSubcommand(),
  whoami: notYetSubcommand(),
  team: notYetSubcommand(),
  status: notYetSubcommand(),
  monitors: notYetSubcommand(),
  monitor: notYetSubcommand(),
  incidents: notYetSubcommand(),
  ack: notYetSubcommand(),
  availability: notYetSubcommand(),
  latency: notYetSubcommand(),
  checks: notYetSubcommand(),
  locations: notYetSubcommand(),
  channels: notYetSubcommand(),
  create: notYetSubcommand(),
  pause: notYetSubcommand(),
  resume: notYetSubcommand(),
  subscribe: notYetSubcommand(),
  unsubscribe: notYetSubcommand(),
  subscriptions: notYetSubcommand(),
};
