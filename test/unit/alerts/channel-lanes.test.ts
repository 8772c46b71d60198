import { describe, expect, it } from "vitest";
import { KeyedLanes } from "../../../src/lib/keyed-lanes";

/** A promise the test resolves by hand. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

// The delivery worker's per-channel queues: one lane per channel, one task wide.
describe("KeyedLanes(1) as channel queues", () => {
  it("runs one key's tasks in order, one at a time, while another key's run meanwhile", async () => {
    const queues = new KeyedLanes(1);
    const log: string[] = [];
    const slow = gate();
    const a1 = queues.run("a", async () => {
      log.push("a1 start");
      await slow.opened;
      log.push("a1 end");
      return 1;
    });
    const a2 = queues.run("a", async () => {
      log.push("a2");
      return 2;
    });
    const b1 = queues.run("b", async () => {
      log.push("b1");
      return 3;
    });
    expect(await b1).toBe(3);
    expect(log).toEqual(["a1 start", "b1"]);
    // "b" is idle again and forgotten; "a" is still at work.
    expect(queues.size()).toBe(1);
    slow.open();
    expect(await Promise.all([a1, a2])).toEqual([1, 2]);
    expect(log).toEqual(["a1 start", "b1", "a1 end", "a2"]);
  });

  it("a failed task rejects only its own caller; the next one of its key still runs", async () => {
    const queues = new KeyedLanes(1);
    const failed = queues.run("a", async () => {
      throw new Error("boom");
    });
    const next = queues.run("a", async () => "ran");
    await expect(failed).rejects.toThrow("boom");
    expect(await next).toBe("ran");
    await new Promise((resolve) => setImmediate(resolve));
    expect(queues.size()).toBe(0);
  });
});
