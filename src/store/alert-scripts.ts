import type { ScriptReplies as _Declared } from "./scripts";

/**
 * The replies of the alert-delivery scripts (scripts/subscription-pause-1.lua, alert-lock-*.lua,
 * channel-slot-1.lua), merged into the loader's ScriptReplies so that `run(...)` stays typed without
 * every store editing the loader.
 */
declare module "./scripts" {
  interface ScriptReplies {
    "subscription-pause": -1 | 0 | 1;
    "alert-lock-release": 0 | 1;
    "alert-lock-extend": 0 | 1;
    "channel-slot": number;
  }
}

export type AlertScriptReplies = Pick<
  _Declared,
  "subscription-pause" | "alert-lock-release" | "alert-lock-extend" | "channel-slot"
>;
