import { describe, expect, it } from "vitest";
import { KeyedLanes } from "../../../src/lib/keyed-lanes";

/** A task that runs until released, recording when it starts. */
function gate(log: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    task: async () => {
      log.push(`start ${name}`);
      await done;
      return name;
    },
    release: () => release(),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("KeyedLanes", () => {
  it("runs at most `width` tasks of a key at once, the rest in order, while another key runs freely", async () => {
    const lanes = new KeyedLanes(2);
    const log: string[] = [];
    const a = [1, 2, 3, 4].map((i) => gate(log, `a${i}`));
    const b = gate(log, "b1");
    const results = a.map((g) => lanes.run("alice", g.task));
    const bResult = lanes.run("bob", b.task);
    await tick();
    expect(log).toEqual(["start a1", "start a2", "start b1"]);
    b.release();
    expect(await bResult).toBe("b1");
    a[1]!.release();
    await tick();
    expect(log).toEqual(["start a1", "start a2", "start b1", "start a3"]);
    for (const g of a) g.release();
    expect(await Promise.all(results)).toEqual(["a1", "a2", "a3", "a4"]);
    expect(log.at(-1)).toBe("start a4");
    expect(lanes.size()).toBe(0);
  });

  it("frees the place of a task that throws, and passes its error on", async () => {
    const lanes = new KeyedLanes(1);
    const failed = lanes.run("alice", async () => {
      throw new Error("boom");
    });
    const next = lanes.run("alice", async () => "next");
    await expect(failed).rejects.toThrow("boom");
    expect(await next).toBe("next");
    expect(lanes.size()).toBe(0);
  });

  it("refuses a width below one", () => {
    expect(() => new KeyedLanes(0)).toThrow(RangeError);
  });
});
