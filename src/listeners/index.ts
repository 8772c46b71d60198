import type { App } from "@slack/bolt";
import * as actions from "./actions";
import * as commands from "./commands";
import * as events from "./events";
import type { ListenerDeps } from "./listener-deps";
import * as options from "./options";
import * as shortcuts from "./shortcuts";
import * as views from "./views";

export type { ListenerDeps } from "./listener-deps";

/** Registers every listener of every surface. */
export function registerListeners(app: App, deps: ListenerDeps): void {
  for (const surface of [commands, actions, views, events, shortcuts, options]) surface.register(app, deps);
}
