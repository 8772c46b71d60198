import { parseArgs } from "node:util";
import { createLogger } from "../../src/lib/logger";
import { DEMO_TOKENS } from "./demo-seed";
import { startSimulator } from "./server";

const USAGE = `Usage: npm run simulator -- [--port 4010] [--host 127.0.0.1] [--seed demo|empty] [--rate N] [--time-scale N] [--latency-ms N] [--probes] [--no-auto-checks]`;

function number(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) {
    console.error(`--${name} must be a non-negative number, got "${value}"\n${USAGE}`);
    process.exit(2);
  }
  return n;
}

async function main(): Promise<void> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: "string" },
        host: { type: "string" },
        seed: { type: "string" },
        rate: { type: "string" },
        "time-scale": { type: "string" },
        "latency-ms": { type: "string" },
        probes: { type: "boolean" },
        "no-auto-checks": { type: "boolean" },
        help: { type: "boolean" },
      },
    }));
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const seed = (values.seed as string | undefined) ?? "demo";
  if (seed !== "demo" && seed !== "empty") {
    console.error(`--seed must be demo or empty\n${USAGE}`);
    process.exit(2);
  }
  const sim = await startSimulator({
    port: number("port", values.port as string | undefined, 4010),
    host: (values.host as string | undefined) ?? "127.0.0.1",
    seed,
    rateLimitPerSecond: number("rate", values.rate as string | undefined, 0),
    timeScale: number("time-scale", values["time-scale"] as string | undefined, 1) || 1,
    latencyMs: number("latency-ms", values["latency-ms"] as string | undefined, 0),
    probes: values.probes === true,
    autoChecks: values["no-auto-checks"] !== true,
    logger: createLogger({ name: "simulator", level: process.env.LOG_LEVEL ?? "warn" }),
  });
  console.log(`Uptime simulator listening on ${sim.url}`);
  console.log(`Control API: ${sim.url}/__simulator/health`);
  if (seed === "demo") {
    console.log("Demo tokens (Authorization: Bearer <token>):");
    console.log(`  Olivia Owner    (user 1, owner of team 1)   ${DEMO_TOKENS.owner}`);
    console.log(`  Max Member      (user 2, regular in team 1) ${DEMO_TOKENS.member}`);
    console.log(`  Rita Readonly   (user 3, read-only team 1)  ${DEMO_TOKENS.readonly}`);
    console.log(`  Stan Staging    (user 4, owner of team 2)   ${DEMO_TOKENS.stagingOwner}`);
  }
  const stop = () => {
    sim.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
