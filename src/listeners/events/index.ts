import type { AllMiddlewareArgs, App, SlackEventMiddlewareArgs } from "@slack/bolt";
import type { ListenerDeps } from "../listener-deps";
import { matchAny } from "../match-any";
import { appHomeOpenedEvent } from "./app-home-opened-event";
import { appUninstalledEvent } from "./app-uninstalled-event";
import { tokensRevokedEvent } from "./tokens-revoked-event";

type EventArgs = SlackEventMiddlewareArgs & AllMiddlewareArgs;

/**
 * Every event goes through ONE Bolt listener that picks the handler by event type: Bolt runs the
 * middleware of every registered listener on every request, slash commands included (see actions/index.ts).
 */
export function register(app: App, deps: ListenerDeps): void {
  // Each handler is keyed by the one event type it is written for.
  const byType = new Map<string, (args: EventArgs) => Promise<void>>([
    ["app_home_opened", appHomeOpenedEvent(deps) as (args: EventArgs) => Promise<void>],
    ["app_uninstalled", appUninstalledEvent(deps) as (args: EventArgs) => Promise<void>],
    ["tokens_revoked", tokensRevokedEvent(deps) as (args: EventArgs) => Promise<void>],
  ]);
  app.event(matchAny(byType.keys()), async (args) => {
    await byType.get(args.event.type)?.(args);
  });
}
