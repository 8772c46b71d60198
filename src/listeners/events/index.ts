import type { ListenerDeps } from "../listener-deps";
import type { EventHandler, SurfaceRoutes } from "../surface-routes";
import { appHomeOpenedEvent } from "./app-home-opened-event";
import { appUninstalledEvent } from "./app-uninstalled-event";
import { linkSharedEvent } from "./link-shared-event";
import { tokensRevokedEvent } from "./tokens-revoked-event";
import { userChangeEvent } from "./user-change-event";

/** Events, by type: each handler is written for the one event type it is keyed by. */
export function register(routes: SurfaceRoutes, deps: ListenerDeps): void {
  routes.events.set("app_home_opened", appHomeOpenedEvent(deps) as EventHandler);
  routes.events.set("app_uninstalled", appUninstalledEvent(deps) as EventHandler);
  routes.events.set("tokens_revoked", tokensRevokedEvent(deps) as EventHandler);
  routes.events.set("link_shared", linkSharedEvent(deps) as EventHandler);
  routes.events.set("user_change", userChangeEvent(deps) as EventHandler);
}
