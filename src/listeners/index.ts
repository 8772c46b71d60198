import type { App } from "@slack/bolt";
import * as actions from "./actions";
import * as commands from "./commands";
import * as events from "./events";
import * as functions from "./functions";
import type { ListenerDeps } from "./listener-deps";
import * as options from "./options";
import * as shortcuts from "./shortcuts";
import { routeRequests, SurfaceRoutes } from "./surface-routes";
import * as views from "./views";

export type { ListenerDeps } from "./listener-deps";

/** Registers every handler of every surface, reached through one middleware (surface-routes.ts). */
export function registerListeners(app: App, deps: ListenerDeps): void {
  const routes = new SurfaceRoutes();
  for (const surface of [commands, actions, views, events, shortcuts, options, functions])
    surface.register(routes, deps);
  app.use(routeRequests(routes));
}
