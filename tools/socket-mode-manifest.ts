// Writes manifest.socket-mode.yml from manifest.yml: the same app with Slack's Socket Mode switch on
// (`settings.socket_mode_enabled: true`) and without the request URLs, which Slack does not use in Socket
// Mode (events, commands and interactions arrive over the app's WebSocket). Comments are kept. Run after
// every edit of manifest.yml: npx tsx tools/socket-mode-manifest.ts
// (test/integration/manifest.test.ts fails while the two manifests differ in anything else).
import { readFileSync, writeFileSync } from "node:fs";
import { isMap, isSeq, parseDocument } from "yaml";

const root = new URL("../", import.meta.url);
const doc = parseDocument(readFileSync(new URL("manifest.yml", root), "utf8"));

doc.commentBefore = [
  " Slack app manifest for uptime-chatops in Socket Mode (https://api.slack.com/reference/manifests).",
  " GENERATED from manifest.yml by tools/socket-mode-manifest.ts: edit manifest.yml, then run",
  "   npx tsx tools/socket-mode-manifest.ts",
  " Socket Mode: no public URL; Slack sends events, the slash command and interactions over a WebSocket that",
  " the bot opens with an app-level token (connections:write) in SLACK_APP_TOKEN. No signing secret. The",
  " OAuth redirect URL is still used by multi-workspace (OAuth) installs, served on the bot's PORT.",
  " test/integration/manifest.test.ts validates this file against Slack's published manifest schema and",
  " checks that it is manifest.yml with only this switch changed.",
].join("\n");

// manifest.yml's own header (HTTP mode, how to switch) sits on its first key: replaced by the one above.
if (isMap(doc.contents)) {
  const first = doc.contents.items[0]?.key;
  if (first && typeof first === "object" && "commentBefore" in first) first.commentBefore = undefined;
}
const commands = doc.getIn(["features", "slash_commands"]);
if (isSeq(commands)) for (const command of commands.items) if (isMap(command)) command.delete("url");
doc.deleteIn(["settings", "event_subscriptions", "request_url"]);
doc.deleteIn(["settings", "interactivity", "request_url"]);
doc.deleteIn(["settings", "interactivity", "message_menu_options_url"]);
doc.setIn(["settings", "socket_mode_enabled"], true);

writeFileSync(new URL("manifest.socket-mode.yml", root), doc.toString({ lineWidth: 0 }));
console.log("wrote manifest.socket-mode.yml");
