import type { App } from "@slack/bolt";
import type { ListenerDeps } from "../listener-deps";

export function register(_app: App, _deps: ListenerDeps): void {}
