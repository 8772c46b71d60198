// manifest.yml against Slack's published manifest schema (test/fixtures/schemas/slack-app-manifest, draft-07:
// Ajv's default build), and against the code: scopes, command, shortcut callback ids, request URLs.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import Ajv from "ajv";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { BOT_SCOPES } from "../../src/bot/slack-app";
import { commands, shortcuts, workflowInputs, workflowSteps } from "../../src/ui/ids";

const root = new URL("../../", import.meta.url);
const schemaDir = new URL("test/fixtures/schemas/slack-app-manifest/", root);
const loadJson = (path: string) => JSON.parse(readFileSync(new URL(path, schemaDir), "utf8"));
// The router refers to its two parts by their published URLs; nothing is fetched (schemas/README.md).
const PART_URL = "https://raw.githubusercontent.com/slackapi/manifest-schema/v0.5.0/schemas/";

function manifestValidator() {
  // strict: false because the published schema carries annotations that are not JSON Schema keywords
  // (`regex` next to a colour's lengths, `_note`); Ajv would refuse to compile it otherwise.
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
  for (const version of ["1.0.0", "2.0.0"]) {
    ajv.addSchema(
      loadJson(`schemas/manifest.schema.${version}.json`),
      `${PART_URL}manifest.schema.${version}.json`,
    );
  }
  return ajv.compile(loadJson("manifest.schema.json"));
}

interface Manifest {
  _metadata: { major_version: number };
  features: {
    slash_commands: { command: string; url?: string; usage_hint?: string; should_escape?: boolean }[];
    shortcuts: { callback_id: string; type: string; name: string }[];
    app_home: Record<string, boolean>;
    unfurl_domains?: string[];
  };
  functions?: Record<
    string,
    {
      input_parameters: { properties: Record<string, { type: string }>; required?: string[] };
      output_parameters: { properties: Record<string, { type: string }> };
    }
  >;
  oauth_config: { scopes: { bot: string[]; user?: string[] } };
  settings: {
    event_subscriptions: { bot_events: string[]; request_url?: string };
    interactivity: { is_enabled: boolean; request_url?: string; message_menu_options_url?: string };
    socket_mode_enabled: boolean;
    org_deploy_enabled?: boolean;
    function_runtime?: string;
  };
}

const manifest = parse(readFileSync(new URL("manifest.yml", root), "utf8")) as Manifest;
const socketManifest = parse(readFileSync(new URL("manifest.socket-mode.yml", root), "utf8")) as Manifest;

/**
 * Slack's Socket Mode switch as docs/slack-app.md documents it: `socket_mode_enabled: true`, and no request URLs
 * (Slack sends events, commands and interactions over the WebSocket instead).
 */
function toSocketMode(http: Manifest): Manifest {
  const out = structuredClone(http);
  for (const command of out.features.slash_commands) delete command.url;
  delete out.settings.event_subscriptions.request_url;
  delete out.settings.interactivity.request_url;
  delete out.settings.interactivity.message_menu_options_url;
  out.settings.socket_mode_enabled = true;
  return out;
}

/**
 * Bot scopes each Slack Web API method needs (Slack's method reference, "Required scopes"). A method the
 * code starts calling that is not listed fails the scope test below, so that the manifest is revisited.
 */
const METHOD_SCOPES: Record<string, string[]> = {
  "auth.test": [],
  "chat.postMessage": ["chat:write"],
  "chat.update": ["chat:write"],
  "chat.postEphemeral": ["chat:write"],
  "chat.delete": ["chat:write"],
  // https://docs.slack.dev/reference/methods/pins.add and pins.remove: pins:write.
  "pins.add": ["pins:write"],
  "pins.remove": ["pins:write"],
  // The history scope of each kind of conversation the bot looks up its own posts in (docs/architecture.md section 5): a
  // channel subscription's public or private channel, a personal subscription's DM with the app. Slack
  // requires "the relevant *:history scope" for the conversation's type
  // (https://docs.slack.dev/reference/methods/conversations.history); the bot posts in no group DM.
  "conversations.history": ["channels:history", "groups:history", "im:history"],
  "conversations.replies": ["channels:history", "groups:history", "im:history"],
  "conversations.info": ["channels:read", "groups:read"],
  // Link unfurls: is the poster still a member, before a card is drawn again with their token.
  "conversations.members": ["channels:read", "groups:read"],
  "conversations.open": ["im:write"],
  "users.info": ["users:read"],
  "usergroups.list": ["usergroups:read"],
  // Incident channels: private channels the bot creates; groups:write is the bot scope of each for a private
  // channel (https://docs.slack.dev/reference/methods/conversations.create, .invite, .archive).
  "conversations.create": ["groups:write"],
  "conversations.invite": ["groups:write"],
  "conversations.archive": ["groups:write"],
  "usergroups.users.list": ["usergroups:read"],
  // On-call rotas' `--group` (https://docs.slack.dev/reference/methods/usergroups.users.update).
  "usergroups.users.update": ["usergroups:write"],
  "views.open": [],
  "views.update": [],
  "views.push": [],
  "views.publish": [],
  "files.uploadV2": ["files:write"],
  "files.getUploadURLExternal": ["files:write"],
  "files.completeUploadExternal": ["files:write"],
  // https://docs.slack.dev/reference/methods/chat.unfurl: links:write.
  "chat.unfurl": ["links:write"],
  // https://docs.slack.dev/reference/methods/chat.getPermalink: "No scope required".
  "chat.getPermalink": [],
  // https://docs.slack.dev/reference/methods/canvases.create, canvases.edit, canvases.access.set.
  "canvases.create": ["canvases:write"],
  "canvases.edit": ["canvases:write"],
  "canvases.access.set": ["canvases:write"],
  // A workflow step's run completed with its own token: "No scopes required"
  // (https://docs.slack.dev/reference/methods/functions.completeSuccess, .../functions.completeError).
  "functions.completeSuccess": [],
  "functions.completeError": [],
};

/**
 * Scopes no Web API call of ours needs: `commands` (the slash command and the shortcut), and `links:read`,
 * which subscribes the app to the `link_shared` event (https://docs.slack.dev/reference/events/link_shared,
 * "Required scopes: links:read").
 */
const SCOPES_WITHOUT_A_CALL = ["commands", "links:read"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith(".ts") ? [path] : [];
  });
}

/** Web API methods the product calls (`client.chat.postMessage(`), outside the fakes it ships for tests. */
function calledMethods(): Map<string, string[]> {
  const src = new URL("src/", root).pathname;
  const found = new Map<string, string[]>();
  for (const file of sourceFiles(src)) {
    const rel = relative(src, file);
    if (rel.startsWith("playground/") || rel.startsWith("simulator/")) continue;
    const text = readFileSync(file, "utf8");
    // Two parts (`chat.postMessage`) or three (`usergroups.users.list`).
    for (const match of text.matchAll(/\bclient\.([a-z]+)\.([a-zA-Z0-9]+)(?:\.([a-zA-Z0-9]+))?\s*\(/g)) {
      const method = [match[1], match[2], match[3]].filter(Boolean).join(".");
      found.set(method, [...(found.get(method) ?? []), rel]);
    }
    for (const match of text.matchAll(/\.apiCall\(\s*["']([a-zA-Z.]+)["']/g)) {
      found.set(match[1]!, [...(found.get(match[1]!) ?? []), rel]);
    }
  }
  return found;
}

/** docs/slack-app.md "Permissions the app asks for, and why": each row's methods (or features) and bot scopes. */
function readmePermissions(): { methods: string[]; scopes: string[]; cell: string }[] {
  const readme = readFileSync(new URL("docs/slack-app.md", root), "utf8");
  const start = readme.indexOf("### Permissions the app asks for, and why");
  expect(start, "docs/slack-app.md has the section").toBeGreaterThan(-1);
  const section = readme.slice(start).split(/\n#{2,3} /)[0] ?? "";
  const rows = section.split("\n").filter((line) => line.startsWith("| ") && !line.startsWith("| -"));
  return rows.slice(1).map((row) => {
    const [method = "", scope = ""] = row.slice(2).split(" | ");
    const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    return {
      methods: ticked(method).filter((m) => /^[a-z]+\.[a-zA-Z.]+$/.test(m)),
      scopes: scope.trim() === "none" ? [] : ticked(scope),
      cell: method.trim(),
    };
  });
}

describe("docs/slack-app.md's permission table", () => {
  it("asks for exactly the scopes of manifest.yml, manifest.socket-mode.yml and BOT_SCOPES", () => {
    const scopes = new Set(readmePermissions().flatMap((row) => row.scopes));
    expect([...scopes].sort()).toEqual([...manifest.oauth_config.scopes.bot].sort());
    expect([...scopes].sort()).toEqual([...socketManifest.oauth_config.scopes.bot].sort());
    expect([...scopes].sort()).toEqual([...BOT_SCOPES].sort());
  });

  it("has a row for every Web API method the code calls, with the scopes Slack requires for it", () => {
    const rows = readmePermissions();
    const called = calledMethods();
    for (const method of called.keys()) {
      const row = rows.find((r) => r.methods.includes(method));
      expect(row, `docs/slack-app.md's permission table lacks ${method}`).toBeDefined();
      expect([...(row?.scopes ?? [])].sort(), method).toEqual([...(METHOD_SCOPES[method] ?? [])].sort());
    }
    const stale = rows.flatMap((r) => r.methods).filter((m) => !called.has(m));
    expect(stale, "rows for methods the code no longer calls").toEqual([]);
    // The rows that are not a Web API method of ours: `commands` (the slash command and the shortcut) and
    // the link_shared event.
    expect(rows.filter((r) => r.methods.length === 0)).toEqual([
      expect.objectContaining({ scopes: ["commands"], cell: expect.stringContaining("/uptime") }),
      expect.objectContaining({ scopes: ["links:read"], cell: expect.stringContaining("link_shared") }),
    ]);
  });
});

describe("manifest.yml", () => {
  it("is valid against Slack's published manifest schema (major version 2)", () => {
    const validate = manifestValidator();
    expect(manifest._metadata.major_version).toBe(2);
    expect(validate(manifest), JSON.stringify(validate.errors, null, 2)).toBe(true);
  });

  it("the schema check can fail: a shortcut without a description is refused", () => {
    const validate = manifestValidator();
    const broken = structuredClone(manifest) as unknown as { features: { shortcuts: object[] } };
    broken.features.shortcuts = [{ name: "Create monitor", type: "global", callback_id: "x" }];
    expect(validate(broken)).toBe(false);
  });

  it("requests exactly BOT_SCOPES, and no user scopes", () => {
    expect([...manifest.oauth_config.scopes.bot].sort()).toEqual([...BOT_SCOPES].sort());
    expect(manifest.oauth_config.scopes.user ?? []).toEqual([]);
    expect(BOT_SCOPES).not.toContain("chat:write.public");
  });

  it("the scopes are the smallest set for the Web API methods the code calls", () => {
    const called = calledMethods();
    const unknown = [...called.keys()].filter((m) => !(m in METHOD_SCOPES));
    expect(unknown, `add these methods (called in ${JSON.stringify([...called])}) to METHOD_SCOPES`).toEqual(
      [],
    );
    // `commands` is for the slash command and the global shortcut, which are not Web API calls.
    const needed = new Set([
      ...SCOPES_WITHOUT_A_CALL,
      ...[...called.keys()].flatMap((m) => METHOD_SCOPES[m] ?? []),
    ]);
    expect([...needed].sort()).toEqual([...BOT_SCOPES].sort());
  });

  it("declares the slash command the app registers, with escaping and a usage hint", () => {
    const [command, ...others] = manifest.features.slash_commands;
    expect(others).toEqual([]);
    expect(command?.command).toBe(commands.uptime);
    expect(command?.command).toBe(commands.uptime);
    expect(command?.should_escape).toBe(true);
    for (const word of ["help", "status", "monitors", "incidents", "ack", "create", "subscribe"]) {
      expect(command?.usage_hint).toContain(word);
    }
  });

  it("declares exactly the shortcuts of src/ui/ids.ts", () => {
    expect(manifest.features.shortcuts.map((s) => s.callback_id).sort()).toEqual(
      Object.values(shortcuts).sort(),
    );
    expect(manifest.features.shortcuts).toContainEqual(
      expect.objectContaining({
        name: "Create monitor",
        type: "global",
        callback_id: shortcuts.createMonitor,
      }),
    );
  });

  it("turns on interactivity, App Home (Home and Messages tabs) and the events the bot handles", () => {
    expect(manifest.settings.interactivity.is_enabled).toBe(true);
    expect(manifest.features.app_home).toMatchObject({ home_tab_enabled: true, messages_tab_enabled: true });
    expect([...manifest.settings.event_subscriptions.bot_events].sort()).toEqual([
      "app_home_opened",
      "app_uninstalled",
      "link_shared",
      "tokens_revoked",
      "user_change",
    ]);
  });

  it("unfurls the web app's domain, and declares exactly the workflow steps of src/ui/ids.ts", () => {
    expect(manifest.features.unfurl_domains).toEqual(["uptime.example.com"]);
    // Custom steps need an org-ready app and run in the app's own process (docs/slack-app.md).
    expect(manifest.settings.org_deploy_enabled).toBe(true);
    expect(manifest.settings.function_runtime).toBe("remote");
    const functions = manifest.functions ?? {};
    expect(Object.keys(functions).sort()).toEqual(Object.values(workflowSteps).sort());
    for (const [id, fn] of Object.entries(functions)) {
      // Every step acts as the person running the workflow, whom only Slack can name.
      expect(fn.input_parameters.properties[workflowInputs.userContext]?.type, id).toBe(
        "slack#/types/user_context",
      );
      expect(fn.input_parameters.required, id).toContain(workflowInputs.userContext);
    }
    expect(Object.keys(functions.get_monitor_status?.output_parameters.properties ?? {})).toEqual(
      expect.arrayContaining(["state", "availability_24h", "open_incident_id"]),
    );
  });

  it("is the HTTP-mode manifest: every request URL is the receiver's /slack/events", () => {
    expect(manifest.settings.socket_mode_enabled).toBe(false);
    const urls = [
      manifest.features.slash_commands[0]?.url,
      manifest.settings.event_subscriptions.request_url,
      manifest.settings.interactivity.request_url,
      manifest.settings.interactivity.message_menu_options_url,
    ];
    for (const url of urls) expect(url).toBe("https://your-host.example.com/slack/events");
  });
});

describe("manifest.socket-mode.yml", () => {
  it("is valid against Slack's published manifest schema (major version 2)", () => {
    const validate = manifestValidator();
    expect(validate(socketManifest), JSON.stringify(validate.errors, null, 2)).toBe(true);
  });

  it("is manifest.yml with the Socket Mode switch on and no request URLs, and nothing else changed", () => {
    expect(socketManifest.settings.socket_mode_enabled).toBe(true);
    expect(
      socketManifest,
      "edit manifest.yml, then run npx tsx tools/socket-mode-manifest.ts to regenerate manifest.socket-mode.yml",
    ).toEqual(toSocketMode(manifest));
  });

  it("names no URL but the OAuth redirect (Slack ignores request URLs in Socket Mode)", () => {
    const text = readFileSync(new URL("manifest.socket-mode.yml", root), "utf8");
    const lines = text.split("\n").filter((line) => !line.trim().startsWith("#"));
    const urls = lines.flatMap((line) => [...line.matchAll(/https:\/\/\S+/g)].map((m) => m[0]));
    expect(urls).toEqual(["https://your-host.example.com/slack/oauth_redirect"]);
  });
});
