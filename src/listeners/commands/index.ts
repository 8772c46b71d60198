import { commands } from "../../ui/ids";
import type { ListenerDeps } from "../listener-deps";
import type { SurfaceRoutes } from "../surface-routes";
import { uptimeCommand } from "./uptime-command";

export function register(routes: SurfaceRoutes, deps: ListenerDeps): void {
  routes.commands.set(commands.uptime, uptimeCommand(deps));
}
