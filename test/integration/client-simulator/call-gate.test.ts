// The client's CallGate (A12, docs/architecture.md section 10) against the simulator over real HTTP: asked
// before every attempt (retries included), told of each 429 with its Retry-After, and its refusal reaches
// the caller as it is, with nothing sent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_TOKENS, type RunningSimulator, startSimulator } from "../../../dev/simulator";
import { silentLogger } from "../../../src/lib/logger";
import { type CallGate, RateLimitError, UptimeClient } from "../../../src/uptime";

class Refused extends Error {}

function recordingGate(refuseAfter = Number.POSITIVE_INFINITY) {
  const seen = { admits: 0, limited: [] as (number | null)[] };
  const gate: CallGate = {
    async admit() {
      if (seen.admits >= refuseAfter) throw new Refused("no share left");
      seen.admits++;
    },
    limited(retryAfter) {
      seen.limited.push(retryAfter);
    },
  };
  return { gate, seen };
}

let simulator: RunningSimulator;
let client: UptimeClient;
beforeAll(async () => {
  simulator = await startSimulator({ seed: "demo", autoChecks: false });
  client = new UptimeClient({
    baseUrl: simulator.url,
    logger: silentLogger,
    retry: { retries: 1, baseMs: 1, maxMs: 5, maxRetryAfterMs: 1500 },
  });
});
afterAll(async () => {
  await client.close();
  await simulator.close();
});

describe("a gate on one user's calls", () => {
  it("is asked before each attempt and told of a 429's Retry-After", async () => {
    const { gate, seen } = recordingGate();
    simulator.control.setFault({ status: 429, count: 1, token: DEMO_TOKENS.owner });
    const me = await client.as(DEMO_TOKENS.owner, gate).users.me();
    expect(me.firstName).toBe("Olivia");
    // The 429 (Retry-After: 1), then the retry: two attempts, each asked for.
    expect(seen).toEqual({ admits: 2, limited: [1] });
  });

  it("refuses with its own error before anything is sent", async () => {
    const { gate, seen } = recordingGate(0);
    simulator.control.clearRequests();
    await expect(client.as(DEMO_TOKENS.owner, gate).users.me()).rejects.toBeInstanceOf(Refused);
    expect(seen.admits).toBe(0);
    expect(simulator.control.requests()).toEqual([]);
  });

  it("is told of a 429 that reaches the caller too, and other users' calls are not gated", async () => {
    const { gate, seen } = recordingGate();
    simulator.control.setFault({ status: 429, count: 2, token: DEMO_TOKENS.owner });
    await expect(client.as(DEMO_TOKENS.owner, gate).users.me()).rejects.toBeInstanceOf(RateLimitError);
    expect(seen.limited).toEqual([1, 1]);
    expect((await client.as(DEMO_TOKENS.member).users.me()).firstName).toBe("Max");
  });
});
