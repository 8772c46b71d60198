import { afterEach, describe, expect, it, vi } from "vitest";
import { STEAL_LIMIT, STEAL_RETRIES, unstolen } from "../../../bench/measure";

describe("unstolen", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("keeps a window the hypervisor stole little from, measured once", async () => {
    const measure = vi.fn(async () => ({ steal: STEAL_LIMIT, value: 1 }));
    await expect(unstolen("raw loop", measure)).resolves.toEqual({ steal: STEAL_LIMIT, value: 1 });
    expect(measure).toHaveBeenCalledTimes(1);
  });

  it("measures a stolen window again, and says so", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const steals = [15.3, 0.4];
    const measure = vi.fn(async () => ({ steal: steals.shift()! }));
    await expect(unstolen("1 poller process", measure)).resolves.toEqual({ steal: 0.4 });
    expect(measure).toHaveBeenCalledTimes(2);
    expect(log).toHaveBeenCalledWith(expect.stringContaining("1 poller process: measured again"));
    expect(log.mock.calls[0]![0]).toContain("stole 15.3%");
  });

  it("gives up after STEAL_RETRIES more windows and keeps the last", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    let n = 0;
    const measure = vi.fn(async () => ({ steal: 20, attempt: ++n }));
    await expect(unstolen("floor loop", measure)).resolves.toEqual({ steal: 20, attempt: STEAL_RETRIES + 1 });
    expect(measure).toHaveBeenCalledTimes(STEAL_RETRIES + 1);
  });
});
