/**
 * A binary min-heap on a numeric key: push and pop in O(log n), the smallest key first (ties in no
 * particular order). For timers kept in process by the thousand, where one setTimeout each would cost
 * more than the work they start.
 */
export class MinHeap<T> {
  private readonly items: T[] = [];

  constructor(private readonly keyOf: (item: T) => number) {}

  get size(): number {
    return this.items.length;
  }

  /** The item with the smallest key, left in the heap; undefined when empty. */
  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    const items = this.items;
    const key = this.keyOf(item);
    let i = items.length;
    items.push(item);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.keyOf(items[parent]!) <= key) break;
      items[i] = items[parent]!;
      i = parent;
    }
    items[i] = item;
  }

  /** Removes and returns the item with the smallest key; undefined when empty. */
  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return top;
    const key = this.keyOf(last);
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= items.length) break;
      const right = left + 1;
      const child =
        right < items.length && this.keyOf(items[right]!) < this.keyOf(items[left]!) ? right : left;
      if (this.keyOf(items[child]!) >= key) break;
      items[i] = items[child]!;
      i = child;
    }
    items[i] = last;
    return top;
  }

  /** Removes every item, smallest key first. */
  drain(): T[] {
    const drained: T[] = [];
    for (let item = this.pop(); item !== undefined; item = this.pop()) drained.push(item);
    return drained;
  }
}
