// `npm test`: the static checks (Biome, the import rules, tsc) ALONGSIDE vitest's unit, integration and e2e
// projects, not before them. vitest streams its output as usual and its closing summary stays the last lines;
// the checks' output is held and printed as one block when they end (they take a minute or two, vitest
// several). The checks run one after another at a lower priority: on a 2-core machine they would otherwise
// take CPU from the e2e tests' bots and timers. The exit code is non-zero when either side failed.
//
// usage: tsx tools/run-tests.ts [vitest arguments...]   (npm test -- test/unit/foo.test.ts narrows vitest only)
import { spawn } from "node:child_process";
import { setPriority } from "node:os";

const CHECKS: { name: string; command: string[] }[] = [
  { name: "format and lint (biome check .)", command: ["npx", "biome", "check", "."] },
  {
    name: "import rules (depcruise src dev)",
    command: ["npx", "depcruise", "src", "dev", "--config", ".dependency-cruiser.cjs"],
  },
  { name: "typecheck (tsc --noEmit)", command: ["npx", "tsc", "--noEmit"] },
];
/** Below vitest and the bots it starts (0), above nothing else that matters. */
const CHECKS_NICE = 10;
const VITEST_PROJECTS = ["--project", "unit", "--project", "integration", "--project", "e2e"];

interface Finished {
  code: number;
  output: string;
}

function runHeld(command: string[], nice: number): Promise<Finished> {
  return new Promise((resolve) => {
    const child = spawn(command[0]!, command.slice(1), { stdio: ["ignore", "pipe", "pipe"] });
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, nice);
      } catch {
        // Where a lower priority is refused the checks still run, only sooner.
      }
    }
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("error", (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.once("close", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

async function runChecks(): Promise<{ failed: string[]; report: string }> {
  const failed: string[] = [];
  let report = "";
  for (const check of CHECKS) {
    const started = Date.now();
    const { code, output } = await runHeld(check.command, CHECKS_NICE);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    report += `\n── ${check.name}: ${code === 0 ? "passed" : `FAILED (exit ${code})`} in ${seconds} s\n`;
    if (code !== 0 || output.trim() !== "") report += output.endsWith("\n") ? output : `${output}\n`;
    if (code !== 0) failed.push(check.name);
  }
  return { failed, report };
}

function runVitest(args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn("npx", ["vitest", "run", ...VITEST_PROJECTS, ...args], { stdio: "inherit" });
    child.once("error", () => resolve(1));
    child.once("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const started = Date.now();
const vitest = runVitest(process.argv.slice(2));
const checks = runChecks().then((result) => {
  // One write while vitest runs: a block between its lines, never inside one.
  process.stdout.write(`${result.report}\n`);
  return result;
});
const [vitestCode, { failed }] = await Promise.all([vitest, checks]);
if (failed.length > 0) {
  process.stderr.write(`npm test: ${failed.join(", ")} failed (above); tests exit ${vitestCode}\n`);
}
process.stderr.write(`npm test: ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
process.exit(vitestCode !== 0 || failed.length > 0 ? 1 : 0);
