import { readdirSync, readFileSync } from "node:fs";
import type { RedisClient } from "./redis-connection";

/**
 * Loads the Lua scripts of `./scripts/` (BullMQ style: `name-<numkeys>.lua`, or `name-n.lua` for a
 * variable number of keys, each opening with a KEYS/ARGV/result comment) and runs them through ioredis `defineCommand` (EVALSHA, EVAL on NOSCRIPT).
 *
 * Commands are registered as `uc<SCRIPT_VERSION>_<name>`. Bump SCRIPT_VERSION whenever a script's
 * keys, arguments or reply change: during a rolling deploy each version then runs its own scripts
 * instead of a newer body that it would call with the old arguments.
 */
export const SCRIPT_VERSION = 9;

/** What each script replies (Redis integers arrive as numbers, nil never occurs). */
export interface ScriptReplies {
  add: number;
  /** One list per shard given. */
  claim: [
    target: string,
    epoch: number,
    state: string,
    failures: number,
    meta: string,
    settled: 0 | 1,
    /** When a poll of this claim reads the incidents (ms), 0 for none. */
    refreshAt: number,
  ][][];
  /** 2: this lease's commit had landed already (the same commit, sent again after its reply was lost). */
  commit: 0 | 1 | 2;
  "commit-quiet": (0 | 1 | 2)[];
  "cool-down": 0 | 1;
  /** How many held claims were extended. */
  extend: number;
  remove: number;
  "subscription-pause": -1 | 0 | 1;
  "subscription-resume": 0 | 1;
  "poll-rejection": [] | [1] | [count: number, since: number, paused: string];
  "alert-lock-release": 0 | 1;
  "alert-lock-extend": 0 | 1;
  "channel-slot": number;
  "outbox-reclaim": [next: string, entries: [id: string, fields: string[], deliveries: number][]];
  "outbox-touch": number;
  "outbox-uncount": number;
  "outbox-dead-letter": 0 | 1;
  "outbox-release": number;
  "outbox-trim": number;
  "outbox-sweep-consumers": number;
  "dead-letter-replay": string;
  "schedule-fire": 0 | 1;
  "link-drop-token": 0 | 1;
  /** Taken (1, with the wait before using the tokens) or not (0, with the wait until they are there). */
  "bucket-take": [taken: 0 | 1, waitMs: number];
  "bucket-drain": number;
}

export type ScriptName = keyof ScriptReplies;

export interface LuaScript {
  name: string;
  /** null: a variable number (`name-n.lua`), passed with each run. */
  numberOfKeys: number | null;
  /** The ioredis command name: versioned, so that two deployed versions never mix. */
  command: string;
  lua: string;
}

export class ScriptError extends Error {
  override name = "ScriptError";
}

const SCRIPT_FILE = /^([a-z][a-z0-9-]*)-(\d+|n)\.lua$/;
const SCRIPTS_DIR = new URL("./scripts/", import.meta.url);

export function commandName(script: string): string {
  return `uc${SCRIPT_VERSION}_${script.replaceAll("-", "_")}`;
}

/**
 * Parses `add-3.lua` into its name and key count (null for `claim-n.lua`: variable); null for
 * a file that is not a script.
 */
export function parseScriptFileName(file: string): { name: string; numberOfKeys: number | null } | null {
  const match = SCRIPT_FILE.exec(file);
  if (!match) return null;
  return { name: match[1]!, numberOfKeys: match[2] === "n" ? null : Number(match[2]) };
}

/** Reads every script of a folder; a name present twice (with two key counts) is an error. */
export function readScripts(dir: URL = SCRIPTS_DIR): Map<string, LuaScript> {
  const scripts = new Map<string, LuaScript>();
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith(".lua")) continue;
    const parsed = parseScriptFileName(file);
    if (!parsed) throw new ScriptError(`script file ${file} is not named <name>-<numkeys>.lua`);
    if (scripts.has(parsed.name)) throw new ScriptError(`script ${parsed.name} exists twice`);
    const lua = readFileSync(new URL(file, dir), "utf8");
    scripts.set(parsed.name, { ...parsed, command: commandName(parsed.name), lua });
  }
  return scripts;
}

let cached: Map<string, LuaScript> | undefined;

/** The project's scripts, read from disk once per process. */
export function projectScripts(): Map<string, LuaScript> {
  cached ??= readScripts();
  return cached;
}

type ScriptCommand = (...keysAndArgs: (string | number)[]) => Promise<unknown>;

const registered = new WeakSet<RedisClient>();

function register(redis: RedisClient): void {
  if (registered.has(redis)) return;
  for (const script of projectScripts().values()) {
    // Without numberOfKeys, ioredis takes the key count as the first argument of each call (run() below).
    const keys = script.numberOfKeys === null ? {} : { numberOfKeys: script.numberOfKeys };
    redis.defineCommand(script.command, { ...keys, lua: script.lua });
  }
  registered.add(redis);
}

/** A typed runner: `run("claim", keys, args)`; the key count is checked against the file name. */
export interface ScriptRunner {
  run<N extends ScriptName>(
    name: N,
    keys: readonly string[],
    args: readonly (string | number)[],
  ): Promise<ScriptReplies[N]>;
}

export function scriptRunner(redis: RedisClient): ScriptRunner {
  register(redis);
  return {
    async run(name, keys, args) {
      const script = projectScripts().get(name);
      if (!script) throw new ScriptError(`no script file for ${name} in ${SCRIPTS_DIR.pathname}`);
      // A variable count is sent with the call; a Redis Cluster routes the call by its first key.
      const variable = script.numberOfKeys === null;
      if (variable && keys.length === 0) throw new ScriptError(`script ${name} needs at least one key`);
      // ioredis would silently read surplus keys as arguments: a wrong count is a bug, said loudly.
      if (!variable && keys.length !== script.numberOfKeys) {
        throw new ScriptError(`script ${name} takes ${script.numberOfKeys} keys, got ${keys.length}`);
      }
      const command = (redis as unknown as Record<string, ScriptCommand>)[script.command];
      if (!command) throw new ScriptError(`script ${name} is not registered on this connection`);
      const count = variable ? [keys.length] : [];
      return (await command.call(redis, ...count, ...keys, ...args)) as ScriptReplies[typeof name];
    },
  };
}
