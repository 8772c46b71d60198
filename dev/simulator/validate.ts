import { type FieldError, pointerPart, validationError } from "./errors";
import {
  INTERVALS,
  type MonitorKind,
  type MonitorRecord,
  type MonitorSettings,
  type UserRecord,
} from "./model";
import type { MonitorInput } from "./world";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

const ATTR = "/data/attributes";
const READ_ONLY_MONITOR = new Set([
  "status",
  "state",
  "maintenanceType",
  "maintenanceStartDate",
  "maintenanceEndDate",
  "maintenanceStartTime",
  "maintenanceEndTime",
]);
const WRITABLE_MONITOR = new Set(["name", "pronounceable", "interval", "group", "service", "settings"]);

/** The resource object of a request body: `{data: {type, attributes}}` of one of the given types. */
function resourceAttributes(body: unknown, types: readonly string[], id?: string, alias?: string): Obj {
  if (!isObj(body) || !isObj(body.data)) {
    throw validationError([
      { pointer: "/data", detail: "The body must be a document with a data resource object" },
    ]);
  }
  const errors: FieldError[] = [];
  const data = body.data;
  if (typeof data.type !== "string" || !types.includes(data.type)) {
    errors.push({ pointer: "/data/type", detail: `type must be "${types[0]}"` });
  }
  if (id !== undefined && data.id !== undefined && data.id !== id && data.id !== alias) {
    errors.push({ pointer: "/data/id", detail: `id must be "${id}", the id in the path` });
  }
  const attributes = data.attributes ?? {};
  if (!isObj(attributes)) errors.push({ pointer: ATTR, detail: "attributes must be an object" });
  if (errors.length) throw validationError(errors);
  return attributes as Obj;
}

function optionalText(
  v: unknown,
  pointer: string,
  max: number,
  errors: FieldError[],
): string | null | undefined {
  if (v === undefined) return undefined;
  if (v === null) return null;
  if (typeof v !== "string" || v.length > max) {
    errors.push({ pointer, detail: `must be a string of at most ${max} characters or null` });
    return undefined;
  }
  const t = v.trim();
  return t === "" ? null : t;
}

function httpUrlValid(v: unknown): v is string {
  if (typeof v !== "string" || v.length > 2048) return false;
  try {
    const u = new URL(v);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname !== "";
  } catch {
    return false;
  }
}

/** A8: settings by monitor kind; unknown settings are refused so that client typos surface. */
function checkSettings(kind: MonitorKind, s: MonitorSettings & Obj, errors: FieldError[]): MonitorSettings {
  const p = `${ATTR}/settings`;
  const allowed = kind === "http" ? ["url", "keywordBody"] : ["host", "port", "timeout"];
  for (const key of Object.keys(s)) {
    if (!allowed.includes(key)) {
      errors.push({ pointer: `${p}/${pointerPart(key)}`, detail: `Unknown setting for a ${kind} monitor` });
    }
  }
  if (kind === "http") {
    if (s.url === undefined || s.url === null || s.url === "") {
      errors.push({ pointer: `${p}/url`, detail: "url is required" });
    } else if (!httpUrlValid(s.url)) {
      errors.push({ pointer: `${p}/url`, detail: "url must be a valid http or https URL" });
    }
    if (s.keywordBody !== undefined && s.keywordBody !== null && typeof s.keywordBody !== "string") {
      errors.push({ pointer: `${p}/keywordBody`, detail: "keywordBody must be a string" });
    }
    return {
      url: s.url as string,
      ...(typeof s.keywordBody === "string" && s.keywordBody !== "" ? { keywordBody: s.keywordBody } : {}),
    };
  }
  if (typeof s.host !== "string" || !/^[A-Za-z0-9.:\-[\]_]{1,253}$/.test(s.host)) {
    errors.push({ pointer: `${p}/host`, detail: "host must be a host name or IP address" });
  }
  if (!Number.isInteger(s.port) || (s.port as number) < 1 || (s.port as number) > 65535) {
    errors.push({ pointer: `${p}/port`, detail: "port must be an integer from 1 to 65535" });
  }
  const timeout = s.timeout ?? 10;
  if (!Number.isInteger(timeout) || (timeout as number) < 1 || (timeout as number) > 60) {
    errors.push({
      pointer: `${p}/timeout`,
      detail: "timeout must be an integer number of seconds from 1 to 60",
    });
  }
  return { host: s.host as string, port: s.port as number, timeout: timeout as number };
}

function checkUnknownAttributes(attrs: Obj, errors: FieldError[]): void {
  for (const key of Object.keys(attrs)) {
    if (!WRITABLE_MONITOR.has(key) && !READ_ONLY_MONITOR.has(key)) {
      errors.push({ pointer: `${ATTR}/${pointerPart(key)}`, detail: "Unknown monitor attribute" });
    }
  }
}

function checkKind(v: unknown, errors: FieldError[]): MonitorKind | undefined {
  if (v === undefined || v === null) return "http";
  if (v === "tcp_port") return "tcp_port";
  errors.push({
    pointer: `${ATTR}/service`,
    detail: 'service must be "tcp_port" or absent for a URL monitor',
  });
  return undefined;
}

function checkInterval(v: unknown, errors: FieldError[]): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v === "number" && INTERVALS.includes(v)) return v;
  errors.push({
    pointer: `${ATTR}/interval`,
    detail: `interval must be one of ${INTERVALS.join(", ")} seconds`,
  });
  return undefined;
}

function checkName(v: unknown, required: boolean, errors: FieldError[]): string | undefined {
  if (v === undefined && !required) return undefined;
  if (typeof v !== "string" || v.trim() === "" || v.length > 255) {
    errors.push({
      pointer: `${ATTR}/name`,
      detail: "name is required: a non-empty string of at most 255 characters",
    });
    return undefined;
  }
  return v.trim();
}

/** POST /teams/{id}/monitors body -> input, or a 422 naming every bad field (A8). */
export function parseMonitorCreate(body: unknown): MonitorInput {
  const attrs = resourceAttributes(body, ["monitors", "monitor"]);
  const errors: FieldError[] = [];
  checkUnknownAttributes(attrs, errors);
  const name = checkName(attrs.name, true, errors);
  const kind = checkKind(attrs.service, errors);
  const interval = checkInterval(attrs.interval, errors) ?? 60;
  const group = optionalText(attrs.group, `${ATTR}/group`, 100, errors) ?? null;
  const pronounceable = optionalText(attrs.pronounceable, `${ATTR}/pronounceable`, 255, errors) ?? null;
  let settings: MonitorSettings = {};
  if (attrs.settings !== undefined && !isObj(attrs.settings)) {
    errors.push({ pointer: `${ATTR}/settings`, detail: "settings must be an object" });
  } else if (kind) {
    settings = checkSettings(kind, (attrs.settings ?? {}) as Obj, errors);
  }
  if (errors.length || !name || !kind) throw validationError(errors);
  return { name, pronounceable, interval, group, kind, settings };
}

/** PATCH /monitors/{id}: given attributes replace, settings merge into the current ones; kind is fixed. */
export function parseMonitorPatch(body: unknown, m: MonitorRecord): Partial<MonitorInput> {
  const attrs = resourceAttributes(body, ["monitors", "monitor"], String(m.id));
  const errors: FieldError[] = [];
  checkUnknownAttributes(attrs, errors);
  const patch: Partial<MonitorInput> = {};
  const name = checkName(attrs.name, false, errors);
  if (name !== undefined) patch.name = name;
  if ("service" in attrs && checkKind(attrs.service, errors) !== m.kind) {
    errors.push({ pointer: `${ATTR}/service`, detail: "The kind of a monitor cannot be changed" });
  }
  const interval = checkInterval(attrs.interval, errors);
  if (interval !== undefined) patch.interval = interval;
  const group = optionalText(attrs.group, `${ATTR}/group`, 100, errors);
  if (group !== undefined) patch.group = group;
  const pronounceable = optionalText(attrs.pronounceable, `${ATTR}/pronounceable`, 255, errors);
  if (pronounceable !== undefined) patch.pronounceable = pronounceable;
  if (attrs.settings !== undefined) {
    if (!isObj(attrs.settings))
      errors.push({ pointer: `${ATTR}/settings`, detail: "settings must be an object" });
    else patch.settings = checkSettings(m.kind, { ...m.settings, ...attrs.settings } as Obj, errors);
  }
  if (errors.length) throw validationError(errors);
  return patch;
}

const USER_FIELDS: Record<string, { test: (v: string) => boolean; detail: string }> = {
  firstName: { test: (v) => v.trim() !== "" && v.length <= 100, detail: "must be 1 to 100 characters" },
  lastName: { test: (v) => v.length <= 100, detail: "must be at most 100 characters" },
  email: { test: (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), detail: "must be an e-mail address" },
  phone: { test: (v) => v === "" || /^\+[1-9]\d{5,14}$/.test(v), detail: "must be in international format" },
  timeZone: { test: validTimeZone, detail: "must be an IANA time zone name" },
  silentStart: { test: (v) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v), detail: "must be HH:MM" },
  silentEnd: { test: (v) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v), detail: "must be HH:MM" },
  lang: { test: (v) => /^[a-z]{2}$/.test(v), detail: "must be a two-letter language code" },
  country: { test: (v) => /^[A-Z]{2}$/.test(v), detail: "must be a two-letter country code" },
};

function validTimeZone(v: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: v });
    return v !== "";
  } catch {
    return false;
  }
}

export type UserPatch = Partial<Pick<UserRecord, "firstName" | "lastName" | "email" | "phone" | "timeZone">> &
  Record<string, string>;

/** PATCH /users/{id}: the user's own attributes; `invitation` is read-only and ignored. */
export function parseUserPatch(body: unknown, id: number, pathId: string = String(id)): UserPatch {
  // `PATCH /users/me` may name the resource `me` in the body too: the id the path used.
  const attrs = resourceAttributes(body, ["users"], String(id), pathId === "me" ? "me" : undefined);
  const errors: FieldError[] = [];
  const patch: Record<string, string> = {};
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "invitation") continue;
    const rule = USER_FIELDS[key];
    const pointer = `${ATTR}/${pointerPart(key)}`;
    if (!rule) errors.push({ pointer, detail: "Unknown or read-only user attribute" });
    else if (typeof value !== "string" || !rule.test(value))
      errors.push({ pointer, detail: `${key} ${rule.detail}` });
    else patch[key] = value;
  }
  if (errors.length) throw validationError(errors);
  return patch as UserPatch;
}

/** DELETE /users/me: the password must be given and right (reference: 422 when wrong). */
export function checkDeletePassword(body: unknown, user: UserRecord): void {
  const attrs = resourceAttributes(body, ["users"]);
  if (typeof attrs.password !== "string" || attrs.password === "") {
    throw validationError([{ pointer: `${ATTR}/password`, detail: "password is required" }]);
  }
  if (attrs.password !== user.password) {
    throw validationError([{ pointer: `${ATTR}/password`, detail: "The password is wrong" }]);
  }
}
