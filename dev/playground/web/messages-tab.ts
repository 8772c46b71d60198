import { readFileSync } from "node:fs";
import { parse } from "yaml";

/**
 * What the person may do in the app's DM, as the manifest's `features.app_home` says and Slack shows it
 * (https://docs.slack.dev/surfaces/app-home#messages-tab): with the Messages tab read-only (or off), Slack
 * replaces the DM's composer with "Sending messages to this app has been turned off." and nothing, slash
 * commands included, can be sent there.
 */
export type MessagesTab = "writable" | "read-only" | "off";

/** Pure: the Messages tab of a parsed manifest. Slack's defaults: a tab that is on and writable. */
export function messagesTabOf(manifest: unknown): MessagesTab {
  const features = (manifest as { features?: { app_home?: Record<string, unknown> } } | null)?.features;
  const home = features?.app_home ?? {};
  if (home.messages_tab_enabled === false) return "off";
  return home.messages_tab_read_only_enabled === true ? "read-only" : "writable";
}

/** The repository's manifest.yml (the one the app is created from), read once at start. */
export function readMessagesTab(file: URL = new URL("../../../manifest.yml", import.meta.url)): MessagesTab {
  return messagesTabOf(parse(readFileSync(file, "utf8")));
}
