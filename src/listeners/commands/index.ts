import type { App } from "@slack/bolt";
import type { ListenerDeps } from "../listener-deps";
import { uptimeCommand } from "./uptime-command";

export const UPTIME_COMMAND = "/uptime";

export function register(app: App, deps: ListenerDeps): void {
  app.command(UPTIME_COMMAND, uptimeCommand(deps));
}
