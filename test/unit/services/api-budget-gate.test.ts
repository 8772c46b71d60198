import { describe, expect, it } from "vitest";
import { silentLogger } from "../../../src/lib/logger";
import { apiBudgetGate } from "../../../src/services/api-budget-gate";
import { ApiBudgetError } from "../../../src/services/errors";
import type { ApiBudgetStore } from "../../../src/store/api-budget-store";

/** A budget that answers as told and records what it was asked (the Redis side has its own tests). */
function budget(answer: () => Promise<{ ok: boolean; waitMs: number }>) {
  const asked: { requests: number; longestWaitMs: number }[] = [];
  const drained: number[] = [];
  const store = {
    take: async (_token: string, longestWaitMs: number, requests = 1) => {
      asked.push({ requests, longestWaitMs });
      return answer();
    },
    limited: async (_token: string, ms: number) => {
      drained.push(ms);
    },
  } as unknown as ApiBudgetStore;
  return { store, asked, drained };
}

describe("the interactive API gate", () => {
  it("asks once for the attempts a command starts together, and once per later step", async () => {
    const b = budget(async () => ({ ok: true, waitMs: 0 }));
    const gate = apiBudgetGate(b.store, "t", silentLogger, 1500);
    await Promise.all([gate.admit(), gate.admit(), gate.admit(), gate.admit()]);
    await gate.admit();
    expect(b.asked).toEqual([
      { requests: 4, longestWaitMs: 1500 },
      { requests: 1, longestWaitMs: 1500 },
    ]);
  });

  it("refuses every attempt of a batch with one ApiBudgetError carrying the wait", async () => {
    const b = budget(async () => ({ ok: false, waitMs: 4200 }));
    const gate = apiBudgetGate(b.store, "t", silentLogger);
    const results = await Promise.allSettled([gate.admit(), gate.admit()]);
    for (const r of results) {
      expect(r.status).toBe("rejected");
      const reason = (r as PromiseRejectedResult).reason;
      expect(reason).toBeInstanceOf(ApiBudgetError);
      expect((reason as ApiBudgetError).waitMs).toBe(4200);
    }
  });

  it("lets the call go when Redis cannot say, and drains for a 429's Retry-After (1 s without one)", async () => {
    const b = budget(async () => {
      throw new Error("redis down");
    });
    const gate = apiBudgetGate(b.store, "t", silentLogger);
    await expect(gate.admit()).resolves.toBeUndefined();
    gate.limited(3);
    gate.limited(null);
    await new Promise((r) => setImmediate(r));
    expect(b.drained).toEqual([3000, 1000]);
  });
});
