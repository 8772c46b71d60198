import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { keyspace } from "../../../src/store/keys";
import {
  commandName,
  parseScriptFileName,
  projectScripts,
  readScripts,
  SCRIPT_VERSION,
  ScriptError,
  scriptRunner,
} from "../../../src/store/scripts";
import { testRedis } from "../../support/redis";

const scratch = mkdtempSync(join(tmpdir(), "uc-scripts-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function folderWith(files: Record<string, string>): URL {
  const dir = mkdtempSync(join(scratch, "d-"));
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body);
  return pathToFileURL(`${dir}/`);
}

describe("Lua script loader", () => {
  it("derives the key count from the file name and versions the command name", () => {
    expect(parseScriptFileName("claim-3.lua")).toEqual({ name: "claim", numberOfKeys: 3 });
    expect(parseScriptFileName("cool-down-2.lua")).toEqual({ name: "cool-down", numberOfKeys: 2 });
    expect(parseScriptFileName("commit-quiet-n.lua")).toEqual({ name: "commit-quiet", numberOfKeys: null });
    expect(parseScriptFileName("claim.lua")).toBeNull();
    expect(commandName("cool-down")).toBe(`uc${SCRIPT_VERSION}_cool_down`);
  });

  it("reads every script of the project, each opening with its KEYS/ARGV/result comment", () => {
    const scripts = projectScripts();
    expect([...scripts.keys()].sort()).toEqual(
      [
        "add",
        "alert-lock-extend",
        "alert-lock-release",
        "bucket-drain",
        "bucket-take",
        "channel-slot",
        "claim",
        "commit",
        "commit-quiet",
        "cool-down",
        "dead-letter-replay",
        "extend",
        "link-drop-token",
        "outbox-dead-letter",
        "outbox-reclaim",
        "outbox-release",
        "outbox-sweep-consumers",
        "outbox-touch",
        "outbox-trim",
        "outbox-uncount",
        "poll-rejection",
        "remove",
        "schedule-fire",
        "subscription-pause",
        "subscription-resume",
      ].sort(),
    );
    for (const script of scripts.values()) {
      const header = script.lua.slice(0, script.lua.indexOf("]]"));
      expect(script.lua.startsWith("--[[")).toBe(true);
      if (script.numberOfKeys !== null) {
        expect(header).toContain("KEYS[1]");
        expect(header).toContain(`KEYS[${script.numberOfKeys}]`);
        expect(header).not.toContain(`KEYS[${script.numberOfKeys + 1}]`);
      } else {
        expect(header).toContain("a variable number of keys");
      }
      expect(header).toContain("Result:");
    }
  });

  it("refuses a misnamed or duplicated script file", () => {
    expect(() => readScripts(folderWith({ "claim.lua": "return 1" }))).toThrow(ScriptError);
    expect(() => readScripts(folderWith({ "a-1.lua": "return 1", "a-2.lua": "return 2" }))).toThrow(
      /exists twice/,
    );
    expect(readScripts(folderWith({ "a-1.lua": "return 1", "notes.txt": "x" })).get("a")).toMatchObject({
      numberOfKeys: 1,
      command: commandName("a"),
    });
  });

  it("runs a script under its versioned name and checks the key count", async () => {
    const { redis, prefix } = testRedis();
    const keys = keyspace(prefix);
    const run = scriptRunner(redis);
    const key = [keys.pollCoolDown(0, "g"), keys.pollCoolDownPrefix(0)];
    expect(await run.run("cool-down", key, [Date.now() + 60_000, 120_000])).toBe(1);
    expect(await run.run("cool-down", key, [Date.now() + 1_000, 120_000])).toBe(0);
    await expect(run.run("cool-down", [key[0]!], [1])).rejects.toThrow(ScriptError);
    // Registered on the connection under the versioned name only.
    expect(typeof (redis as unknown as Record<string, unknown>)[commandName("cool-down")]).toBe("function");
    expect((redis as unknown as Record<string, unknown>)["cool-down"]).toBeUndefined();
    // A second runner on the same connection reuses the registration.
    expect(await scriptRunner(redis).run("cool-down", key, [Date.now() + 120_000, 180_000])).toBe(1);
  });

  it("runs a script of a variable key count with the count sent along, and refuses one without keys", async () => {
    const { redis, prefix } = testRedis();
    const keys = keyspace(prefix);
    const run = scriptRunner(redis);
    const [due, a, b] = [keys.pollDue(0), keys.pollTarget(0, "a"), keys.pollTarget(0, "b")];
    await redis.hset(a, "lease", "la");
    await redis.hset(b, "lease", "lb");
    const shard = [due, keys.pollTargetPrefix(0)];
    expect(
      await run.run("commit-quiet", shard, [2, "a", "la", 1_000, "", "b", "wrong", 2_000, '{"v":1}']),
    ).toEqual([1, 0]);
    expect(await redis.zrange(due, 0, -1, "WITHSCORES")).toEqual(["a", "1000"]);
    // A state is written with its commit, and only under the lease: "" keeps the stored one.
    await redis.hset(a, "lease", "la2", "state", "old");
    await redis.hset(b, "lease", "lb2", "state", "old");
    expect(
      await run.run("commit-quiet", shard, [2, "a", "la2", 3_000, '{"v":1}', "b", "lb2", 4_000, ""]),
    ).toEqual([1, 1]);
    expect(await redis.hget(a, "state")).toBe('{"v":1}');
    expect(await redis.hget(b, "state")).toBe("old");
    await expect(run.run("commit-quiet", [], [])).rejects.toThrow(/at least one key/);
  });
});
