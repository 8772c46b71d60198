/**
 * At most `width` tasks of one key run at once; the others of that key wait, in the order they came, while
 * other keys' tasks run freely. A key with nothing running or waiting is forgotten, so the map holds only
 * the keys at work.
 *
 * Used per person: one person's burst of commands is answered a few at a time, so it never
 * floods the event loop that acknowledges everybody else. How many a person may send is the fair share's
 * business (Redis, across replicas); this only orders their work within one process.
 */
export class KeyedLanes {
  private readonly lanes = new Map<string, { running: number; waiting: (() => void)[] }>();

  constructor(private readonly width: number) {
    if (!Number.isInteger(width) || width < 1) throw new RangeError("a lane is at least 1 task wide");
  }

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    let lane = this.lanes.get(key);
    if (!lane) {
      lane = { running: 0, waiting: [] };
      this.lanes.set(key, lane);
    }
    if (lane.running < this.width) lane.running++;
    // A finished task hands its place to the next waiter (running stays the same): no overtaking.
    else await new Promise<void>((resolve) => lane.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = lane.waiting.shift();
      if (next) next();
      else if (--lane.running === 0) this.lanes.delete(key);
    }
  }

  /** Keys with a task running or waiting. */
  size(): number {
    return this.lanes.size;
  }
}
