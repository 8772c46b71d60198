/**
 * Clicks, choices and modal submissions on Block Kit controls, turned into what Slack sends the app:
 * block_actions with the right container (message, ephemeral or view) and the element's own fields,
 * block_suggestion for external selects, view_submission with state values, view_closed.
 */
import type { ActionContainerInput, PageMessage, PageView } from "../api-types";
import { chipHtml } from "../render/block-kit";
import {
  type BlockGroup,
  findElement,
  isObject,
  type Json,
  messageBlockGroups,
  optionsOf,
  str,
} from "../render/block-lookup";
import { escapeHtml } from "../render/escape-html";
import { mrkdwnToHtml } from "../render/mrkdwn";
import { buildViewState, type RawInput } from "../render/view-state";
import { api } from "./api";
import type { PageHost } from "./app-state";

interface Located {
  container: ActionContainerInput;
  groups: BlockGroup[];
  /** The element holding the surface's controls (the modal, the Home tab, the message). */
  host: HTMLElement;
  view?: PageView;
}

let page: PageHost;

function findView(viewId: string): PageView | undefined {
  const views = page.app().views;
  if (!views) return undefined;
  if (views.home?.id === viewId) return views.home;
  return views.modals.find((v) => v.id === viewId);
}

function findMessage(ts: string, ephemeral: boolean): PageMessage | undefined {
  const app = page.app();
  const thread = app.threadState;
  const all = [...app.messages, ...(thread?.parent ? [thread.parent] : []), ...(thread?.replies ?? [])];
  return all.find((m) => m.ts === ts && m.ephemeral === ephemeral);
}

function locate(el: HTMLElement): Located | undefined {
  const host = el.closest<HTMLElement>("[data-container]");
  if (!host) return undefined;
  if (host.dataset.container === "view") {
    const view = findView(host.dataset.viewId ?? "");
    if (!view) return undefined;
    return {
      container: { type: "view", viewId: view.id },
      groups: [{ blocks: view.blocks, prefix: "" }],
      host,
      view,
    };
  }
  const ephemeral = host.dataset.container === "ephemeral";
  const message = findMessage(host.dataset.ts ?? "", ephemeral);
  if (!message) return undefined;
  const channel = host.dataset.channel ?? "";
  return {
    container: { type: ephemeral ? "ephemeral" : "message", channel, ts: message.ts },
    groups: messageBlockGroups(message),
    host,
  };
}

function controlFor(host: HTMLElement, blockId: string, actionId: string): HTMLElement | undefined {
  return Array.from(host.querySelectorAll<HTMLElement>("[data-bk-element]")).find(
    (el) => el.dataset.blockId === blockId && el.dataset.actionId === actionId,
  );
}

/** What the user entered in one control, for view state. */
function readControl(control: HTMLElement | undefined): RawInput | undefined {
  if (!control) return undefined;
  if (control.classList.contains("bk-choices")) {
    const checked = Array.from(control.querySelectorAll<HTMLInputElement>("input:checked")).map((i) =>
      Number(i.value),
    );
    return control.dataset.bkElement === "checkboxes"
      ? { kind: "indexes", indexes: checked }
      : { kind: "index", index: checked[0] ?? null };
  }
  if (control.dataset.multi === "true") return { kind: "options", options: picked(control) };
  if (control.classList.contains("bk-external")) {
    const selected = control.dataset.selected;
    return { kind: "option", option: selected ? (JSON.parse(selected) as Json) : null };
  }
  if (control instanceof HTMLSelectElement && control.multiple) {
    return { kind: "options", options: Array.from(control.selectedOptions, (o) => ({ value: o.value })) };
  }
  if (control instanceof HTMLSelectElement && control.dataset.bkElement === "static_select") {
    return { kind: "index", index: control.value === "" ? null : Number(control.value) };
  }
  if (
    control instanceof HTMLInputElement ||
    control instanceof HTMLTextAreaElement ||
    control instanceof HTMLSelectElement
  ) {
    return { kind: "text", text: control.value };
  }
  return undefined;
}

function viewState(located: Located) {
  if (!located.view) return undefined;
  return buildViewState(located.view.blocks, (blockId, actionId) =>
    readControl(controlFor(located.host, blockId, actionId)),
  );
}

async function sendAction(root: HTMLElement, fields: Json): Promise<void> {
  const located = locate(root);
  const blockId = root.dataset.blockId ?? "";
  const actionId = root.dataset.actionId ?? "";
  if (!located) return;
  const found = findElement(located.groups, blockId, actionId);
  const type = str(found?.element.type) ?? root.dataset.bkElement ?? "button";
  const state = viewState(located);
  const answer = await api.action({
    user: page.app().user,
    container: located.container,
    action: { type, action_id: actionId, block_id: blockId, ...fields },
    ...(state ? { stateValues: state } : {}),
  });
  if (!answer.ok) page.showNotice(answer.error ?? "The app did not accept that.", true);
}

function elementOf(root: HTMLElement): Json | undefined {
  const located = locate(root);
  if (!located) return undefined;
  return findElement(located.groups, root.dataset.blockId ?? "", root.dataset.actionId ?? "")?.element;
}

/** A control in an input block acts at once only when the block has dispatch_action (Slack's rule). */
function actsAtOnce(root: HTMLElement): boolean {
  const input = root.closest<HTMLElement>(".bk-input");
  return !input || input.dataset.dispatchAction === "true";
}

// --- confirm dialogs ----------------------------------------------------------------------------------

function confirmText(value: unknown, fallback: string): string {
  return isObject(value) ? (str(value.text) ?? fallback) : fallback;
}

function askConfirm(confirm: Json): Promise<boolean> {
  const dialog = document.getElementById("confirm-dialog") as HTMLDialogElement;
  const ctx = page.renderContext();
  (document.getElementById("confirm-title") as HTMLElement).textContent = confirmText(
    confirm.title,
    "Are you sure?",
  );
  const text = confirm.text;
  (document.getElementById("confirm-text") as HTMLElement).innerHTML =
    isObject(text) && text.type === "mrkdwn"
      ? mrkdwnToHtml(str(text.text) ?? "", ctx)
      : escapeHtml(confirmText(text, ""));
  const yes = document.getElementById("confirm-yes") as HTMLButtonElement;
  const no = document.getElementById("confirm-no") as HTMLButtonElement;
  yes.textContent = confirmText(confirm.confirm, "Yes");
  no.textContent = confirmText(confirm.deny, "Cancel");
  yes.className = `btn ${confirm.style === "danger" ? "btn--danger" : "btn--primary"}`;
  return new Promise((resolve) => {
    const finish = (answer: boolean) => {
      yes.onclick = null;
      no.onclick = null;
      dialog.onclose = null;
      if (dialog.open) dialog.close();
      resolve(answer);
    };
    yes.onclick = () => finish(true);
    no.onclick = () => finish(false);
    dialog.onclose = () => finish(false);
    dialog.showModal();
    no.focus();
  });
}

// --- external selects --------------------------------------------------------------------------------

const suggestions = new WeakMap<HTMLElement, Json[]>();
const timers = new WeakMap<HTMLElement, ReturnType<typeof setTimeout>>();

function optionText(option: Json): string {
  return isObject(option.text) ? (str(option.text.text) ?? "") : "";
}

async function suggest(root: HTMLElement, value: string): Promise<void> {
  const located = locate(root);
  if (!located) return;
  const c = located.container;
  const answer = await api.suggest({
    user: page.app().user,
    actionId: root.dataset.actionId ?? "",
    blockId: root.dataset.blockId ?? "",
    value,
    ...(c.type === "view" ? { viewId: c.viewId } : { channel: c.channel, ts: c.ts }),
  });
  const groups = Array.isArray(answer.optionGroups) ? answer.optionGroups : [];
  const options = optionsOf({
    options: Array.isArray(answer.options) ? answer.options : [],
    option_groups: groups,
  });
  suggestions.set(root, options);
  const list = root.querySelector<HTMLElement>("[role='listbox']");
  const input = root.querySelector<HTMLInputElement>("input");
  if (!list || !input) return;
  list.innerHTML =
    options.length === 0
      ? `<li class="bk-external-empty" role="option" aria-disabled="true">No matches</li>`
      : options
          .map(
            (o, i) =>
              `<li role="option" tabindex="-1" class="bk-external-option" data-index="${i}" data-testid="external-option">${escapeHtml(optionText(o))}</li>`,
          )
          .join("");
  list.hidden = false;
  input.setAttribute("aria-expanded", "true");
  // Near the bottom of a modal the list would open below the scrolled body, out of sight.
  list.scrollIntoView({ block: "nearest" });
}

function hideSuggestions(root: HTMLElement): void {
  const list = root.querySelector<HTMLElement>("[role='listbox']");
  if (list) list.hidden = true;
  root.querySelector("input")?.setAttribute("aria-expanded", "false");
}

/** The options picked in a multi external select. */
function picked(root: HTMLElement): Json[] {
  const parsed: unknown = JSON.parse(root.dataset.selected ?? "[]");
  return Array.isArray(parsed) ? parsed.filter(isObject) : [];
}

/** Sets a multi external select's picks and redraws its chips. */
function setPicked(root: HTMLElement, options: Json[]): void {
  root.dataset.selected = JSON.stringify(options);
  const chips = root.querySelector<HTMLElement>(".bk-chips");
  if (chips) chips.innerHTML = options.map((o, i) => chipHtml(o, i)).join("");
}

function choose(root: HTMLElement, option: Json): void {
  if (root.dataset.multi === "true") {
    // Each option once (Slack's multi selects hold a value once); the search box empties for the next.
    const others = picked(root).filter((o) => o.value !== option.value);
    setPicked(root, [...others, option]);
    const input = root.querySelector<HTMLInputElement>("input");
    if (input) {
      input.value = "";
      input.focus();
    }
    hideSuggestions(root);
    return;
  }
  root.dataset.selected = JSON.stringify(option);
  const input = root.querySelector<HTMLInputElement>("input");
  if (input) {
    input.value = optionText(option);
    input.focus();
  }
  hideSuggestions(root);
  if (actsAtOnce(root)) void sendAction(root, { selected_option: option });
}

function wireExternalSelects(): void {
  document.addEventListener("focusin", (event) => {
    const input = event.target as HTMLElement;
    const root = input.closest<HTMLElement>(".bk-external");
    if (!root || !(input instanceof HTMLInputElement)) return;
    // choose() puts focus back on the input, which shows the chosen label: searching for that label would
    // reopen the list with "No matches". A chosen value reopens the list once the user types.
    if (root.dataset.selected && root.dataset.multi !== "true") return;
    if (Number(root.dataset.minQuery ?? "3") <= input.value.length) void suggest(root, input.value);
  });
  document.addEventListener("input", (event) => {
    const input = event.target as HTMLElement;
    const root = input.closest<HTMLElement>(".bk-external");
    if (!root || !(input instanceof HTMLInputElement)) return;
    if (root.dataset.multi !== "true") delete root.dataset.selected;
    clearTimeout(timers.get(root));
    timers.set(
      root,
      setTimeout(() => {
        if (input.value.length >= Number(root.dataset.minQuery ?? "3")) void suggest(root, input.value);
        else hideSuggestions(root);
      }, 200),
    );
  });
  document.addEventListener("keydown", (event) => {
    const target = event.target as HTMLElement;
    const root = target.closest<HTMLElement>(".bk-external");
    if (!root) return;
    const items = Array.from(root.querySelectorAll<HTMLElement>(".bk-external-option"));
    const index = items.indexOf(target);
    if (event.key === "ArrowDown") {
      event.preventDefault();
      items[Math.min(items.length - 1, index + 1)]?.focus();
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      if (index <= 0) root.querySelector<HTMLInputElement>("input")?.focus();
      else items[index - 1]?.focus();
    } else if (event.key === "Enter" && index >= 0) {
      event.preventDefault();
      const option = suggestions.get(root)?.[index];
      if (option) choose(root, option);
    } else if (event.key === "Escape" && !root.querySelector<HTMLElement>("[role='listbox']")?.hidden) {
      event.preventDefault();
      event.stopPropagation();
      hideSuggestions(root);
      root.querySelector<HTMLInputElement>("input")?.focus();
    }
  });
}

// --- clicks, changes, submissions -----------------------------------------------------------------------

async function onButton(root: HTMLElement): Promise<void> {
  const element = elementOf(root);
  if (!element) return;
  if (isObject(element.confirm) && !(await askConfirm(element.confirm))) return;
  const url = str(element.url);
  if (url && /^https?:\/\//i.test(url)) window.open(url, "_blank", "noopener,noreferrer");
  await sendAction(root, {
    ...(element.text !== undefined ? { text: element.text } : {}),
    ...(typeof element.value === "string" ? { value: element.value } : {}),
    ...(typeof element.style === "string" ? { style: element.style } : {}),
  });
}

async function onOverflowOption(item: HTMLElement): Promise<void> {
  const root = item.closest<HTMLElement>(".bk-overflow");
  if (!root) return;
  root.removeAttribute("open");
  const element = elementOf(root);
  const option = element ? optionsOf(element)[Number(item.dataset.bkOption)] : undefined;
  if (!element || !option) return;
  if (isObject(element.confirm) && !(await askConfirm(element.confirm))) return;
  await sendAction(root, { selected_option: option });
}

function onChoice(root: HTMLElement): void {
  if (!actsAtOnce(root)) return;
  const element = elementOf(root);
  if (!element) return;
  const raw = readControl(root);
  const options = optionsOf(element);
  if (raw?.kind === "index") {
    const option = raw.index === null ? null : (options[raw.index] ?? null);
    void sendAction(root, { selected_option: option });
  } else if (raw?.kind === "indexes") {
    void sendAction(root, { selected_options: raw.indexes.map((i) => options[i]).filter(Boolean) });
  } else if (raw?.kind === "text") {
    const field =
      root.dataset.bkElement === "users_select"
        ? "selected_user"
        : root.dataset.bkElement === "datepicker"
          ? "selected_date"
          : root.dataset.bkElement === "timepicker"
            ? "selected_time"
            : "selected_conversation";
    void sendAction(root, { [field]: raw.text });
  }
}

async function submitModal(form: HTMLFormElement): Promise<void> {
  const located = locate(form);
  if (!located?.view) return;
  const submit = form.querySelector<HTMLButtonElement>("[data-testid='modal-submit']");
  if (submit) {
    submit.disabled = true;
    submit.setAttribute("aria-busy", "true");
  }
  try {
    const answer = await api.submit(page.app().user, located.view.id, viewState(located) ?? {});
    if (!answer.ok) page.showNotice(answer.error ?? "The app did not accept the form.", true);
  } finally {
    if (submit?.isConnected) {
      submit.disabled = false;
      submit.removeAttribute("aria-busy");
    }
  }
}

function closeModal(all: boolean): void {
  const modal = document.querySelector<HTMLElement>("#modal-root [data-view-id]");
  if (!modal) return;
  void api.close(page.app().user, modal.dataset.viewId ?? "", all);
}

export function wireInteractions(host: PageHost): void {
  page = host;
  document.addEventListener("click", (event) => {
    const target = event.target as HTMLElement;
    const threadLink = target.closest<HTMLElement>("[data-thread-ts]");
    if (threadLink) {
      const message = threadLink.closest<HTMLElement>("[data-channel]");
      void page.openThread(message?.dataset.channel ?? "", threadLink.dataset.threadTs ?? "");
      return;
    }
    const option = target.closest<HTMLElement>(".bk-overflow-option");
    if (option) return void onOverflowOption(option);
    const chipRemove = target.closest<HTMLElement>(".bk-chip-remove");
    if (chipRemove) {
      const root = chipRemove.closest<HTMLElement>(".bk-external");
      const index = Number(chipRemove.dataset.chipIndex);
      if (root)
        setPicked(
          root,
          picked(root).filter((_, i) => i !== index),
        );
      return;
    }
    const suggestion = target.closest<HTMLElement>(".bk-external-option");
    if (suggestion) {
      const root = suggestion.closest<HTMLElement>(".bk-external");
      const chosen = root ? suggestions.get(root)?.[Number(suggestion.dataset.index)] : undefined;
      if (root && chosen) choose(root, chosen);
      return;
    }
    const button = target.closest<HTMLElement>("[data-bk-element='button']");
    if (button) return void onButton(button);
    const close = target.closest<HTMLElement>("#modal-root [data-close]");
    if (close) return closeModal(close.dataset.close === "all");
    // A click elsewhere closes open menus and suggestion lists.
    for (const menu of Array.from(document.querySelectorAll<HTMLElement>(".bk-overflow[open]"))) {
      if (!menu.contains(target)) menu.removeAttribute("open");
    }
    for (const root of Array.from(document.querySelectorAll<HTMLElement>(".bk-external"))) {
      if (!root.contains(target)) hideSuggestions(root);
    }
  });
  document.addEventListener("change", (event) => {
    const target = event.target as HTMLElement;
    const root = target.closest<HTMLElement>("[data-bk-element]");
    if (!root || root.classList.contains("bk-external")) return;
    if (root.dataset.bkElement === "plain_text_input" || root.dataset.bkElement === "number_input") return;
    onChoice(root);
  });
  document.addEventListener("submit", (event) => {
    const form = event.target as HTMLElement;
    if (!(form instanceof HTMLFormElement) || !form.classList.contains("modal-form")) return;
    event.preventDefault();
    void submitModal(form);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const menu = document.querySelector<HTMLElement>(".bk-overflow[open]");
    if (menu) {
      menu.removeAttribute("open");
      menu.querySelector<HTMLElement>("summary")?.focus();
      return;
    }
    if ((document.getElementById("confirm-dialog") as HTMLDialogElement | null)?.open) return;
    if (document.querySelector("#modal-root [data-view-id]")) closeModal(true);
  });
  // An overflow menu opened on the last message would hang below the scrolled list, under the composer.
  document.addEventListener(
    "toggle",
    (event) => {
      const menu = event.target as HTMLElement;
      if (!(menu instanceof HTMLDetailsElement) || !menu.open || !menu.classList.contains("bk-overflow"))
        return;
      menu.querySelector<HTMLElement>(".bk-overflow-menu")?.scrollIntoView({ block: "nearest" });
    },
    true,
  );
  wireExternalSelects();
}
