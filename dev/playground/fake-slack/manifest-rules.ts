import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { FakeSlackUsageError } from "./errors";

/**
 * What the fake Slack enforces from the app's manifest (https://docs.slack.dev/reference/app-manifest):
 * the bot scopes the workspace granted at install, and whether people can type in the app's DM.
 */
export interface ManifestRules {
  /** `oauth_config.scopes.bot`: a Web API method needing another scope answers `missing_scope`. */
  botScopes: ReadonlySet<string>;
  /**
   * `features.app_home.messages_tab_enabled` / `messages_tab_read_only_enabled`: the Messages tab of App
   * Home (https://docs.slack.dev/surfaces/app-home) is the DM between a person and the app. Only when it is
   * on and not read-only can people send anything there (sender.ts, refuseTypingInAppDm).
   */
  messagesTab: "off" | "read_only" | "writable";
  /** `settings.event_subscriptions.bot_events`: Slack sends only the events the app subscribed to. */
  botEvents: ReadonlySet<string>;
  /**
   * `features.unfurl_domains`: Slack sends `link_shared` only for links of these domains: "a link
   * matching the registered URL domain your app is setup to track"
   * (https://docs.slack.dev/reference/events/link_shared).
   */
  unfurlDomains: readonly string[];
  /** `functions`: the custom steps Workflow Builder offers, by callback_id (link-and-step-events.ts). */
  functions: ReadonlyMap<string, ManifestFunction>;
  /**
   * `features.shortcuts` of `type: message`, by callback_id: Slack offers a message shortcut in a message's
   * "More actions" menu only when the app declares it (https://docs.slack.dev/interactivity/implementing-shortcuts),
   * so it sends `message_action` for no other (message-shortcuts.ts).
   */
  messageShortcuts: ReadonlySet<string>;
  /** `settings.org_deploy_enabled`: custom steps need an org-ready app (link-and-step-events.ts). */
  orgDeployEnabled: boolean;
  /** Where the rules came from (a path, or "object"), for error messages. */
  source: string;
}

/** One `functions.<callback_id>` of the manifest: what function_executed describes. */
export interface ManifestFunction {
  title: string;
  description: string;
  inputs: Record<string, { type: string; title?: string; description?: string }>;
  outputs: Record<string, { type: string; title?: string; description?: string }>;
  requiredInputs: readonly string[];
}

/** A manifest as `startFakeSlack({ manifest })` takes it: a path to a YAML/JSON file, or the parsed object. */
export type ManifestInput = string | Record<string, unknown>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * manifest.yml at the repository root, found by walking up from this module (src/, or a bundle under dist/
 * or a bench's directory) and then from the working directory.
 */
export function repositoryManifestPath(): string {
  const starts = [dirname(fileURLToPath(import.meta.url)), process.cwd()];
  for (const start of starts) {
    let dir = start;
    for (;;) {
      const candidate = join(dir, "manifest.yml");
      if (existsSync(candidate)) return candidate;
      const parent = dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  throw new FakeSlackUsageError(
    "the fake Slack found no manifest.yml above its module or the working directory",
  );
}

/** The repository's manifest.yml, parsed (tests derive variants from it). */
export function repositoryManifest(): Record<string, unknown> {
  return readManifest(repositoryManifestPath());
}

function readManifest(path: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new FakeSlackUsageError(`cannot read the manifest ${path}: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = parse(text);
  } catch (error) {
    throw new FakeSlackUsageError(`the manifest ${path} is not valid YAML: ${(error as Error).message}`);
  }
  if (!isRecord(parsed)) throw new FakeSlackUsageError(`the manifest ${path} is not a YAML mapping`);
  return parsed;
}

/** The rules of a manifest (the repository's manifest.yml by default); bad input gets a clear message. */
export function manifestRules(input?: ManifestInput): ManifestRules {
  const source =
    typeof input === "string" ? input : input === undefined ? repositoryManifestPath() : "object";
  const manifest = isRecord(input) ? input : readManifest(source);
  const oauth = isRecord(manifest.oauth_config) ? manifest.oauth_config : {};
  const scopes = isRecord(oauth.scopes) ? oauth.scopes : {};
  const bot = scopes.bot ?? [];
  if (!Array.isArray(bot) || bot.some((s) => typeof s !== "string")) {
    throw new FakeSlackUsageError(
      `manifest ${source}: oauth_config.scopes.bot must be a list of scope names`,
    );
  }
  const features = isRecord(manifest.features) ? manifest.features : {};
  const appHome = isRecord(features.app_home) ? features.app_home : {};
  const messagesTab =
    appHome.messages_tab_enabled !== true
      ? "off"
      : appHome.messages_tab_read_only_enabled === true
        ? "read_only"
        : "writable";
  const settings = isRecord(manifest.settings) ? manifest.settings : {};
  const subscriptions = isRecord(settings.event_subscriptions) ? settings.event_subscriptions : {};
  const events = Array.isArray(subscriptions.bot_events) ? subscriptions.bot_events : [];
  const domains = Array.isArray(features.unfurl_domains) ? features.unfurl_domains : [];
  const shortcuts = Array.isArray(features.shortcuts) ? features.shortcuts : [];
  const messageShortcuts = shortcuts.flatMap((s) =>
    isRecord(s) && s.type === "message" && typeof s.callback_id === "string" ? [s.callback_id] : [],
  );
  return {
    botScopes: new Set(bot as string[]),
    messagesTab,
    botEvents: new Set(events.filter((e): e is string => typeof e === "string")),
    unfurlDomains: domains.filter((d): d is string => typeof d === "string").map((d) => d.toLowerCase()),
    functions: manifestFunctions(manifest.functions),
    messageShortcuts: new Set(messageShortcuts),
    orgDeployEnabled: settings.org_deploy_enabled === true,
    source,
  };
}

type Parameters = ManifestFunction["inputs"];

function parametersOf(value: unknown): { properties: Parameters; required: string[] } {
  const block = isRecord(value) ? value : {};
  const properties: Parameters = {};
  if (isRecord(block.properties)) {
    for (const [name, p] of Object.entries(block.properties)) {
      if (isRecord(p) && typeof p.type === "string") {
        properties[name] = {
          type: p.type,
          ...(typeof p.title === "string" ? { title: p.title } : {}),
          ...(typeof p.description === "string" ? { description: p.description } : {}),
        };
      }
    }
  }
  const required = Array.isArray(block.required)
    ? block.required.filter((r): r is string => typeof r === "string")
    : [];
  return { properties, required };
}

function manifestFunctions(value: unknown): Map<string, ManifestFunction> {
  const out = new Map<string, ManifestFunction>();
  if (!isRecord(value)) return out;
  for (const [callbackId, fn] of Object.entries(value)) {
    if (!isRecord(fn)) continue;
    const inputs = parametersOf(fn.input_parameters);
    out.set(callbackId, {
      title: typeof fn.title === "string" ? fn.title : callbackId,
      description: typeof fn.description === "string" ? fn.description : "",
      inputs: inputs.properties,
      outputs: parametersOf(fn.output_parameters).properties,
      requiredInputs: inputs.required,
    });
  }
  return out;
}
