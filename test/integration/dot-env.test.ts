// readEnvironment on real files: `.env` in the working directory, read when present.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError } from "../../src/config/config-error";
import { readEnvironment } from "../../src/config/dot-env";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "uc-dotenv-"));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("readEnvironment", () => {
  it("reads .env from the working directory, under the real environment", () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, ".env"), "PORT=4000\nLOG_LEVEL=debug\n");
    const { env, envFile } = readEnvironment({ cwd, env: { LOG_LEVEL: "warn" } });
    expect(envFile).toBe(join(cwd, ".env"));
    expect(env).toEqual({ PORT: "4000", LOG_LEVEL: "warn" });
  });

  it("is the real environment alone (a copy) when there is no .env", () => {
    const real = { PORT: "5000" };
    const { env, envFile } = readEnvironment({ cwd: tempDir(), env: real });
    expect(envFile).toBeUndefined();
    expect(env).toEqual(real);
    expect(env).not.toBe(real);
  });

  it("stops with one line when .env exists but cannot be read", () => {
    const cwd = tempDir();
    mkdirSync(join(cwd, ".env"));
    expect(() => readEnvironment({ cwd, env: {} })).toThrow(ConfigError);
    expect(() => readEnvironment({ cwd, env: {} })).toThrow(/^\.env could not be read: EISDIR/);
  });
});
