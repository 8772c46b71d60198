/**
 * Block Kit -> HTML strings for the playground page: every block and element the bot uses, legacy
 * attachments with their colour bar, and a readable stand-in for anything else. Pure (no DOM), so that it
 * is unit-tested in node and bundled into the page unchanged.
 *
 * Interactive controls carry `data-bk-element`, `data-block-id` and `data-action-id`; the page finds the
 * element JSON again with block-lookup.ts and sends what Slack would send. Stable `data-testid`s:
 * `button-<action_id>`, `overflow-<action_id>`, `select-<action_id>`, `input-<block_id>` (the control of
 * an input block), `modal-error-<block_id>`, `attachment`, `unknown-block`, `unknown-element`.
 */
import { blockIdOf, isObject, type Json, optionsOf, str } from "./block-lookup";
import { escapeHtml } from "./escape-html";
import { mrkdwnToHtml, plainTextToHtml } from "./mrkdwn";
import type { RenderContext } from "./render-context";

export interface BlockRenderOptions {
  /** "message" blocks act at once; in "modal" and "home" views inputs wait for the submit. */
  surface: "message" | "modal" | "home";
  /** Inline errors of a modal (`response_action: "errors"`), by block_id. */
  errors?: Readonly<Record<string, string>>;
  /** Prefix of stand-in block ids (attachments: "a<i>-"). */
  idPrefix?: string;
}

interface Where {
  ctx: RenderContext;
  options: BlockRenderOptions;
  blockId: string;
  /** The element sits in an input block: it has a label (id) and maybe an error. */
  input?: { controlId: string; invalid: boolean; describedBy: string };
}

const attr = escapeHtml;

/** A text object (plain_text or mrkdwn) as HTML; anything else gives "". */
export function textObjectToHtml(value: unknown, ctx: RenderContext): string {
  if (typeof value === "string") return plainTextToHtml(value);
  if (!isObject(value)) return "";
  const text = str(value.text) ?? "";
  if (value.type === "mrkdwn") return mrkdwnToHtml(text, ctx);
  return plainTextToHtml(text, value.emoji !== false);
}

/** Every string under `text` keys, for the readable stand-in of blocks and elements the page does not know. */
function flatText(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) flatText(item, out);
  else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if ((key === "text" || key === "alt_text" || key === "title") && typeof value === "string") {
        out.push(value);
      } else flatText(value, out);
    }
  }
  return out;
}

function unknownElement(element: Json): string {
  const type = str(element.type) ?? "element";
  const text = flatText(element).join(" ");
  return `<span class="bk-unknown" data-testid="unknown-element">[${attr(type)}]${text ? ` ${escapeHtml(text)}` : ""}</span>`;
}

function safeId(text: string): string {
  return text.replace(/[^A-Za-z0-9_.-]/g, "_");
}

function dataAttrs(element: Json, where: Where, testid: string): string {
  const actionId = str(element.action_id) ?? "";
  return `data-bk-element="${attr(str(element.type) ?? "")}" data-block-id="${attr(where.blockId)}" data-action-id="${attr(actionId)}" data-testid="${attr(testid)}"`;
}

/** id, aria-invalid and aria-describedby of the control of an input block. */
function controlAttrs(where: Where): string {
  if (!where.input) return "";
  const { controlId, invalid, describedBy } = where.input;
  return ` id="${attr(controlId)}"${invalid ? ` aria-invalid="true"` : ""}${describedBy ? ` aria-describedby="${attr(describedBy)}"` : ""}`;
}

function inputTestid(element: Json, where: Where, fallback: string): string {
  return where.input ? `input-${where.blockId}` : `${fallback}-${str(element.action_id) ?? ""}`;
}

/** Placeholders are plain text; they go into attributes, so they are escaped where used. */
function placeholder(element: Json): string {
  return isObject(element.placeholder) ? (str(element.placeholder.text) ?? "") : "";
}

function button(element: Json, where: Where): string {
  const style =
    element.style === "primary" || element.style === "danger" ? ` bk-button--${element.style}` : "";
  const url = str(element.url);
  const extra = `${url ? ` data-url="${attr(url)}"` : ""}${isObject(element.confirm) ? ` data-confirm="true"` : ""}`;
  const label = textObjectToHtml(element.text, where.ctx);
  return `<button type="button" class="bk-button${style}" ${dataAttrs(element, where, `button-${str(element.action_id) ?? ""}`)}${extra}>${label}</button>`;
}

function overflow(element: Json, where: Where): string {
  const items = optionsOf(element)
    .map(
      (option, i) =>
        `<li role="none"><button type="button" role="menuitem" class="bk-overflow-option" data-bk-option="${i}" data-testid="overflow-option">${textObjectToHtml(option.text, where.ctx)}</button></li>`,
    )
    .join("");
  return `<details class="bk-overflow" ${dataAttrs(element, where, `overflow-${str(element.action_id) ?? ""}`)}><summary class="bk-overflow-toggle" aria-label="More actions">⋯</summary><ul class="bk-overflow-menu" role="menu">${items}</ul></details>`;
}

/** <option> holds text only: the label as plain text (mrkdwn options show their raw text). */
function optionLabel(option: Json): string {
  return escapeHtml(isObject(option.text) ? (str(option.text.text) ?? "") : "");
}

function sameOption(a: unknown, b: Json): boolean {
  return isObject(a) && a.value === b.value;
}

function staticSelect(element: Json, where: Where): string {
  const initial = element.initial_option;
  let index = 0;
  const optionHtml = (option: Json) => {
    const i = index++;
    const selected = sameOption(initial, option) ? " selected" : "";
    return `<option value="${i}"${selected}>${optionLabel(option)}</option>`;
  };
  let body = "";
  if (Array.isArray(element.option_groups)) {
    for (const group of element.option_groups) {
      if (!isObject(group)) continue;
      const options = Array.isArray(group.options) ? group.options.filter(isObject) : [];
      const label = isObject(group.label) ? (str(group.label.text) ?? "") : "";
      body += `<optgroup label="${attr(label)}">${options.map(optionHtml).join("")}</optgroup>`;
    }
  } else if (Array.isArray(element.options)) {
    body = element.options.filter(isObject).map(optionHtml).join("");
  }
  const hint = placeholder(element) || "Select an option";
  const none = `<option value=""${isObject(initial) ? "" : " selected"}>${escapeHtml(hint)}</option>`;
  const label = where.input ? "" : ` aria-label="${attr(hint)}"`;
  return `<select class="bk-select" ${dataAttrs(element, where, inputTestid(element, where, "select"))}${controlAttrs(where)}${label}>${none}${body}</select>`;
}

/**
 * multi_external_select: the same search as an external select, each pick added as a chip (× removes it);
 * `data-selected` holds the picked options as a JSON array.
 */
function multiExternalSelect(element: Json, where: Where): string {
  const initial = Array.isArray(element.initial_options) ? element.initial_options.filter(isObject) : [];
  const minQuery = typeof element.min_query_length === "number" ? element.min_query_length : 3;
  const actionId = str(element.action_id) ?? "";
  const listId = `${where.input?.controlId ?? safeId(`${where.blockId}-${actionId}`)}-options`;
  const label = where.input ? "" : ` aria-label="${attr(placeholder(element) || "Search")}"`;
  return `<div class="bk-external bk-external--multi" ${dataAttrs(element, where, `external-${actionId}`)} data-min-query="${minQuery}" data-multi="true" data-selected="${attr(JSON.stringify(initial))}"><ul class="bk-chips" data-testid="chips-${attr(actionId)}">${initial.map((o, i) => chipHtml(o, i)).join("")}</ul><input type="text" class="bk-external-input" role="combobox" aria-autocomplete="list" aria-expanded="false" aria-controls="${attr(listId)}" autocomplete="off" placeholder="${attr(placeholder(element))}" data-testid="${attr(inputTestid(element, where, "external-input"))}"${controlAttrs(where)}${label}><ul class="bk-external-options" role="listbox" id="${attr(listId)}" hidden></ul></div>`;
}

/** One picked option of a multi select, with its remove button. */
export function chipHtml(option: Json, index: number): string {
  const text = isObject(option.text) ? (str(option.text.text) ?? "") : "";
  return `<li class="bk-chip" data-testid="chip">${escapeHtml(text)}<button type="button" class="bk-chip-remove" data-chip-index="${index}" aria-label="Remove ${attr(text)}">×</button></li>`;
}

function externalSelect(element: Json, where: Where): string {
  const initial = isObject(element.initial_option) ? element.initial_option : undefined;
  const initialText = initial && isObject(initial.text) ? (str(initial.text.text) ?? "") : "";
  const minQuery = typeof element.min_query_length === "number" ? element.min_query_length : 3;
  const listId = `${where.input?.controlId ?? safeId(`${where.blockId}-${str(element.action_id) ?? ""}`)}-options`;
  const label = where.input ? "" : ` aria-label="${attr(placeholder(element) || "Search")}"`;
  return `<div class="bk-external" ${dataAttrs(element, where, `external-${str(element.action_id) ?? ""}`)} data-min-query="${minQuery}"${initial ? ` data-selected="${attr(JSON.stringify(initial))}"` : ""}><input type="text" class="bk-external-input" role="combobox" aria-autocomplete="list" aria-expanded="false" aria-controls="${attr(listId)}" autocomplete="off" placeholder="${attr(placeholder(element))}" value="${attr(initialText)}" data-testid="${attr(inputTestid(element, where, "external-input"))}"${controlAttrs(where)}${label}><ul class="bk-external-options" role="listbox" id="${attr(listId)}" hidden></ul></div>`;
}

function choiceGroup(element: Json, where: Where, kind: "radio" | "checkbox"): string {
  const name = `${where.blockId}/${str(element.action_id) ?? ""}`;
  const initial: unknown[] =
    kind === "radio"
      ? [element.initial_option]
      : Array.isArray(element.initial_options)
        ? element.initial_options
        : [];
  const items = optionsOf(element)
    .map((option, i) => {
      const id = `${safeId(name)}-${i}`;
      const checked = initial.some((o) => sameOption(o, option)) ? " checked" : "";
      const description = option.description
        ? `<span class="bk-choice-description">${textObjectToHtml(option.description, where.ctx)}</span>`
        : "";
      return `<div class="bk-choice"><input type="${kind}" id="${attr(id)}" name="${attr(name)}" value="${i}"${checked} data-testid="choice-${attr(String(option.value ?? i))}"><label for="${attr(id)}">${textObjectToHtml(option.text, where.ctx)}${description}</label></div>`;
    })
    .join("");
  const invalid = where.input?.invalid ? ` aria-invalid="true"` : "";
  return `<div class="bk-choices" role="${kind === "radio" ? "radiogroup" : "group"}" ${dataAttrs(element, where, inputTestid(element, where, kind === "radio" ? "radio" : "checkboxes"))}${where.input ? ` aria-labelledby="${attr(`${where.input.controlId}-label`)}"` : ""}${invalid}>${items}</div>`;
}

function textInput(element: Json, where: Where, type: string): string {
  const initial = str(element.initial_value) ?? "";
  const ph = placeholder(element);
  const max = typeof element.max_length === "number" ? ` maxlength="${element.max_length}"` : "";
  const common = `class="bk-text-input" ${dataAttrs(element, where, inputTestid(element, where, "input"))}${controlAttrs(where)}${ph ? ` placeholder="${attr(ph)}"` : ""}${max}`;
  if (element.multiline === true) return `<textarea ${common} rows="4">${escapeHtml(initial)}</textarea>`;
  if (type === "number") {
    const decimal = element.is_decimal_allowed === true;
    const min = str(element.min_value);
    const maxValue = str(element.max_value);
    return `<input type="number" ${common} step="${decimal ? "any" : "1"}"${min !== undefined ? ` min="${attr(min)}"` : ""}${maxValue !== undefined ? ` max="${attr(maxValue)}"` : ""} value="${attr(initial)}">`;
  }
  return `<input type="${type}" ${common} value="${attr(initial)}">`;
}

function picker(element: Json, where: Where, type: "date" | "time"): string {
  const initial = str(type === "date" ? element.initial_date : element.initial_time) ?? "";
  return `<input type="${type}" class="bk-text-input" ${dataAttrs(element, where, inputTestid(element, where, type))}${controlAttrs(where)} value="${attr(initial)}">`;
}

/** users_select / conversations_select / channels_select, offered from the workspace the page knows. */
function workspaceSelect(element: Json, where: Where, from: Readonly<Record<string, string>>, sigil: string) {
  const initial =
    str(element.initial_user) ?? str(element.initial_conversation) ?? str(element.initial_channel);
  const options = Object.entries(from)
    .map(
      ([id, name]) =>
        `<option value="${attr(id)}"${id === initial ? " selected" : ""}>${escapeHtml(`${sigil}${name}`)}</option>`,
    )
    .join("");
  const hint = placeholder(element) || "Select";
  return `<select class="bk-select" ${dataAttrs(element, where, inputTestid(element, where, "select"))}${controlAttrs(where)}><option value="">${escapeHtml(hint)}</option>${options}</select>`;
}

/** multi_users_select (the Page modal's people): a multiple select of the people the page knows. */
function multiUsersSelect(element: Json, where: Where): string {
  const initial = new Set(Array.isArray(element.initial_users) ? element.initial_users.map(String) : []);
  const options = Object.entries(where.ctx.users)
    .map(
      ([id, name]) =>
        `<option value="${attr(id)}"${initial.has(id) ? " selected" : ""}>${escapeHtml(`@${name}`)}</option>`,
    )
    .join("");
  return `<select multiple class="bk-select" ${dataAttrs(element, where, inputTestid(element, where, "select"))}${controlAttrs(where)}>${options}</select>`;
}

function imageElement(element: Json): string {
  const alt = str(element.alt_text) ?? "image";
  // Nothing is fetched from outside: the image is named, not loaded.
  return `<span class="bk-image-element" role="img" aria-label="${attr(alt)}" title="${attr(alt)}">🖼</span>`;
}

/** One element of an actions block, an accessory, an input or a context. */
export function renderElement(element: unknown, where: Where): string {
  if (!isObject(element)) return "";
  switch (element.type) {
    case "button":
      return button(element, where);
    case "overflow":
      return overflow(element, where);
    case "static_select":
      return staticSelect(element, where);
    case "external_select":
      return externalSelect(element, where);
    case "multi_external_select":
      return multiExternalSelect(element, where);
    case "radio_buttons":
      return choiceGroup(element, where, "radio");
    case "checkboxes":
      return choiceGroup(element, where, "checkbox");
    case "plain_text_input":
      return textInput(element, where, "text");
    case "number_input":
      return textInput(element, where, "number");
    case "email_text_input":
      return textInput(element, where, "email");
    case "url_text_input":
      return textInput(element, where, "url");
    case "datepicker":
      return picker(element, where, "date");
    case "timepicker":
      return picker(element, where, "time");
    case "users_select":
      return workspaceSelect(element, where, where.ctx.users, "@");
    case "multi_users_select":
      return multiUsersSelect(element, where);
    case "conversations_select":
    case "channels_select":
      return workspaceSelect(element, where, where.ctx.channels, "#");
    case "image":
      return imageElement(element);
    default:
      return unknownElement(element);
  }
}

function section(block: Json, where: Where): string {
  const text = block.text ? `<div class="bk-text">${textObjectToHtml(block.text, where.ctx)}</div>` : "";
  const fields = Array.isArray(block.fields)
    ? `<div class="bk-fields">${block.fields.map((f) => `<div class="bk-field">${textObjectToHtml(f, where.ctx)}</div>`).join("")}</div>`
    : "";
  const accessory = isObject(block.accessory)
    ? `<div class="bk-accessory">${renderElement(block.accessory, where)}</div>`
    : "";
  return `<div class="bk-block bk-section" data-block-id="${attr(where.blockId)}"><div class="bk-section-body">${text}${fields}</div>${accessory}</div>`;
}

function context(block: Json, where: Where): string {
  const elements = Array.isArray(block.elements) ? block.elements : [];
  const parts = elements.map((e) =>
    isObject(e) && e.type === "image"
      ? imageElement(e)
      : `<span class="bk-context-item">${textObjectToHtml(e, where.ctx)}</span>`,
  );
  return `<div class="bk-block bk-context" data-block-id="${attr(where.blockId)}">${parts.join("")}</div>`;
}

function actionsBlock(block: Json, where: Where): string {
  const elements = Array.isArray(block.elements) ? block.elements : [];
  return `<div class="bk-block bk-actions" role="group" data-block-id="${attr(where.blockId)}">${elements.map((e) => renderElement(e, where)).join("")}</div>`;
}

function imageBlock(block: Json, where: Where): string {
  const alt = str(block.alt_text) ?? "image";
  const title = isObject(block.title) ? textObjectToHtml(block.title, where.ctx) : "";
  const fileId = isObject(block.slack_file) ? str(block.slack_file.id) : undefined;
  if (fileId !== undefined) {
    // A file uploaded to the fake Slack is ours to draw: the page fetches its bytes from the playground.
    return `<figure class="bk-block bk-image" data-block-id="${attr(where.blockId)}"><img class="bk-image-file" src="/api/file?id=${encodeURIComponent(fileId)}" alt="${attr(alt)}" loading="lazy">${title ? `<figcaption>${title}</figcaption>` : ""}</figure>`;
  }
  const url = str(block.image_url) ?? "";
  const link = /^https?:\/\//i.test(url)
    ? ` <a href="${attr(url)}" target="_blank" rel="noopener noreferrer">open image</a>`
    : "";
  return `<figure class="bk-block bk-image" data-block-id="${attr(where.blockId)}"><div class="bk-image-placeholder" role="img" aria-label="${attr(alt)}">🖼 ${escapeHtml(alt)}${link}</div>${title ? `<figcaption>${title}</figcaption>` : ""}</figure>`;
}

function inputBlock(block: Json, where: Where): string {
  const element = isObject(block.element) ? block.element : {};
  const controlId = `bk-${safeId(where.blockId)}-${safeId(str(element.action_id) ?? "")}`;
  const error = where.options.errors?.[where.blockId];
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const hint = block.hint
    ? `<div class="bk-hint" id="${attr(hintId)}">${textObjectToHtml(block.hint, where.ctx)}</div>`
    : "";
  const errorHtml = error
    ? `<div class="bk-error" id="${attr(errorId)}" role="alert" data-testid="modal-error-${attr(where.blockId)}">${escapeHtml(error)}</div>`
    : "";
  const describedBy = [error ? errorId : "", block.hint ? hintId : ""].filter(Boolean).join(" ");
  const inner = renderElement(element, {
    ...where,
    input: { controlId, invalid: Boolean(error), describedBy },
  });
  const optional = block.optional === true ? ` <span class="bk-optional">(optional)</span>` : "";
  const labelTag = element.type === "radio_buttons" || element.type === "checkboxes" ? "span" : "label";
  const forAttr = labelTag === "label" ? ` for="${attr(controlId)}"` : "";
  return `<div class="bk-block bk-input${error ? " bk-input--invalid" : ""}" data-block-id="${attr(where.blockId)}" data-testid="input-block-${attr(where.blockId)}"${block.dispatch_action === true ? ` data-dispatch-action="true"` : ""}><${labelTag} class="bk-label" id="${attr(controlId)}-label"${forAttr}>${textObjectToHtml(block.label, where.ctx)}${optional}</${labelTag}>${inner}${errorHtml}${hint}</div>`;
}

const RICH_STYLES: [string, string][] = [
  ["code", "code"],
  ["strike", "s"],
  ["italic", "i"],
  ["bold", "b"],
];

function richInline(node: Json, ctx: RenderContext): string {
  const type = node.type;
  let html: string;
  if (type === "text") html = escapeHtml(str(node.text) ?? "");
  else if (type === "link") {
    const url = str(node.url) ?? "";
    const label = escapeHtml(str(node.text) ?? url);
    html = /^(https?:|mailto:)/i.test(url)
      ? `<a href="${attr(url)}" target="_blank" rel="noopener noreferrer">${label}</a>`
      : label;
  } else if (type === "user") html = mrkdwnToHtml(`<@${str(node.user_id) ?? ""}>`, ctx);
  else if (type === "channel") html = mrkdwnToHtml(`<#${str(node.channel_id) ?? ""}>`, ctx);
  else if (type === "usergroup") html = mrkdwnToHtml(`<!subteam^${str(node.usergroup_id) ?? ""}>`, ctx);
  else if (type === "broadcast") html = mrkdwnToHtml(`<!${str(node.range) ?? "here"}>`, ctx);
  else if (type === "emoji") html = plainTextToHtml(`:${str(node.name) ?? ""}:`);
  else if (type === "date")
    html = mrkdwnToHtml(
      `<!date^${String(node.timestamp)}^${str(node.format) ?? "{date}"}|${str(node.fallback) ?? ""}>`,
      ctx,
    );
  else html = escapeHtml(flatText(node).join(" "));
  const style = isObject(node.style) ? node.style : {};
  for (const [key, tag] of RICH_STYLES) if (style[key] === true) html = `<${tag}>${html}</${tag}>`;
  return html;
}

function richElements(nodes: unknown, ctx: RenderContext): string {
  return (Array.isArray(nodes) ? nodes : [])
    .filter(isObject)
    .map((n) => richInline(n, ctx))
    .join("");
}

function richText(block: Json, where: Where): string {
  const parts = (Array.isArray(block.elements) ? block.elements : []).filter(isObject).map((el) => {
    if (el.type === "rich_text_list") {
      const tag = el.style === "ordered" ? "ol" : "ul";
      const items = (Array.isArray(el.elements) ? el.elements : [])
        .filter(isObject)
        .map((item) => `<li>${richElements(item.elements, where.ctx)}</li>`)
        .join("");
      return `<${tag}>${items}</${tag}>`;
    }
    if (el.type === "rich_text_preformatted")
      return `<pre class="mrkdwn-pre">${richElements(el.elements, where.ctx)}</pre>`;
    if (el.type === "rich_text_quote")
      return `<blockquote>${richElements(el.elements, where.ctx)}</blockquote>`;
    return `<div>${richElements(el.elements, where.ctx).replace(/\n/g, "<br>")}</div>`;
  });
  return `<div class="bk-block bk-rich-text" data-block-id="${attr(where.blockId)}">${parts.join("")}</div>`;
}

function unknownBlock(block: Json, where: Where): string {
  const type = str(block.type) ?? "block";
  const text = flatText(block).join(" ");
  return `<div class="bk-block bk-unknown" data-testid="unknown-block" data-block-id="${attr(where.blockId)}"><span class="bk-unknown-type">[${escapeHtml(type)}]</span>${text ? ` ${escapeHtml(text)}` : ""}</div>`;
}

/** One block as HTML. */
export function renderBlock(block: unknown, index: number, ctx: RenderContext, options: BlockRenderOptions) {
  if (!isObject(block)) return "";
  const where: Where = { ctx, options, blockId: blockIdOf(block, index, options.idPrefix ?? "") };
  switch (block.type) {
    case "header":
      return `<h3 class="bk-block bk-header" data-block-id="${attr(where.blockId)}">${textObjectToHtml(block.text, ctx)}</h3>`;
    case "section":
      return section(block, where);
    case "context":
      return context(block, where);
    case "divider":
      return `<hr class="bk-block bk-divider">`;
    case "actions":
      return actionsBlock(block, where);
    case "image":
      return imageBlock(block, where);
    case "input":
      return inputBlock(block, where);
    case "rich_text":
      return richText(block, where);
    default:
      return unknownBlock(block, where);
  }
}

/** A list of blocks as HTML. */
export function renderBlocks(blocks: unknown, ctx: RenderContext, options: BlockRenderOptions): string {
  if (!Array.isArray(blocks)) return "";
  return `<div class="bk-blocks">${blocks.map((b, i) => renderBlock(b, i, ctx, options)).join("")}</div>`;
}

const NAMED_COLORS: Record<string, string> = { good: "#2EB67D", warning: "#ECB22E", danger: "#E01E5A" };

/** An attachment colour as a CSS colour, or undefined: only hex values and Slack's three names pass. */
export function attachmentColor(color: unknown): string | undefined {
  if (typeof color !== "string") return undefined;
  if (NAMED_COLORS[color]) return NAMED_COLORS[color];
  const hex = color.startsWith("#") ? color : `#${color}`;
  return /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(hex) ? hex.toUpperCase() : undefined;
}

function legacyAttachmentBody(a: Json, ctx: RenderContext): string {
  const parts: string[] = [];
  if (typeof a.pretext === "string")
    parts.push(`<div class="att-pretext">${mrkdwnToHtml(a.pretext, ctx)}</div>`);
  if (typeof a.title === "string") {
    const title = plainTextToHtml(a.title);
    const url = str(a.title_link);
    parts.push(
      `<div class="att-title">${url && /^https?:\/\//i.test(url) ? `<a href="${attr(url)}" target="_blank" rel="noopener noreferrer">${title}</a>` : title}</div>`,
    );
  }
  if (typeof a.text === "string") parts.push(`<div class="att-text">${mrkdwnToHtml(a.text, ctx)}</div>`);
  if (Array.isArray(a.fields)) {
    const fields = a.fields
      .filter(isObject)
      .map(
        (f) =>
          `<div class="bk-field${f.short === true ? "" : " bk-field--wide"}"><b>${plainTextToHtml(str(f.title) ?? "")}</b><br>${mrkdwnToHtml(str(f.value) ?? "", ctx)}</div>`,
      )
      .join("");
    parts.push(`<div class="bk-fields">${fields}</div>`);
  }
  if (typeof a.footer === "string")
    parts.push(`<div class="att-footer">${mrkdwnToHtml(a.footer, ctx)}</div>`);
  return parts.join("");
}

/** Legacy attachments: a colour bar, then the attachment's blocks (or its legacy fields). */
export function renderAttachments(attachments: unknown, ctx: RenderContext): string {
  if (!Array.isArray(attachments)) return "";
  return attachments
    .map((a, i) => {
      if (!isObject(a)) return "";
      const color = attachmentColor(a.color);
      const body = Array.isArray(a.blocks)
        ? renderBlocks(a.blocks, ctx, { surface: "message", idPrefix: `a${i}-` })
        : legacyAttachmentBody(a, ctx);
      const style = color ? ` style="border-left-color: ${color}"` : "";
      return `<div class="attachment" data-testid="attachment"${color ? ` data-color="${color}"` : ""}${style}>${body}</div>`;
    })
    .join("");
}

/** A message's content: its blocks (or its text when it has none), then its attachments. */
export function renderMessageContent(
  message: { text?: unknown; blocks?: unknown; attachments?: unknown },
  ctx: RenderContext,
): string {
  const hasBlocks = Array.isArray(message.blocks) && message.blocks.length > 0;
  const body = hasBlocks
    ? renderBlocks(message.blocks, ctx, { surface: "message" })
    : typeof message.text === "string" && message.text !== ""
      ? `<div class="message-text">${mrkdwnToHtml(message.text, ctx)}</div>`
      : "";
  return body + renderAttachments(message.attachments, ctx);
}
