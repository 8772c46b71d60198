import type { Logger } from "./logger";

/**
 * A small pool of worker processes for CPU work that must not run on the event loop (charts).
 * Bounded on every side, so that one person's burst costs only that person:
 * - `size` workers, started on the first job (a replica that never draws starts none);
 * - `maxQueue` jobs waiting; one more is refused at once ("busy") instead of waiting behind the others;
 *   the last `reservedQueue` places of it take only reserved jobs (alerts' charts), so that answers filling
 *   the queue never skip an alert's;
 * - `maxPerOwner` jobs of one owner (a person) waiting or running; one more is refused ("owner_busy"), so
 *   that one person's burst never takes the places of everybody else's;
 * - `readyTimeoutMs` for a starting worker to say it is ready; past it the worker is ended and the jobs
 *   waiting for it are refused ("timeout"), so that one stuck at start-up never holds every job;
 * - `timeoutMs` per job on a worker, from the moment the worker takes it (a starting worker takes none); a
 *   job past it is refused ("timeout") and its worker ended;
 * - a worker whose heap grew past `maxHeapMb` or whose RSS grew past `maxRssMb` after a job, or that ran
 *   `maxJobs` jobs, is retired and a new one started on the next job (V8's old-generation limit, given to
 *   spawn(), ends one that grows past the bound during a job);
 * - a worker idle for `idleMs` is ended: its heap goes back to the system.
 *
 * The worker side is serve-worker-jobs.ts: one job at a time, answered with the worker's heap size and RSS.
 * spawn-module-process.ts starts one as a child process.
 */
export type WorkRefusal = "busy" | "owner_busy" | "timeout" | "failed" | "closed";

export class WorkRefused extends Error {
  override readonly name = "WorkRefused";
  constructor(
    readonly reason: WorkRefusal,
    message: string,
  ) {
    super(message);
  }
}

/** What the pool needs of a worker: the shape of a worker thread's, which spawn-module-process.ts gives a process. */
export interface PoolWorker {
  postMessage(message: unknown): void;
  on(event: "message", listener: (message: never) => void): PoolWorker;
  on(event: "error", listener: (err: Error) => void): PoolWorker;
  on(event: "exit", listener: (code: number | null) => void): PoolWorker;
  ref(): void;
  unref(): void;
  terminate(): Promise<unknown>;
}

export interface WorkerPoolOptions {
  /** Starts one worker (serve-worker-jobs.ts on its side). */
  spawn: (resourceLimits: { maxOldGenerationSizeMb: number }) => PoolWorker;
  size: number;
  maxQueue: number;
  timeoutMs: number;
  /** Heap bound of a worker, checked after each job and given to V8 as its old-generation limit (x 2). */
  maxHeapMb: number;
  /** RSS bound of a worker process, checked after each job (native memory, e.g. a rasteriser's, is not in the heap). */
  maxRssMb?: number;
  /** Jobs before a worker is replaced anyway (native memory, e.g. a rasteriser's, is not in the heap). */
  maxJobs?: number;
  /** A worker idle this long is ended (default 60 s). */
  idleMs?: number;
  /** Places of the queue that only reserved jobs may take (default 0). */
  reservedQueue?: number;
  /** Jobs of one owner waiting or running at once (default: no bound). */
  maxPerOwner?: number;
  /** How long a starting worker may take to say it is ready (default 30 s). */
  readyTimeoutMs?: number;
  logger?: Logger;
}

/** Who a job is for: its owner (a person's key) counts against maxPerOwner; a reserved job may take the reserved places. */
export interface JobTicket {
  owner?: string | undefined;
  reserved?: boolean | undefined;
}

/** What serve-worker-jobs.ts posts back for each job. */
export type JobAnswer<Out> =
  | { id: number; ok: true; output: Out; heapBytes: number; rssBytes: number }
  | { id: number; ok: false; error: string; heapBytes: number; rssBytes: number };

interface Job<In, Out> {
  id: number;
  input: In;
  resolve: (output: Out) => void;
  reject: (error: Error) => void;
}

interface Slot<In, Out> {
  worker: PoolWorker;
  /** The worker said it is ready (serve-worker-jobs.ts, after its module and warm-up loaded). */
  ready: boolean;
  jobs: number;
  job?: Job<In, Out> | undefined;
  timer?: NodeJS.Timeout | undefined;
  idle?: NodeJS.Timeout | undefined;
  /** Until the worker says it is ready (readyTimeoutMs). */
  starting?: NodeJS.Timeout | undefined;
  retiring: boolean;
}

export interface WorkerPoolStats {
  workers: number;
  busy: number;
  queued: number;
  /** Workers ended for their memory, a crash, a timeout or their job count since the pool started. */
  replaced: number;
}

export class WorkerPool<In, Out> {
  private readonly slots = new Set<Slot<In, Out>>();
  private readonly queue: Job<In, Out>[] = [];
  private readonly exits = new Set<Promise<unknown>>();
  /** Jobs waiting or running per owner (JobTicket.owner); an owner with none is not kept. */
  private readonly owners = new Map<string, number>();
  private nextId = 1;
  private replaced = 0;
  private closed = false;

  constructor(private readonly o: WorkerPoolOptions) {}

  /**
   * Runs one job; rejects with WorkRefused when the pool is full (for this ticket), its owner has enough
   * jobs in flight, the job is too slow, or the worker failed.
   */
  run(input: In, ticket: JobTicket = {}): Promise<Out> {
    if (this.closed) return Promise.reject(new WorkRefused("closed", "the worker pool is closed"));
    const { owner } = ticket;
    const inFlight = owner === undefined ? 0 : (this.owners.get(owner) ?? 0);
    if (this.o.maxPerOwner !== undefined && inFlight >= this.o.maxPerOwner) {
      return Promise.reject(new WorkRefused("owner_busy", `${inFlight} jobs of the same owner in flight`));
    }
    // The queue holds only jobs no ready worker could take at once: a free worker empties it in dispatch().
    const places = ticket.reserved ? this.o.maxQueue : this.o.maxQueue - (this.o.reservedQueue ?? 0);
    if (this.queue.length >= places) {
      return Promise.reject(new WorkRefused("busy", `${this.queue.length} jobs already wait`));
    }
    if (owner !== undefined) this.owners.set(owner, inFlight + 1);
    const settled = () => {
      if (owner === undefined) return;
      const left = (this.owners.get(owner) ?? 1) - 1;
      if (left > 0) this.owners.set(owner, left);
      else this.owners.delete(owner);
    };
    return new Promise<Out>((resolve, reject) => {
      this.queue.push({
        id: this.nextId++,
        input,
        resolve: (output) => {
          settled();
          resolve(output);
        },
        reject: (error) => {
          settled();
          reject(error);
        },
      });
      this.dispatch();
    });
  }

  stats(): WorkerPoolStats {
    let busy = 0;
    for (const slot of this.slots) if (slot.job) busy++;
    return { workers: this.slots.size, busy, queued: this.queue.length, replaced: this.replaced };
  }

  /** Refuses the jobs still waiting, ends every worker (a job in flight is refused too) and waits for them. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new WorkRefused("closed", "the worker pool closed"));
    for (const slot of [...this.slots]) {
      this.end(slot, new WorkRefused("closed", "the worker pool closed"), false);
    }
    await Promise.allSettled([...this.exits]);
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = [...this.slots].find((s) => s.ready && !s.job && !s.retiring);
      if (!slot) {
        // A worker starting counts as one: the jobs wait for it rather than start more than `size`.
        if (this.slots.size < this.o.size) this.start();
        return;
      }
      const job = this.queue.shift()!;
      slot.job = job;
      slot.jobs++;
      clearTimeout(slot.idle);
      slot.timer = setTimeout(() => {
        this.end(slot, new WorkRefused("timeout", `no answer within ${this.o.timeoutMs} ms`));
        this.dispatch();
      }, this.o.timeoutMs);
      // A job in flight keeps the process alive (its caller waits for it); an idle worker does not.
      slot.worker.ref();
      slot.worker.postMessage({ id: job.id, input: job.input });
    }
  }

  private start(): Slot<In, Out> {
    // V8's limit is the hard stop during a job; the softer check after each job (maxHeapMb) retires first.
    const worker = this.o.spawn({ maxOldGenerationSizeMb: this.o.maxHeapMb * 2 });
    // Started for a waiting job: it keeps the process alive until it answers; an idle one does not (answered()).
    const slot: Slot<In, Out> = { worker, ready: false, jobs: 0, retiring: false };
    this.slots.add(slot);
    const readyTimeoutMs = this.o.readyTimeoutMs ?? 30_000;
    slot.starting = setTimeout(() => {
      this.o.logger?.warn(
        { readyTimeoutMs },
        "a worker did not get ready in time; it is replaced on the next job",
      );
      // With no other worker ready the jobs waited for this one: refused now, with the sentence a slow job
      // gets, rather than waiting on (a worker that cannot start would not start for them either).
      const refusal = new WorkRefused("timeout", `no worker ready within ${readyTimeoutMs} ms`);
      const others = [...this.slots].some((other) => other !== slot && other.ready && !other.retiring);
      if (!others) for (const job of this.queue.splice(0)) job.reject(refusal);
      this.end(slot, refusal);
      this.dispatch();
    }, readyTimeoutMs);
    worker.on("message", (message: JobAnswer<Out> | { ready: true }) => {
      if ("ready" in message) {
        clearTimeout(slot.starting);
        slot.ready = true;
        this.dispatch();
      } else this.answered(slot, message);
    });
    worker.on("error", (err) => {
      this.o.logger?.warn({ err }, "a worker failed; it is replaced on the next job");
      const refusal = new WorkRefused("failed", `the worker failed: ${err.message}`);
      // One that fails before it is ready would fail again: the waiting jobs are refused, not retried forever.
      if (!slot.ready) for (const job of this.queue.splice(0)) job.reject(refusal);
      this.end(slot, refusal);
      this.dispatch();
    });
    worker.on("exit", () => {
      if (!this.slots.has(slot)) return;
      const refusal = new WorkRefused("failed", "the worker exited");
      if (!slot.ready) for (const job of this.queue.splice(0)) job.reject(refusal);
      this.end(slot, refusal);
      this.dispatch();
    });
    return slot;
  }

  private answered(slot: Slot<In, Out>, answer: JobAnswer<Out>): void {
    const job = slot.job;
    if (!job || job.id !== answer.id) return;
    clearTimeout(slot.timer);
    slot.job = undefined;
    slot.worker.unref();
    if (answer.ok) job.resolve(answer.output);
    else job.reject(new WorkRefused("failed", answer.error));
    const heapMb = answer.heapBytes / 1024 / 1024;
    const rssMb = answer.rssBytes / 1024 / 1024;
    if (
      heapMb > this.o.maxHeapMb ||
      (this.o.maxRssMb !== undefined && rssMb > this.o.maxRssMb) ||
      (this.o.maxJobs !== undefined && slot.jobs >= this.o.maxJobs)
    ) {
      this.o.logger?.info(
        { heapMb: Math.round(heapMb), rssMb: Math.round(rssMb), jobs: slot.jobs },
        "worker retired after its memory or job bound",
      );
      this.end(slot, undefined, true);
    } else {
      slot.idle = setTimeout(() => this.end(slot), this.o.idleMs ?? 60_000);
      slot.idle.unref();
    }
    this.dispatch();
  }

  /** Ends a worker; its job, if any, is rejected with `refusal`. `replaced`: counted in stats().replaced. */
  private end(slot: Slot<In, Out>, refusal?: WorkRefused, replaced = refusal !== undefined): void {
    if (!this.slots.delete(slot)) return;
    slot.retiring = true;
    clearTimeout(slot.timer);
    clearTimeout(slot.idle);
    clearTimeout(slot.starting);
    if (slot.job) slot.job.reject(refusal ?? new WorkRefused("failed", "the worker ended"));
    slot.job = undefined;
    if (replaced) this.replaced++;
    const exit = slot.worker.terminate().catch(() => {});
    this.exits.add(exit);
    void exit.finally(() => this.exits.delete(exit));
  }
}
