import { describe, expect, it } from "vitest";
import { MinHeap } from "../../../src/lib/min-heap";

describe("MinHeap", () => {
  it("pops the smallest key first, whatever the order pushed, duplicates included", () => {
    const heap = new MinHeap<{ due: number; name: string }>((item) => item.due);
    const dues = [50, 10, 40, 10, 30, 70, 20, 60, 0, 45];
    for (const [i, due] of dues.entries()) heap.push({ due, name: `n${i}` });
    expect(heap.size).toBe(dues.length);
    expect(heap.peek()?.due).toBe(0);
    const popped: number[] = [];
    for (let item = heap.pop(); item; item = heap.pop()) popped.push(item.due);
    expect(popped).toEqual([...dues].sort((a, b) => a - b));
    expect(heap.pop()).toBeUndefined();
    expect(heap.peek()).toBeUndefined();
  });

  it("stays ordered when pushes and pops interleave, as a timer's queue does", () => {
    const heap = new MinHeap<number>((n) => n);
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const kept: number[] = [];
    for (let i = 0; i < 2_000; i++) {
      if (random() < 0.6 || kept.length === 0) {
        const n = Math.floor(random() * 1_000);
        heap.push(n);
        kept.push(n);
      } else {
        kept.sort((a, b) => a - b);
        expect(heap.pop()).toBe(kept.shift());
      }
    }
    expect(heap.drain()).toEqual(kept.sort((a, b) => a - b));
    expect(heap.size).toBe(0);
  });
});
