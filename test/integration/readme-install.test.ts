// README's "Install it in your workspace" stays runnable: every line of its shell blocks is one this test knows
// and checks (an npm script that exists, the manifest edit run on a copy, the `.env` made with a fresh key and
// read by the bot's own config loader), and every `/uptime` line of the section parses with the real grammar.
// test/e2e/readme-install.test.ts follows the same lines through `npm start` to the first alert.
import { execFile } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { loadConfig } from "../../src/config/config";
import { readEnvironment } from "../../src/config/dot-env";
import { parseCommand } from "../../src/grammar";
import { parseEncryptionKeys } from "../../src/store/crypto/encryption-keys";
import { HEADING, repository, section, shellCommands, uptimeLines } from "../support/readme-install-section";

const run = promisify(execFile);
const scripts = (
  JSON.parse(readFileSync(join(repository, "package.json"), "utf8")) as { scripts: Record<string, string> }
).scripts;
const commands = shellCommands;

const work = mkdtempSync(join(tmpdir(), "readme-install-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs one of the section's lines in `work`, as a newcomer's shell would. */
async function sh(line: string): Promise<void> {
  await run("bash", ["-euo", "pipefail", "-c", line], { cwd: work, env: { ...process.env } });
}

describe('README "Install it in your workspace"', () => {
  it("is numbered steps with shell blocks, in the order of the first alert", () => {
    expect(section.length).toBeGreaterThan(HEADING.length);
    const steps = [...section.matchAll(/^(\d+)\. /gm)].map((m) => Number(m[1]));
    expect(steps).toEqual(steps.map((_, i) => i + 1));
    expect(steps.length).toBeGreaterThanOrEqual(8);
    const order = [
      "npm ci",
      "manifest.yml",
      "Create New App",
      "TOKEN_ENCRYPTION_KEY",
      "npm start",
      "/invite @Uptime",
    ];
    const at = order.map((word) => section.indexOf(word));
    expect(
      at.every((i) => i > -1),
      JSON.stringify(order),
    ).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    for (const command of ["/uptime login", "/uptime subscribe", "/uptime status"]) {
      expect(section.indexOf(command), command).toBeGreaterThan(section.indexOf("/invite @Uptime"));
    }
  });

  it("knows every shell line: each npm command is a script of package.json", () => {
    expect(commands.length).toBeGreaterThan(0);
    const unknown: string[] = [];
    for (const command of commands) {
      const npm = /^npm (ci|start|test|run ([\w:-]+))\b/.exec(command);
      if (npm) {
        if (npm[2] !== undefined) expect(scripts, command).toHaveProperty([npm[2]]);
        if (npm[1] === "start" || npm[1] === "test") expect(scripts, command).toHaveProperty([npm[1]]);
        continue;
      }
      if (/^(git clone |cd |cp \.env\.example \.env$|sed )/.test(command)) continue;
      unknown.push(command);
    }
    // A new kind of line needs a check here first.
    expect(unknown).toEqual([]);
  });

  it("makes a manifest with the given hosts and none of the placeholders, still valid YAML", async () => {
    const edit = commands.find((c) => c.startsWith("sed ") && c.includes("manifest.yml"));
    expect(edit).toBeDefined();
    copyFileSync(join(repository, "manifest.yml"), join(work, "manifest.yml"));
    await sh(edit!);
    const text = readFileSync(join(work, "my-manifest.yml"), "utf8");
    expect(text).not.toMatch(/your-host\.example\.com|uptime\.example\.com/);
    const manifest = parse(text) as {
      settings: { event_subscriptions: { request_url: string } };
      features: { unfurl_domains: string[]; slash_commands: { url: string }[] };
    };
    expect(manifest.settings.event_subscriptions.request_url).toBe("https://bot.example.org/slack/events");
    expect(manifest.features.slash_commands[0]!.url).toBe("https://bot.example.org/slack/events");
    expect(manifest.features.unfurl_domains).toEqual(["uptime.example.org"]);
  });

  it("makes a .env whose fresh encryption key the bot accepts, with the rest of .env.example", async () => {
    const envLines = commands.filter(
      (c) => c.startsWith("cp .env.example") || c.includes("TOKEN_ENCRYPTION_KEY"),
    );
    expect(envLines).toHaveLength(2);
    copyFileSync(join(repository, ".env.example"), join(work, ".env.example"));
    for (const line of envLines) await sh(line);
    const { env } = readEnvironment({ cwd: work, env: {} });
    const keys = parseEncryptionKeys(env.TOKEN_ENCRYPTION_KEY);
    expect(env.TOKEN_ENCRYPTION_KEY).toMatch(/^k1:[A-Za-z0-9+/]{43}=$/);
    expect(keys).toBeDefined();
    // The whole configuration loads, as `npm start` would load it from this .env.
    expect(() => loadConfig(env)).not.toThrow();
    // A second run makes another key: the command generates, it does not copy one.
    const first = env.TOKEN_ENCRYPTION_KEY;
    await sh(envLines[1]!);
    expect(readEnvironment({ cwd: work, env: {} }).env.TOKEN_ENCRYPTION_KEY).not.toBe(first);
  });

  it("has /uptime lines that the grammar understands", () => {
    const lines = uptimeLines;
    expect(lines.length).toBeGreaterThanOrEqual(4);
    for (const line of lines) {
      const command = parseCommand(line.slice("/uptime ".length));
      expect(command, line).not.toHaveProperty("error");
      expect(command.kind, line).not.toBe("help");
    }
  });
});
