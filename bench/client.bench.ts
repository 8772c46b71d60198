/**
 * `npm run bench -- client`: the API client against a raw undici loop on the same GETs, and the
 * simulator's own throughput. The simulator runs in a child process so that the load generator and
 * the server do not share one event loop (they do share the machine's cores).
 */
import { cpus, loadavg } from "node:os";
import { Pool } from "undici";
import { UptimeClient } from "../src/uptime";
import {
  cpuMeter,
  fmt,
  machineLine,
  measure,
  percentile,
  processRssMb,
  runConcurrent,
  type Usage,
} from "./measure";
import { startSimulatorProcess } from "./processes";

const CONCURRENCY = 64;
const WARMUP = 2_000;
/** Per side, split over two interleaved rounds (raw, client, raw, client) to cancel drift. */
const TOTAL = 20_000;
const SIM_TOTAL = 10_000;
const TOKEN = "demo-owner-token";
const PATHS = ["/teams/1/monitors", "/teams/1/checks"] as const;
const CLIENT_GOAL = 0.85;
const SIM_GOAL = 3_000;

interface Side {
  name: string;
  /** One request of the i-th kind, body read and parsed (raw) or decoded (client). */
  call(i: number): Promise<unknown>;
}

interface RoundResult {
  requests: number;
  usage: Usage;
  /** NaN when /proc cannot tell. */
  simCpuSeconds: number;
  latencies: number[];
}

async function round(side: Side, total: number, simPid: number): Promise<RoundResult> {
  const sim = cpuMeter(simPid);
  const { result: latencies, usage } = await measure(() => runConcurrent(total, CONCURRENCY, side.call));
  return { requests: total, usage, simCpuSeconds: sim.seconds(), latencies };
}

function summarise(rounds: RoundResult[]) {
  const requests = rounds.reduce((n, r) => n + r.requests, 0);
  const wallMs = rounds.reduce((n, r) => n + r.usage.wallMs, 0);
  const cpuMs = rounds.reduce((n, r) => n + (r.usage.cpuPercentOfOneCore / 100) * r.usage.wallMs, 0);
  const simCpu = rounds.reduce((n, r) => n + r.simCpuSeconds, 0);
  const latencies = rounds.flatMap((r) => r.latencies).sort((a, b) => a - b);
  return {
    requests,
    rps: requests / (wallMs / 1000),
    benchCpuPct: (cpuMs / wallMs) * 100,
    simCpuPct: ((simCpu * 1000) / wallMs) * 100,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    rssMb: Math.max(...rounds.map((r) => r.usage.rssMb)),
  };
}

/** CPU microseconds the bench process spent per request. */
const cpuPerRequest = (s: ReturnType<typeof summarise>) => ((s.benchCpuPct / 100) * 1e6) / s.rps;

function line(name: string, s: ReturnType<typeof summarise>): string {
  const sim = Number.isNaN(s.simCpuPct) ? "n/a" : `${fmt(s.simCpuPct)}%`;
  return (
    `  ${name.padEnd(7)} ${fmt(s.rps).padStart(6)} req/s  (${s.requests} requests, p50 ${fmt(s.p50, 1)} ms, ` +
    `p99 ${fmt(s.p99, 1)} ms)  bench CPU ${fmt(s.benchCpuPct)}% of a core = ${fmt(cpuPerRequest(s))} us/request, ` +
    `simulator CPU ${sim}, bench RSS ${fmt(s.rssMb)} MB`
  );
}

/** The machine is shared: say so when other work competes for the cores during the run. */
function loadLine(): string {
  const [one] = loadavg();
  const cores = cpus().length;
  const busy = (one ?? 0) > cores;
  return `  load average ${fmt(one ?? 0, 1)} on ${cores} cores${busy ? " (busy machine: req/s are noisy; CPU per request is the steadier figure)" : ""}`;
}

export default async function clientBench(): Promise<void> {
  console.log(machineLine());
  const { url, child } = await startSimulatorProcess({ seed: "demo" });
  const simPid = child.pid;
  const pool = new Pool(url, { connections: CONCURRENCY, keepAliveTimeout: 4_000 });
  const client = new UptimeClient({ baseUrl: url, connections: CONCURRENCY });
  const api = client.as(TOKEN);
  try {
    // The same headers the client sends; the body is read with .text() and parsed with JSON.parse,
    // exactly as the client's transport does before decoding, so the raw side pays for reading too.
    const headers = {
      accept: "application/json",
      authorization: `Bearer ${TOKEN}`,
      "user-agent": "uptime-chatops-bench/raw",
    };
    const rawGet = async (path: string) => {
      const res = await pool.request({ method: "GET", path, headers });
      const text = await res.body.text();
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${text.slice(0, 200)}`);
      return JSON.parse(text) as unknown;
    };
    const raw: Side = { name: "raw", call: (i) => rawGet(PATHS[i % 2]!) };
    const typed: Side = {
      name: "client",
      call: (i) => (i % 2 === 0 ? api.teams.monitors(1) : api.teams.checks(1)),
    };

    console.log(
      `GET ${PATHS.join(" + ")} alternating, concurrency ${CONCURRENCY}, ${TOTAL} requests per side ` +
        `after ${WARMUP} warm-up each; rounds raw, client, raw, client; raw reads .text() + JSON.parse`,
    );
    await round(raw, WARMUP, simPid);
    await round(typed, WARMUP, simPid);
    const rawRounds: RoundResult[] = [];
    const clientRounds: RoundResult[] = [];
    const perRound: string[] = [];
    for (let r = 0; r < 2; r++) {
      for (const [side, into] of [
        [raw, rawRounds],
        [typed, clientRounds],
      ] as const) {
        const result = await round(side, TOTAL / 2, simPid);
        into.push(result);
        perRound.push(`${side.name} ${fmt(result.requests / (result.usage.wallMs / 1000))}`);
      }
    }
    console.log(`  rounds (req/s): ${perRound.join(", ")}`);
    const rawSum = summarise(rawRounds);
    const clientSum = summarise(clientRounds);
    console.log(line("raw", rawSum));
    console.log(line("client", clientSum));
    const ratio = clientSum.rps / rawSum.rps;
    console.log(
      `  ratio client/raw ${fmt(ratio, 3)}  goal client >= ${CLIENT_GOAL} of raw: ${ratio >= CLIENT_GOAL ? "PASS" : "FAIL"}`,
    );
    console.log(
      `  CPU per request raw/client ${fmt(cpuPerRequest(rawSum) / cpuPerRequest(clientSum), 3)} ` +
        "(the req/s ratio when the bench process is the bottleneck)",
    );
    console.log(loadLine());

    console.log(`\nSimulator throughput: raw loop on GET /teams/1/checks, concurrency ${CONCURRENCY}`);
    const checks: Side = { name: "checks", call: () => rawGet("/teams/1/checks") };
    await round(checks, WARMUP, simPid);
    const simSum = summarise([await round(checks, SIM_TOTAL, simPid)]);
    console.log(line("checks", simSum));
    const simRss = processRssMb(simPid);
    console.log(
      `  simulator RSS ${simRss === null ? "n/a" : `${fmt(simRss)} MB`}; goal >= ${SIM_GOAL} req/s: ` +
        `${simSum.rps >= SIM_GOAL ? "PASS" : "FAIL"}`,
    );
    if (!Number.isNaN(simSum.simCpuPct)) {
      const simUs = ((simSum.simCpuPct / 100) * 1e6) / simSum.rps;
      console.log(
        `  simulator CPU ${fmt(simUs)} us/request: about ${fmt(1e6 / simUs)} req/s on one free core`,
      );
    }
    console.log(loadLine());
  } finally {
    await client.close();
    await pool.close();
    await child.stop();
  }
}
