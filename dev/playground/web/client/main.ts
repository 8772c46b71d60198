/**
 * The playground page: a Slack-like client over the fake Slack. State comes from the playground server's
 * JSON endpoints and is re-fetched when the event stream reports a change; every interaction goes to the
 * bot through the server, which sends it signed, as Slack does. Rendering is done by the pure renderers in
 * ../render (HTML strings); this file owns the DOM.
 */
import type { ChangeEvent, PageMessage, PageView } from "../api-types";
import { chipHtml, renderBlocks, renderMessageContent } from "../render/block-kit";
import type { Json } from "../render/block-lookup";
import { escapeHtml } from "../render/escape-html";
import type { RenderContext } from "../render/render-context";
import { api } from "./api";
import type { AppState, Place } from "./app-state";
import { wireInteractions } from "./interactions";
import { shortcutButtonsHtml, wireMessageShortcuts } from "./message-shortcuts";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

let app: AppState;

function renderContext(): RenderContext {
  const users: Record<string, string> = { [app.boot.botUserId]: app.boot.botName };
  for (const u of app.boot.users) users[u.id] = u.realName;
  const channels: Record<string, string> = {};
  for (const c of app.boot.channels) channels[c.id] = c.name;
  return { users, channels, usergroups: app.boot.usergroups, now: Date.now() };
}

function showNotice(text: string, isError = false): void {
  const notice = $("composer-notice");
  notice.textContent = text;
  notice.dataset.error = String(isError);
}

// --- messages ---------------------------------------------------------------------------------------

function author(message: PageMessage): { name: string; app: boolean } {
  if (message.bot_id || message.user === app.boot.botUserId) return { name: app.boot.botName, app: true };
  const user = app.boot.users.find((u) => u.id === message.user);
  return { name: user?.realName ?? message.user ?? "someone", app: false };
}

function clock(ts: string): string {
  const date = new Date(Number(ts) * 1000);
  return date.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });
}

function messageHtml(message: PageMessage, channel: string, inThread: boolean): string {
  const who = author(message);
  const ctx = renderContext();
  const container = message.ephemeral ? "ephemeral" : "message";
  const edited = message.edited ? ` <span class="edited" data-testid="edited">(edited)</span>` : "";
  const ephemeral = message.ephemeral
    ? `<div class="ephemeral-note" data-testid="ephemeral-note">👁 Only visible to you</div>`
    : "";
  const replies =
    !inThread && !message.ephemeral && message.reply_count
      ? `<button type="button" class="thread-link" data-testid="thread-link" data-thread-ts="${escapeHtml(message.ts)}">${message.reply_count} ${message.reply_count === 1 ? "reply" : "replies"}</button>`
      : "";
  return `<article class="message${message.ephemeral ? " message--ephemeral" : ""}" data-testid="message" data-container="${container}" data-channel="${escapeHtml(channel)}" data-ts="${escapeHtml(message.ts)}" data-ephemeral="${message.ephemeral}">
<div class="message-meta"><span class="author" data-testid="message-author">${escapeHtml(who.name)}</span>${who.app ? `<span class="app-badge">APP</span>` : ""}<time class="message-time" datetime="${new Date(Number(message.ts) * 1000).toISOString()}">${clock(message.ts)}</time>${edited}</div>
<div class="message-body" data-testid="message-body">${renderMessageContent(message, ctx)}</div>${ephemeral}${replies}${inThread && !message.ephemeral ? shortcutButtonsHtml(app.boot.messageShortcuts, channel, message.ts) : ""}</article>`;
}

function renderConversation(): void {
  const list = $("messages");
  if (app.place.kind !== "channel") return;
  const channel = app.place.id;
  const nearBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 80;
  list.innerHTML =
    app.messages.length === 0
      ? `<p class="empty" data-testid="empty-conversation">No messages yet. Type <code>/uptime help</code> below.</p>`
      : app.messages.map((m) => messageHtml(m, channel, false)).join("");
  if (nearBottom) list.scrollTop = list.scrollHeight;
}

function renderThread(): void {
  const pane = $("thread-pane");
  const state = app.threadState;
  if (!app.thread || !state) {
    pane.hidden = true;
    return;
  }
  pane.hidden = false;
  const sendable = canSendIn(state.channel);
  $("thread-composer").hidden = !sendable;
  $("thread-composer-off").hidden = sendable;
  const parent = state.parent ? messageHtml(state.parent, state.channel, true) : "";
  $("thread-messages").innerHTML =
    parent +
    `<div class="thread-divider">${state.replies.length} ${state.replies.length === 1 ? "reply" : "replies"}</div>` +
    state.replies.map((m) => messageHtml(m, state.channel, true)).join("");
}

// --- views ---------------------------------------------------------------------------------------------

/** What the user typed in the controls of the modal on screen, by block/action (restored after a redraw). */
function captureInputs(
  root: HTMLElement,
): Map<string, { value?: string; checked?: string[]; selected?: string }> {
  const saved = new Map<string, { value?: string; checked?: string[]; selected?: string }>();
  for (const el of Array.from(root.querySelectorAll<HTMLElement>("[data-bk-element]"))) {
    const key = `${el.dataset.blockId}|${el.dataset.actionId}`;
    if (
      el instanceof HTMLInputElement ||
      el instanceof HTMLTextAreaElement ||
      el instanceof HTMLSelectElement
    ) {
      saved.set(key, { value: el.value });
    } else if (el.classList.contains("bk-choices")) {
      const checked = Array.from(el.querySelectorAll<HTMLInputElement>("input:checked")).map((i) => i.value);
      saved.set(key, { checked });
    } else if (el.classList.contains("bk-external")) {
      const input = el.querySelector<HTMLInputElement>("input");
      saved.set(key, {
        value: input?.value ?? "",
        ...(el.dataset.selected ? { selected: el.dataset.selected } : {}),
      });
    }
  }
  return saved;
}

function restoreInputs(
  root: HTMLElement,
  saved: Map<string, { value?: string; checked?: string[]; selected?: string }>,
): void {
  for (const el of Array.from(root.querySelectorAll<HTMLElement>("[data-bk-element]"))) {
    const entry = saved.get(`${el.dataset.blockId}|${el.dataset.actionId}`);
    if (!entry) continue;
    if (
      el instanceof HTMLInputElement ||
      el instanceof HTMLTextAreaElement ||
      el instanceof HTMLSelectElement
    ) {
      if (entry.value !== undefined) el.value = entry.value;
    } else if (el.classList.contains("bk-choices") && entry.checked) {
      for (const input of Array.from(el.querySelectorAll<HTMLInputElement>("input"))) {
        input.checked = entry.checked.includes(input.value);
      }
    } else if (el.classList.contains("bk-external")) {
      const input = el.querySelector<HTMLInputElement>("input");
      if (input && entry.value !== undefined) input.value = entry.value;
      if (entry.selected) el.dataset.selected = entry.selected;
      const chips = el.querySelector<HTMLElement>(".bk-chips");
      if (chips && entry.selected) {
        const options = JSON.parse(entry.selected) as Json[];
        chips.innerHTML = options.map((o, i) => chipHtml(o, i)).join("");
      }
    }
  }
}

let shownModalKey = "";

function renderModal(): void {
  const root = $("modal-root");
  const stack = app.views?.modals ?? [];
  const view = stack[stack.length - 1];
  if (!view) {
    if (shownModalKey !== "") {
      root.innerHTML = "";
      root.hidden = true;
      shownModalKey = "";
      $("composer-input").focus();
    }
    return;
  }
  const key = JSON.stringify({ view, depth: stack.length });
  if (key === shownModalKey) return;
  const previous = root.querySelector<HTMLElement>("[data-view-id]");
  const sameView = previous?.dataset.viewId === view.id;
  const saved = sameView && previous ? captureInputs(previous) : undefined;
  const focused = document.activeElement as HTMLElement | null;
  const focusKey =
    sameView && focused?.closest("[data-bk-element]")
      ? `${(focused.closest("[data-bk-element]") as HTMLElement).dataset.blockId}|${(focused.closest("[data-bk-element]") as HTMLElement).dataset.actionId}`
      : undefined;
  shownModalKey = key;
  root.hidden = false;
  root.innerHTML = modalHtml(view, stack.length);
  const dialog = root.querySelector<HTMLElement>("[data-view-id]")!;
  if (saved) restoreInputs(dialog, saved);
  if (focusKey) {
    const [blockId, actionId] = focusKey.split("|");
    const target = Array.from(dialog.querySelectorAll<HTMLElement>("[data-bk-element]")).find(
      (el) => el.dataset.blockId === blockId && el.dataset.actionId === actionId,
    );
    (target?.querySelector<HTMLElement>("input, select, textarea") ?? target)?.focus();
  } else if (!sameView) {
    const first =
      dialog.querySelector<HTMLElement>("[aria-invalid='true']") ??
      dialog.querySelector<HTMLElement>(
        ".modal-body input, .modal-body select, .modal-body textarea, .modal-body button",
      );
    (first ?? dialog.querySelector<HTMLElement>("[data-testid='modal-close']"))?.focus();
  } else {
    dialog.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }
}

function modalHtml(view: PageView, depth: number): string {
  const ctx = renderContext();
  const submit = view.submit
    ? `<button type="submit" class="btn btn--primary" data-testid="modal-submit">${escapeHtml(view.submit)}</button>`
    : "";
  const close = `<button type="button" class="btn" data-testid="modal-close" data-close="${depth > 1 ? "back" : "all"}">${escapeHtml(view.close ?? (depth > 1 ? "Back" : "Close"))}</button>`;
  return `<div class="modal-backdrop"></div>
<div class="modal" role="dialog" aria-modal="true" aria-labelledby="modal-title" data-testid="modal" data-container="view" data-view-id="${escapeHtml(view.id)}" data-callback-id="${escapeHtml(view.callback_id)}" data-depth="${depth}">
<form class="modal-form" data-testid="modal-form" novalidate>
<header class="modal-header"><h2 id="modal-title" data-testid="modal-title">${escapeHtml(view.title ?? "")}</h2><button type="button" class="modal-x" data-testid="modal-x" data-close="all" aria-label="Close all">×</button></header>
<div class="modal-body">${renderBlocks(view.blocks, ctx, { surface: "modal", errors: view.errors })}</div>
<footer class="modal-footer">${close}${submit}</footer>
</form></div>`;
}

function renderHome(): void {
  if (app.place.kind !== "home") return;
  const home = $("home");
  const view = app.views?.home;
  const key = JSON.stringify(view ?? null);
  if (home.dataset.key === key) return;
  home.dataset.key = key;
  home.innerHTML = view
    ? `<div class="home-view" data-container="view" data-view-id="${escapeHtml(view.id)}" data-testid="home-content">${renderBlocks(view.blocks, renderContext(), { surface: "home" })}</div>`
    : `<p class="empty">Opening the Home tab…</p>`;
}

// --- sidebar -------------------------------------------------------------------------------------------

function placeTitle(): string {
  if (app.place.kind === "home") return `${app.boot.botName} · Home`;
  const id = app.place.id;
  const channel = app.boot.channels.find((c) => c.id === id);
  return channel ? `#${channel.name}` : `${app.boot.botName} (direct message)`;
}

function renderSidebar(): void {
  const dm = app.boot.dms[app.user];
  const items: { testid: string; label: string; place: Place; channel?: string }[] = [
    ...app.boot.channels.map((c) => ({
      testid: `channel-${c.name}`,
      label: `# ${c.name}${c.archived ? " (archived)" : ""}`,
      place: { kind: "channel" as const, id: c.id },
      channel: c.id,
    })),
    ...(dm
      ? [
          {
            testid: "channel-dm",
            label: `💬 ${app.boot.botName}`,
            place: { kind: "channel" as const, id: dm },
            channel: dm,
          },
        ]
      : []),
    { testid: "channel-home", label: `🏠 ${app.boot.botName} Home`, place: { kind: "home" } },
  ];
  const canvases = app.boot.canvases.map(
    (c) =>
      `<li><a class="channel-item" data-testid="canvas-link" href="/canvas?id=${encodeURIComponent(c.id)}" target="_blank" rel="noopener">📄 ${escapeHtml(c.title)}</a></li>`,
  );
  $("channel-list").innerHTML = items
    .map((item) => {
      const current =
        (item.place.kind === "home" && app.place.kind === "home") ||
        (item.place.kind === "channel" && app.place.kind === "channel" && item.place.id === app.place.id);
      const unread = item.channel && app.unread.has(item.channel) && !current;
      return `<li><button type="button" class="channel-item" data-testid="${item.testid}" data-place="${item.place.kind === "home" ? "home" : escapeHtml(item.place.id)}"${current ? ` aria-current="page"` : ""}${unread ? ` data-unread="true"` : ""}>${escapeHtml(item.label)}${unread ? `<span class="unread-dot" aria-label="new messages"></span>` : ""}</button></li>`;
    })
    .concat(canvases)
    .join("");
  const role = app.boot.users.find((u) => u.id === app.user)?.role ?? "";
  $("user-role").textContent = role;
}

function renderMonitors(): void {
  const picker = $<HTMLSelectElement>("monitor-picker");
  const chosen = picker.value;
  picker.innerHTML = app.monitors
    .map(
      (m) =>
        `<option value="${m.id}">${escapeHtml(m.name)} (${escapeHtml(m.paused ? "paused" : m.state)})</option>`,
    )
    .join("");
  if (chosen && app.monitors.some((m) => String(m.id) === chosen)) picker.value = chosen;
  else {
    const payments = app.monitors.find((m) => m.name === "Payments API");
    if (payments) picker.value = String(payments.id);
  }
}

/**
 * Whether a conversation takes messages from the person: not the app's DM when manifest.yml makes its
 * Messages tab read-only (or off), where Slack shows "Sending messages to this app has been turned off."
 * instead of a composer (https://docs.slack.dev/surfaces/app-home#messages-tab).
 */
function canSendIn(channel: string): boolean {
  return app.boot.appDmComposer || !Object.values(app.boot.dms).includes(channel);
}

function renderPlace(): void {
  $("conversation-title").textContent = placeTitle();
  const inHome = app.place.kind === "home";
  const sendable = app.place.kind === "channel" && canSendIn(app.place.id);
  $("messages").hidden = inHome;
  $("composer").hidden = !sendable;
  $("composer-off").hidden = inHome || sendable;
  $("home").hidden = !inHome;
  renderSidebar();
  if (inHome) renderHome();
  else renderConversation();
}

// --- loading -------------------------------------------------------------------------------------------

async function refreshConversation(): Promise<void> {
  if (app.place.kind !== "channel") return;
  const channel = app.place.id;
  const state = await api.conversation(channel, app.user);
  if (app.place.kind !== "channel" || app.place.id !== channel) return;
  app.messages = state.messages;
  renderConversation();
}

async function refreshThread(): Promise<void> {
  const thread = app.thread;
  if (!thread) return renderThread();
  app.threadState = await api.thread(thread.channel, thread.ts, app.user);
  renderThread();
}

async function refreshViews(): Promise<void> {
  const user = app.user;
  const views = await api.views(user);
  if (user !== app.user) return;
  app.views = views;
  renderModal();
  renderHome();
}

async function refreshMonitors(): Promise<void> {
  app.monitors = (await api.monitors()).monitors;
  renderMonitors();
}

async function goTo(place: Place): Promise<void> {
  app.place = place;
  if (place.kind === "channel") app.unread.delete(place.id);
  app.thread = null;
  app.threadState = null;
  renderThread();
  renderPlace();
  if (place.kind === "home") {
    $("home").dataset.key = "";
    renderHome();
    await api.homeOpened(app.user);
    await refreshViews();
  } else {
    app.messages = [];
    await refreshConversation();
  }
}

async function openThread(channel: string, ts: string): Promise<void> {
  app.thread = { channel, ts };
  await refreshThread();
  $("thread-composer-input").focus();
}

// --- live updates -------------------------------------------------------------------------------------

/** The channels of the first bootstrap that were not made since (the demo's own); filled at start. */
const configuredChannels = new Set<string>();
const pending = { conversation: false, thread: false, views: false, monitors: false, channels: false };
let flushTimer: ReturnType<typeof setTimeout> | undefined;

function schedule(change: ChangeEvent): void {
  if (change.kind === "monitors") pending.monitors = true;
  else if (change.kind === "view" || change.kind === "home") {
    if (change.user === app.user) pending.views = true;
  } else {
    if (change.kind === "ephemeral" && change.user !== app.user) return;
    // The answer to /uptime postmortem is the user's alone: the sidebar lists the canvas it wrote.
    if (change.kind === "ephemeral") pending.channels = true;
    const current = app.place.kind === "channel" ? app.place.id : undefined;
    if (change.channel === current) pending.conversation = true;
    else if (change.kind === "conversation") {
      app.unread.add(change.channel);
      renderSidebar();
    }
    // A channel made or archived since the page loaded (an incident channel): the sidebar lists it again.
    // The demo's own channels never change, so their messages never ask for the list.
    if (
      change.kind === "conversation" &&
      !configuredChannels.has(change.channel) &&
      !Object.values(app.boot.dms).includes(change.channel)
    )
      pending.channels = true;
    if (app.thread?.channel === change.channel) pending.thread = true;
    // An alert changes monitor states too.
    pending.monitors = true;
  }
  if (flushTimer === undefined) flushTimer = setTimeout(flush, 40);
}

async function refreshChannels(): Promise<void> {
  const { channels, canvases } = await api.bootstrap();
  app.boot = { ...app.boot, channels, canvases };
  renderSidebar();
}

function flush(): void {
  flushTimer = undefined;
  const jobs: Promise<void>[] = [];
  if (pending.conversation) jobs.push(refreshConversation());
  if (pending.thread) jobs.push(refreshThread());
  if (pending.views) jobs.push(refreshViews());
  if (pending.monitors) jobs.push(refreshMonitors());
  if (pending.channels) jobs.push(refreshChannels());
  pending.conversation = pending.thread = pending.views = pending.monitors = pending.channels = false;
  Promise.all(jobs).catch((error: unknown) =>
    showNotice(`Could not refresh: ${(error as Error).message}`, true),
  );
}

function connectEvents(): void {
  const status = $("live-status");
  const source = new EventSource("/api/events");
  source.addEventListener("open", () => {
    status.textContent = "live";
    status.dataset.state = "open";
    // Anything missed while disconnected.
    pending.conversation = pending.thread = pending.views = pending.monitors = true;
    if (flushTimer === undefined) flushTimer = setTimeout(flush, 0);
  });
  source.addEventListener("error", () => {
    status.textContent = "reconnecting…";
    status.dataset.state = "closed";
  });
  source.addEventListener("change", (event) => {
    schedule(JSON.parse((event as MessageEvent<string>).data) as ChangeEvent);
  });
}

// --- composer and controls ------------------------------------------------------------------------------

async function send(text: string, threadTs?: string): Promise<boolean> {
  if (app.place.kind !== "channel") return false;
  const channel = threadTs && app.thread ? app.thread.channel : app.place.id;
  const answer = text.startsWith("/")
    ? await api.command(app.user, channel, text)
    : await api.message(app.user, channel, text, threadTs);
  if (!answer.ok) {
    showNotice(answer.error ?? "That did not work.", true);
    return false;
  }
  showNotice("");
  return true;
}

function wireComposer(form: HTMLFormElement, input: HTMLTextAreaElement, threadTs: () => string | undefined) {
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    input.disabled = true;
    send(text, threadTs())
      .then((ok) => {
        if (ok) input.value = "";
      })
      .catch((error: unknown) => showNotice((error as Error).message, true))
      .finally(() => {
        input.disabled = false;
        input.focus();
      });
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      form.requestSubmit();
    }
  });
}

async function monitorControl(kind: "break" | "recover" | "slow"): Promise<void> {
  const picker = $<HTMLSelectElement>("monitor-picker");
  const id = Number(picker.value);
  const monitor = app.monitors.find((m) => m.id === id);
  if (!monitor) return;
  const answer =
    kind === "break"
      ? await api.breakMonitor(id)
      : kind === "slow"
        ? await api.slowMonitor(id)
        : await api.recoverMonitor(id);
  const status = $("control-status");
  status.textContent = answer.ok
    ? kind === "break"
      ? `${monitor.name} is failing now: the alert reaches #ops-alerts within a few seconds.`
      : kind === "slow"
        ? `${monitor.name} answers in 2.6 s now: after 3 slow checks #ops-alerts gets an amber slow alert.`
        : `${monitor.name} is passing again: watch the alert turn green.`
    : (answer.error ?? "That did not work.");
  await refreshMonitors();
}

/** Break 4 at once (a storm: one roll-up in #ops-alerts) and Recover all. */
async function teamControl(kind: "storm" | "recover-all"): Promise<void> {
  const answer = (kind === "storm" ? await api.storm() : await api.recoverAll()) as {
    ok: boolean;
    error?: string;
    broken?: string[];
    recovered?: string[];
  };
  const names = (answer.broken ?? answer.recovered ?? []).join(", ");
  $("control-status").textContent = !answer.ok
    ? (answer.error ?? "No monitor was up to break.")
    : kind === "storm"
      ? `${names} are failing now: #ops-alerts rolls them up into one message with Acknowledge all and Mute all.`
      : names
        ? `${names} are passing again.`
        : "Nothing was down.";
  await refreshMonitors();
}

function wireChrome(): void {
  const switcher = $<HTMLSelectElement>("user-switcher");
  switcher.innerHTML = app.boot.users
    .map((u) => `<option value="${escapeHtml(u.id)}">${escapeHtml(u.realName)}</option>`)
    .join("");
  switcher.value = app.user;
  switcher.addEventListener("change", () => {
    app.user = switcher.value;
    app.views = null;
    shownModalKey = "__switch";
    const place: Place =
      app.place.kind === "channel" && Object.values(app.boot.dms).includes(app.place.id)
        ? { kind: "channel", id: app.boot.dms[app.user] ?? app.boot.channels[0]!.id }
        : app.place;
    void goTo(place).then(refreshViews);
  });

  $("channel-list").addEventListener("click", (event) => {
    const item = (event.target as HTMLElement).closest<HTMLElement>("[data-place]");
    if (!item) return;
    const place =
      item.dataset.place === "home"
        ? ({ kind: "home" } as const)
        : { kind: "channel" as const, id: item.dataset.place! };
    void goTo(place);
  });

  wireComposer($<HTMLFormElement>("composer"), $<HTMLTextAreaElement>("composer-input"), () => undefined);
  wireComposer(
    $<HTMLFormElement>("thread-composer"),
    $<HTMLTextAreaElement>("thread-composer-input"),
    () => app.thread?.ts,
  );
  $("thread-close").addEventListener("click", () => {
    app.thread = null;
    app.threadState = null;
    renderThread();
    $("composer-input").focus();
  });
  $("break-monitor").addEventListener("click", () => void monitorControl("break"));
  $("recover-monitor").addEventListener("click", () => void monitorControl("recover"));
  $("slow-monitor").addEventListener("click", () => void monitorControl("slow"));
  $("storm").addEventListener("click", () => void teamControl("storm"));
  $("recover-all").addEventListener("click", () => void teamControl("recover-all"));
}

async function boot(): Promise<void> {
  const bootstrap = await api.bootstrap();
  for (const c of bootstrap.channels) configuredChannels.add(c.id);
  const firstChannel = bootstrap.channels[0];
  app = {
    boot: bootstrap,
    user: bootstrap.users[0]?.id ?? "",
    place: firstChannel ? { kind: "channel", id: firstChannel.id } : { kind: "home" },
    messages: [],
    thread: null,
    threadState: null,
    views: null,
    monitors: [],
    unread: new Set(),
  };
  wireChrome();
  wireInteractions({ app: () => app, renderContext, showNotice, openThread });
  wireMessageShortcuts($("thread-messages"), { app: () => app, showNotice });
  connectEvents();
  await Promise.all([goTo(app.place), refreshViews(), refreshMonitors()]);
  document.body.dataset.ready = "true";
}

boot().catch((error: unknown) => {
  showNotice(`The playground could not start: ${(error as Error).message}`, true);
});
