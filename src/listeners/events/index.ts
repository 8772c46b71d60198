import type { App } from "@slack/bolt";
import type { ListenerDeps } from "../listener-deps";
import { appHomeOpenedEvent } from "./app-home-opened-event";
import { appUninstalledEvent } from "./app-uninstalled-event";
import { tokensRevokedEvent } from "./tokens-revoked-event";

export function register(app: App, deps: ListenerDeps): void {
  app.event("app_home_opened", appHomeOpenedEvent(deps));
  app.event("app_uninstalled", appUninstalledEvent(deps));
  app.event("tokens_revoked", tokensRevokedEvent(deps));
}
