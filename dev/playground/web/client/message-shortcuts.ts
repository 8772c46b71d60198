/**
 * The app's message shortcuts on a message (Slack lists them in the message's "More actions" menu): one
 * small button each; a click sends message_action to the bot through the playground server.
 */
import type { Bootstrap } from "../api-types";
import { escapeHtml } from "../render/escape-html";
import { api } from "./api";
import type { AppState } from "./app-state";

export function shortcutButtonsHtml(
  shortcuts: Bootstrap["messageShortcuts"],
  channel: string,
  ts: string,
): string {
  if (shortcuts.length === 0) return "";
  const buttons = shortcuts
    .map(
      (s) =>
        `<button type="button" class="message-shortcut" data-testid="message-shortcut" data-callback-id="${escapeHtml(s.callbackId)}" data-channel="${escapeHtml(channel)}" data-ts="${escapeHtml(ts)}" title="Message shortcut">⚡ ${escapeHtml(s.name)}</button>`,
    )
    .join("");
  return `<div class="message-shortcuts">${buttons}</div>`;
}

export function wireMessageShortcuts(
  root: HTMLElement,
  host: { app(): AppState; showNotice(text: string, isError?: boolean): void },
): void {
  root.addEventListener("click", (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>(".message-shortcut");
    const { callbackId, channel, ts } = button?.dataset ?? {};
    if (!button || !callbackId || !channel || !ts) return;
    button.disabled = true;
    void api
      .shortcut(host.app().user, channel, ts, callbackId)
      .then((answer) => {
        if (!answer.ok) host.showNotice(answer.error ?? "The shortcut was refused.", true);
      })
      .finally(() => {
        button.disabled = false;
      });
  });
}
