/**
 * Checks a rendered message, modal or Home view against Block Kit's documented limits, so that renderer tests
 * fail here instead of Slack answering `invalid_blocks` in production. Returns one sentence per problem
 * (empty = fine). Lengths are UTF-16 code units, as Slack counts them.
 *
 * The numbers are this file's own (not imported from src/ui/text.ts) so that a wrong number in src is caught.
 * Each one was checked against the reference page named next to it:
 *   BLOCKS   https://docs.slack.dev/reference/block-kit/blocks ("up to 50 blocks in each message, and 100
 *            blocks in modals or Home tabs")
 *   SECTION  https://docs.slack.dev/reference/block-kit/blocks/section-block (text 1..3000; fields at most 10,
 *            each 2000; block_id 255, which every block page repeats)
 *   HEADER   https://docs.slack.dev/reference/block-kit/blocks/header-block (plain_text, 150)
 *   CONTEXT  https://docs.slack.dev/reference/block-kit/blocks/context-block (at most 10 elements)
 *   ACTIONS  https://docs.slack.dev/reference/block-kit/blocks/actions-block (at most 25 elements; @slack/types
 *            ActionsBlock says the same)
 *   INPUT    https://docs.slack.dev/reference/block-kit/blocks/input-block (label and hint 2000)
 *   IMAGE    https://docs.slack.dev/reference/block-kit/blocks/image-block (alt_text 2000, title 2000,
 *            image_url 3000)
 *   BUTTON   https://docs.slack.dev/reference/block-kit/block-elements/button-element (text 75, action_id 255,
 *            url 3000, value 2000)
 *   OPTION   https://docs.slack.dev/reference/block-kit/composition-objects/option-object (text 75, value 150,
 *            description 75, url 3000; @slack/types 3.2 still says value 75: the reference page is newer)
 *   OPTION GROUP https://docs.slack.dev/reference/block-kit/composition-objects/option-group-object (label 75,
 *            at most 100 options each, at most 100 groups)
 *   SELECT   https://docs.slack.dev/reference/block-kit/block-elements/select-menu-element (options at most 100,
 *            placeholder 150; @slack/types Placeholdable: placeholder 150)
 *   OVERFLOW https://docs.slack.dev/reference/block-kit/block-elements/overflow-menu-element ("up to five
 *            option objects"; api.slack.com's version of the page adds "minimum is 2")
 *   RADIO/CHECKBOXES @slack/types RadioButtons/Checkboxes: "A maximum of 10 options are allowed"
 *   MODAL    https://docs.slack.dev/reference/views/modal-views (title, submit, close 24; submit required
 *            with input blocks; 100 blocks; private_metadata 3000; callback_id 255)
 *   HOME     https://docs.slack.dev/reference/views/home-tab-views (100 blocks; private_metadata 3000;
 *            callback_id 255)
 *   TEXT     https://api.slack.com/changelog/2018-04-truncating-really-long-messages (message `text` is
 *            truncated past 40,000 characters; Slack asked apps to keep messages under 4,000, and longer ones
 *            may be split into several messages)
 */

export type Surface = "message" | "modal" | "home";

export interface SurfacePayload {
  text?: unknown;
  blocks?: unknown;
  title?: unknown;
  submit?: unknown;
  close?: unknown;
  private_metadata?: unknown;
  callback_id?: unknown;
  [key: string]: unknown;
}

export const BLOCK_KIT_LIMITS = {
  messageBlocks: 50,
  viewBlocks: 100,
  blockId: 255,
  actionId: 255,
  sectionText: 3000,
  sectionFields: 10,
  sectionField: 2000,
  headerText: 150,
  contextElements: 10,
  actionsElements: 25,
  inputLabel: 2000,
  inputHint: 2000,
  imageAltText: 2000,
  imageTitle: 2000,
  imageUrl: 3000,
  buttonText: 75,
  buttonValue: 2000,
  buttonUrl: 3000,
  optionText: 75,
  optionValue: 150,
  optionDescription: 75,
  optionUrl: 3000,
  optionGroupLabel: 75,
  selectOptions: 100,
  selectOptionGroups: 100,
  placeholder: 150,
  overflowMinOptions: 2,
  overflowMaxOptions: 5,
  choiceOptions: 10,
  viewTitle: 24,
  viewButton: 24,
  privateMetadata: 3000,
  callbackId: 255,
  messageTextAdvised: 4000,
  messageTextTruncated: 40000,
} as const;

const L = BLOCK_KIT_LIMITS;

type Obj = Record<string, unknown>;

function isObj(value: unknown): value is Obj {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const SELECTS = new Set([
  "static_select",
  "multi_static_select",
  "external_select",
  "multi_external_select",
  "users_select",
  "multi_users_select",
  "conversations_select",
  "multi_conversations_select",
  "channels_select",
  "multi_channels_select",
]);

class Checker {
  readonly problems: string[] = [];

  add(path: string, message: string): void {
    this.problems.push(`${path}: ${message}`);
  }

  maxLength(path: string, value: unknown, max: number, what: string): void {
    if (typeof value === "string" && value.length > max) {
      this.add(path, `${what} is ${value.length} characters, over ${max}`);
    }
  }

  maxItems(path: string, value: unknown, max: number, what: string): void {
    if (Array.isArray(value) && value.length > max) this.add(path, `${value.length} ${what}, over ${max}`);
  }

  /** A text object: its `text` within `max`, optionally plain_text only and non-empty. */
  textObject(path: string, value: unknown, max: number, what: string, opts: { plain?: boolean } = {}): void {
    if (value === undefined) return;
    if (!isObj(value) || typeof value.text !== "string") {
      this.add(path, `${what} must be a text object`);
      return;
    }
    if (opts.plain && value.type !== "plain_text") this.add(`${path}.type`, `${what} must be plain_text`);
    if (value.text.length === 0) this.add(`${path}.text`, `${what} must not be empty`);
    this.maxLength(`${path}.text`, value.text, max, what);
  }

  option(path: string, value: unknown): void {
    if (!isObj(value)) {
      this.add(path, "option must be an object");
      return;
    }
    this.textObject(`${path}.text`, value.text, L.optionText, "option text");
    this.maxLength(`${path}.value`, value.value, L.optionValue, "option value");
    this.textObject(`${path}.description`, value.description, L.optionDescription, "option description");
    this.maxLength(`${path}.url`, value.url, L.optionUrl, "option url");
  }

  options(path: string, value: unknown): void {
    if (!Array.isArray(value)) return;
    for (const [i, o] of value.entries()) this.option(`${path}[${i}]`, o);
  }

  element(path: string, el: unknown, actionIds: Map<string, string>): void {
    if (!isObj(el)) {
      this.add(path, "element must be an object");
      return;
    }
    if (typeof el.action_id === "string") {
      this.maxLength(`${path}.action_id`, el.action_id, L.actionId, "action_id");
      const seen = actionIds.get(el.action_id);
      if (seen)
        this.add(`${path}.action_id`, `duplicate action_id "${el.action_id}" in this block (also ${seen})`);
      else actionIds.set(el.action_id, path);
    }
    this.textObject(`${path}.placeholder`, el.placeholder, L.placeholder, "placeholder", { plain: true });
    const type = el.type;
    if (type === "button") {
      this.textObject(`${path}.text`, el.text, L.buttonText, "button text", { plain: true });
      this.maxLength(`${path}.value`, el.value, L.buttonValue, "button value");
      this.maxLength(`${path}.url`, el.url, L.buttonUrl, "button url");
    } else if (type === "overflow") {
      const count = Array.isArray(el.options) ? el.options.length : 0;
      if (count < L.overflowMinOptions || count > L.overflowMaxOptions) {
        this.add(`${path}.options`, `overflow has ${count} options; it takes 2 to 5`);
      }
      this.options(`${path}.options`, el.options);
    } else if (typeof type === "string" && SELECTS.has(type)) {
      this.maxItems(`${path}.options`, el.options, L.selectOptions, "options");
      this.options(`${path}.options`, el.options);
      this.maxItems(`${path}.option_groups`, el.option_groups, L.selectOptionGroups, "option groups");
      if (Array.isArray(el.option_groups)) {
        el.option_groups.forEach((g, i) => {
          const gp = `${path}.option_groups[${i}]`;
          if (!isObj(g)) {
            this.add(gp, "option group must be an object");
            return;
          }
          this.textObject(`${gp}.label`, g.label, L.optionGroupLabel, "option group label", { plain: true });
          this.maxItems(`${gp}.options`, g.options, L.selectOptions, "options");
          this.options(`${gp}.options`, g.options);
        });
      }
      if (el.initial_option !== undefined) this.option(`${path}.initial_option`, el.initial_option);
    } else if (type === "radio_buttons" || type === "checkboxes") {
      this.maxItems(`${path}.options`, el.options, L.choiceOptions, "options");
      this.options(`${path}.options`, el.options);
    } else if (type === "image") {
      this.maxLength(`${path}.alt_text`, el.alt_text, L.imageAltText, "image alt_text");
      this.maxLength(`${path}.image_url`, el.image_url, L.imageUrl, "image url");
    }
  }

  block(path: string, block: unknown, blockIds: Map<string, string>): void {
    if (!isObj(block)) {
      this.add(path, "block must be an object");
      return;
    }
    if (typeof block.block_id === "string") {
      this.maxLength(`${path}.block_id`, block.block_id, L.blockId, "block_id");
      const seen = blockIds.get(block.block_id);
      if (seen) this.add(`${path}.block_id`, `duplicate block_id "${block.block_id}" (also ${seen})`);
      else blockIds.set(block.block_id, path);
    }
    const actionIds = new Map<string, string>();
    switch (block.type) {
      case "section":
        if (block.text === undefined && block.fields === undefined)
          this.add(path, "section needs text or fields");
        this.textObject(`${path}.text`, block.text, L.sectionText, "section text");
        this.maxItems(`${path}.fields`, block.fields, L.sectionFields, "fields");
        if (Array.isArray(block.fields)) {
          for (const [i, f] of block.fields.entries()) {
            this.textObject(`${path}.fields[${i}]`, f, L.sectionField, "section field");
          }
        }
        if (block.accessory !== undefined) this.element(`${path}.accessory`, block.accessory, actionIds);
        break;
      case "header":
        if (block.text === undefined) this.add(path, "header needs text");
        this.textObject(`${path}.text`, block.text, L.headerText, "header text", { plain: true });
        break;
      case "context":
        this.maxItems(`${path}.elements`, block.elements, L.contextElements, "context elements");
        if (Array.isArray(block.elements)) {
          block.elements.forEach((e, i) => {
            const ep = `${path}.elements[${i}]`;
            if (isObj(e) && e.type === "image") this.element(ep, e, actionIds);
            else this.textObject(ep, e, L.sectionText, "context text");
          });
        }
        break;
      case "actions":
        this.maxItems(`${path}.elements`, block.elements, L.actionsElements, "actions elements");
        if (Array.isArray(block.elements)) {
          for (const [i, e] of block.elements.entries()) this.element(`${path}.elements[${i}]`, e, actionIds);
        }
        break;
      case "input":
        if (block.label === undefined) this.add(path, "input needs a label");
        this.textObject(`${path}.label`, block.label, L.inputLabel, "input label", { plain: true });
        this.textObject(`${path}.hint`, block.hint, L.inputHint, "input hint", { plain: true });
        if (block.element !== undefined) this.element(`${path}.element`, block.element, actionIds);
        break;
      case "image":
        this.maxLength(`${path}.alt_text`, block.alt_text, L.imageAltText, "image alt_text");
        this.maxLength(`${path}.image_url`, block.image_url, L.imageUrl, "image url");
        this.textObject(`${path}.title`, block.title, L.imageTitle, "image title", { plain: true });
        break;
      default:
        break;
    }
  }
}

/** Every Block Kit limit `payload` breaks on `surface` (empty when it is fine). */
export function checkBlockKitLimits(surface: Surface, payload: SurfacePayload): string[] {
  const c = new Checker();
  const blocks = payload.blocks;
  if (blocks !== undefined && !Array.isArray(blocks)) c.add("blocks", "must be an array");
  if (Array.isArray(blocks)) {
    c.maxItems(
      "blocks",
      blocks,
      surface === "message" ? L.messageBlocks : L.viewBlocks,
      `blocks in a ${surface}`,
    );
    const blockIds = new Map<string, string>();
    for (const [i, b] of blocks.entries()) c.block(`blocks[${i}]`, b, blockIds);
  }
  if (surface === "message") {
    if (typeof payload.text === "string") {
      if (payload.text.length > L.messageTextTruncated) {
        c.add("text", `${payload.text.length} characters: Slack truncates past ${L.messageTextTruncated}`);
      } else if (payload.text.length > L.messageTextAdvised) {
        c.add(
          "text",
          `${payload.text.length} characters: keep it under ${L.messageTextAdvised} (longer may be split)`,
        );
      }
    }
  } else {
    if (surface === "modal") {
      if (payload.title === undefined) c.add("title", "a modal needs a title");
      c.textObject("title", payload.title, L.viewTitle, "modal title", { plain: true });
      c.textObject("submit", payload.submit, L.viewButton, "submit text", { plain: true });
      c.textObject("close", payload.close, L.viewButton, "close text", { plain: true });
      const hasInput = Array.isArray(blocks) && blocks.some((b) => isObj(b) && b.type === "input");
      if (hasInput && payload.submit === undefined) c.add("submit", "a modal with input blocks needs submit");
    }
    c.maxLength("private_metadata", payload.private_metadata, L.privateMetadata, "private_metadata");
    c.maxLength("callback_id", payload.callback_id, L.callbackId, "callback_id");
  }
  return c.problems;
}
