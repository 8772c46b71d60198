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

/** A message shortcut the manifest declares: what the page offers on a message, as Slack's "More actions". */
export interface MessageShortcut {
  callbackId: string;
  name: string;
}

/** Pure: the `type: message` shortcuts of a parsed manifest. */
export function messageShortcutsOf(manifest: unknown): MessageShortcut[] {
  const features = (manifest as { features?: { shortcuts?: unknown } } | null)?.features;
  const shortcuts = Array.isArray(features?.shortcuts)
    ? (features.shortcuts as Record<string, unknown>[])
    : [];
  return shortcuts.flatMap((s) =>
    s?.type === "message" && typeof s.callback_id === "string" && typeof s.name === "string"
      ? [{ callbackId: s.callback_id, name: s.name }]
      : [],
  );
}

export function readMessageShortcuts(
  file: URL = new URL("../../../manifest.yml", import.meta.url),
): MessageShortcut[] {
  return messageShortcutsOf(parse(readFileSync(file, "utf8")));
}
