/**
 * Serial queues by key: the tasks of one key run one after another in the order they were given, tasks
 * of different keys run at the same time. The delivery worker keys them by Slack channel, so a channel
 * sees its alerts in outbox order while a slow one (Retry-After, a busy lock) holds up no other.
 */
export class KeyedQueues {
  private readonly tails = new Map<string, Promise<void>>();

  /** Runs `task` after every task given earlier for `key`; resolves or rejects with its result. */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task);
    const tail = result.then(
      () => {},
      () => {},
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with tasks queued or running. */
  get busy(): number {
    return this.tails.size;
  }
}
