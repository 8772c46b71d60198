import type { App } from "@slack/bolt";
import { commands } from "../../ui/ids";
import type { ListenerDeps } from "../listener-deps";
import { uptimeCommand } from "./uptime-command";

export function register(app: App, deps: ListenerDeps): void {
  app.command(commands.uptime, uptimeCommand(deps));
}
