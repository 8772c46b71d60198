/**
 * The create-monitor modal's form, pure: `view.state.values` -> a typed monitor input or errors keyed by
 * block_id (what `response_action: "errors"` takes), and the mapping of an API 422's `source.pointer` (A1, A8)
 * to the input it is about. Total: any state, however malformed, gives a form or field errors, never a throw.
 */
import { formatDuration } from "../lib/format-time";
import type { CreateMonitorInput } from "../uptime/types";
import { errorText, knownError } from "./error-text";
import { actions, blocks, createMonitorKinds } from "./ids";
import { truncate } from "./text";

/** A8: the check intervals the service accepts, in seconds. */
export const MONITOR_INTERVALS = [30, 60, 120, 300, 600, 900, 1800, 3600] as const;
export const DEFAULT_INTERVAL = 60;
/** The TCP timeout the service assumes when none is given (A8: 1-60 s). */
export const DEFAULT_TCP_TIMEOUT = 10;

export type CreateMonitorKind = (typeof createMonitorKinds)[keyof typeof createMonitorKinds];

/** Which group input the user filled in: a 422 on `/data/attributes/group` goes next to that one. */
export type GroupSource = "existing" | "new" | "none";

export interface CreateMonitorForm {
  kind: CreateMonitorKind;
  input: CreateMonitorInput;
  groupSource: GroupSource;
}

/** block_id -> message, as `response_action: "errors"` wants it. */
export type BlockErrors = Record<string, string>;

export type FormResult = { ok: true; form: CreateMonitorForm } | { ok: false; errors: BlockErrors };

const B = blocks.createMonitor;
const A = actions.createMonitor;

// Slack shows the errors under the input; a short sentence reads best and keeps the payload small.
const MAX_ERROR = 300;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** The element state Slack sent for one input (block_id, then action_id), or undefined. */
function element(values: unknown, blockId: string, actionId: string): Obj | undefined {
  if (!isObj(values)) return undefined;
  const block = values[blockId];
  if (!isObj(block)) return undefined;
  const el = block[actionId];
  return isObj(el) ? el : undefined;
}

/** A text input's value, trimmed; "" when empty or absent. */
function textValue(values: unknown, blockId: string, actionId: string): string {
  const value = element(values, blockId, actionId)?.value;
  return typeof value === "string" ? value.trim() : "";
}

/** The value of a select's or radio's selected option, or undefined. */
function selectedValue(values: unknown, blockId: string, actionId: string): string | undefined {
  const option = element(values, blockId, actionId)?.selected_option;
  if (!isObj(option)) return undefined;
  return typeof option.value === "string" ? option.value : undefined;
}

/** The kind the state says (the radio buttons), defaulting to URL when the radio carries nothing. */
export function kindOf(values: unknown): CreateMonitorKind {
  return selectedValue(values, B.kind, A.kind) === createMonitorKinds.tcp
    ? createMonitorKinds.tcp
    : createMonitorKinds.url;
}

/** An integer in [min, max] written in decimal digits; null otherwise ("8.5", "1e3", "0x50" are refused). */
function integerIn(text: string, min: number, max: number): number | null {
  if (!/^\d{1,6}$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}

/** True for an absolute http(s) URL with a host: what a URL monitor can check (A8). */
export function isHttpUrl(text: string): boolean {
  if (text.length > 2048) return false;
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/**
 * Client-side validation and parsing of the modal's state. It checks what can be checked without the API
 * (required fields, URL scheme, port and timeout ranges, interval from A8); the API has the last word on the
 * rest (its 422 is mapped with `apiErrorsToBlocks`).
 */
export function parseCreateMonitorForm(values: unknown): FormResult {
  const errors: BlockErrors = {};
  const kind = kindOf(values);

  const name = textValue(values, B.name, A.name);
  if (name === "") errors[B.name] = "Give the monitor a name.";

  const intervalRaw = selectedValue(values, B.interval, A.interval);
  const interval = intervalRaw === undefined ? DEFAULT_INTERVAL : Number(intervalRaw);
  if (!(MONITOR_INTERVALS as readonly number[]).includes(interval)) {
    errors[B.interval] = "Pick one of the listed intervals.";
  }

  const existingGroup = selectedValue(values, B.group, A.group)?.trim() ?? "";
  const newGroup = textValue(values, B.newGroup, A.newGroup);
  let group: string | null = null;
  let groupSource: GroupSource = "none";
  if (existingGroup !== "" && newGroup !== "") {
    errors[B.newGroup] = "Pick an existing group or type a new one, not both.";
  } else if (existingGroup !== "") {
    group = existingGroup;
    groupSource = "existing";
  } else if (newGroup !== "") {
    group = newGroup;
    groupSource = "new";
  }

  const pronounceable = textValue(values, B.pronounceable, A.pronounceable);
  const common = {
    name,
    interval,
    group,
    ...(pronounceable !== "" ? { pronounceable } : {}),
  };

  let input: CreateMonitorInput | undefined;
  if (kind === createMonitorKinds.url) {
    const url = textValue(values, B.url, A.url);
    if (url === "") errors[B.url] = "Enter the URL to check, e.g. https://example.com/health.";
    else if (!isHttpUrl(url)) errors[B.url] = "The URL must start with http:// or https:// and name a host.";
    // A8: optional; empty means no keyword check.
    const keyword = textValue(values, B.keyword, A.keyword);
    input = { kind: "http", url, ...(keyword !== "" ? { keywordBody: keyword } : {}), ...common };
  } else {
    const host = textValue(values, B.host, A.host);
    if (host === "") errors[B.host] = "Enter the host name or IP address to connect to.";
    const portText = textValue(values, B.port, A.port);
    const port = integerIn(portText, 1, 65535);
    if (port === null) errors[B.port] = "The port must be a whole number from 1 to 65535.";
    const timeoutText = textValue(values, B.timeout, A.timeout);
    const timeout = timeoutText === "" ? DEFAULT_TCP_TIMEOUT : integerIn(timeoutText, 1, 60);
    if (timeout === null) errors[B.timeout] = "The timeout must be a whole number of seconds from 1 to 60.";
    input = { kind: "tcp_port", host, port: port ?? 0, timeout: timeout ?? DEFAULT_TCP_TIMEOUT, ...common };
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, form: { kind, input, groupSource } };
}

/** The inputs a modal of this kind shows: errors may only name blocks that are in the view. */
export function inputBlocksOf(kind: CreateMonitorKind): string[] {
  const target = kind === createMonitorKinds.url ? [B.url, B.keyword] : [B.host, B.port, B.timeout];
  return [B.kind, B.name, ...target, B.interval, B.group, B.newGroup, B.pronounceable];
}

/**
 * The input a JSON pointer of a 422 (A1, A8) is about, for a modal of `kind` whose group came from
 * `groupSource`; null when no input of this modal matches.
 */
export function blockForPointer(
  pointer: string,
  kind: CreateMonitorKind,
  groupSource: GroupSource,
): string | null {
  const attr = "/data/attributes";
  const byPointer: Record<string, string> = {
    [`${attr}/name`]: B.name,
    [`${attr}/interval`]: B.interval,
    [`${attr}/pronounceable`]: B.pronounceable,
    [`${attr}/service`]: B.kind,
    [`${attr}/group`]: groupSource === "new" ? B.newGroup : B.group,
    [`${attr}/settings/url`]: B.url,
    [`${attr}/settings/keywordBody`]: B.keyword,
    [`${attr}/settings/host`]: B.host,
    [`${attr}/settings/port`]: B.port,
    [`${attr}/settings/timeout`]: B.timeout,
    [`${attr}/settings`]: kind === createMonitorKinds.url ? B.url : B.host,
  };
  const block = byPointer[pointer];
  return block !== undefined && inputBlocksOf(kind).includes(block) ? block : null;
}

/** What a 422's field errors look like here (the client's FieldError, structurally). */
export interface PointerError {
  pointer?: string | null;
  title?: string | null;
  detail?: string | null;
}

/**
 * A 422's field errors as block errors. Several errors on one input are joined; an error whose pointer
 * names no input of this modal goes on the name block with its detail, so nothing the API said is lost.
 */
export function apiErrorsToBlocks(
  fieldErrors: readonly PointerError[],
  context: { kind: CreateMonitorKind; groupSource: GroupSource; detail?: string | null },
): BlockErrors {
  const collected = new Map<string, string[]>();
  const add = (block: string, text: string) => collected.set(block, [...(collected.get(block) ?? []), text]);
  for (const e of fieldErrors) {
    const text = e.detail ?? e.title ?? "This value was refused.";
    const block = e.pointer ? blockForPointer(e.pointer, context.kind, context.groupSource) : null;
    add(block ?? B.name, block ? text : `The Uptime service refused the monitor: ${text}`);
  }
  if (collected.size === 0) {
    add(B.name, `The Uptime service refused the monitor: ${context.detail ?? "the request was invalid"}.`);
  }
  const out: BlockErrors = {};
  for (const [block, texts] of collected) out[block] = truncate(texts.join(" "), MAX_ERROR);
  return out;
}

export const CREATE_TIMEOUT_TEXT =
  "The Uptime service didn't answer in time, so we stopped waiting: the monitor was most likely not created. Check `/uptime monitors` before you submit again.";

/**
 * The inline answer to a failed create: every failure stays in the modal (what the user typed is kept) as
 * errors keyed by block_id. `unexpected` errors must also reach app.error.
 *
 * A 403 (read-only member) goes on the name block with the role sentence rather than closing the modal
 * with an ephemeral message: the user sees why right where they pressed Create, and nothing they typed is
 * thrown away if a colleague with another role is going to create it for them.
 */
export function createFailureErrors(
  error: unknown,
  context: { kind: CreateMonitorKind; groupSource: GroupSource },
): { errors: BlockErrors; unexpected: boolean } {
  const e = knownError(error);
  switch (e?.code) {
    case "api.validation":
      return {
        errors: apiErrorsToBlocks(e.fieldErrors, { ...context, detail: e.detail }),
        unexpected: false,
      };
    case "api.timeout":
    case "api.network":
      return { errors: { [B.name]: CREATE_TIMEOUT_TEXT }, unexpected: false };
    default: {
      const text = errorText(error);
      return { errors: { [B.name]: truncate(text.text, MAX_ERROR) }, unexpected: text.unexpected };
    }
  }
}

/** "every 5m": the interval as the confirmation and the select write it. */
export function intervalLabel(seconds: number): string {
  return formatDuration(seconds);
}
