import { groupBy } from "../lib/group-by";
import type { Keyspace } from "./keys";
import type { RedisClient } from "./redis-connection";
import { commandName, type ScriptReplies, type ScriptRunner } from "./scripts";

interface PendingBase {
  /** Pipelines are grouped by this: the shard on a Cluster connection (one slot each), else 0. */
  group: number;
  resolve(reply: ScriptReplies["commit"]): void;
  reject(error: unknown): void;
}

/**
 * A commit without events or cool-down, failures reset (a quiet poll, or incidents read with nothing new):
 * its group's such commits go out as ONE commit-quiet-n.lua run, shard by shard. No keys or argument arrays
 * of its own.
 */
interface PendingQuiet extends PendingBase {
  quiet: true;
  shard: number;
  target: string;
  leaseToken: string;
  dueAt: number;
  /** The new state, or "" to keep the stored one. */
  state: string;
}

/** Any other commit: its own commit-4.lua run, pipelined with the others of its group. */
interface PendingFull extends PendingBase {
  quiet: false;
  keys: string[];
  args: (string | number)[];
}

type PendingCommit = PendingQuiet | PendingFull;

const COMMIT_COMMAND = commandName("commit");
/**
 * How long a commit without events may wait for others to share its script run, in ms. A wide
 * window: few quiet commits arrive within a short one, and each flush is a socket write that wakes
 * redis-server (docs/benchmarks.md).
 * Far inside any hold or lease: the worker keeps a claim open until its commit landed (claim-holds.ts).
 */
export const QUIET_COMMIT_WINDOW_MS = 100;
/**
 * Pending commits that go out at once, without waiting for the window. Below twice the PollWorker's default
 * concurrency (32), which bounds the commits in flight: a batch larger than that bound would always wait
 * out the window.
 */
export const QUIET_COMMIT_BATCH = 32;

/**
 * The poll-target store's commits on their way to Redis (poll-target-store.ts commit): batched into
 * pipelines and quiet commit-quiet-n runs. It sends what the store built and checked; each commit's
 * promise settles with its script's reply.
 */
export class PollCommitBatcher {
  private readonly redis: RedisClient;
  private readonly keys: Keyspace;
  private readonly scripts: ScriptRunner;
  private pendingCommits: PendingCommit[] = [];
  private flushImmediate: NodeJS.Immediate | null = null;
  private flushTimer: NodeJS.Timeout | null = null;

  constructor(deps: { redis: RedisClient; keys: Keyspace; scripts: ScriptRunner }) {
    this.redis = deps.redis;
    this.keys = deps.keys;
    this.scripts = deps.scripts;
  }

  /**
   * Commits go out together, as one pipeline: one socket write and one read for all of them instead of
   * one each (at thousands of polls a second the syscalls cost more than the scripts). Each commit stays
   * its own script run, atomic on its own, except quiet ones: those of a group are one commit-quiet run,
   * each target still checked against its own lease (the client's objects of one command per quiet poll
   * were most of what a poller promoted to V8's old generation). A commit with events (an alert on its way) waits at most until
   * the end of the current turn (setImmediate). Any other commit may wait QUIET_COMMIT_WINDOW_MS for
   * others (at thousands of polls a second few answers arrive in the same turn), far inside the
   * lease it commits under.
   */
  send(
    urgent: boolean,
    shard: number,
    keys: string[],
    args: (string | number)[],
  ): Promise<ScriptReplies["commit"]> {
    return new Promise((resolve, reject) => {
      this.pendingCommits.push({ group: this.groupOf(shard), quiet: false, keys, args, resolve, reject });
      this.scheduleFlush(urgent);
    });
  }

  sendQuiet(
    shard: number,
    target: string,
    leaseToken: string,
    dueAt: number,
    state: string,
  ): Promise<ScriptReplies["commit"]> {
    return new Promise((resolve, reject) => {
      const group = this.groupOf(shard);
      this.pendingCommits.push({
        group,
        quiet: true,
        shard,
        target,
        leaseToken,
        dueAt,
        state,
        resolve,
        reject,
      });
      this.scheduleFlush(false);
    });
  }

  /** Cluster-ready: a pipeline must stay inside one slot there, so it is one per shard. */
  private groupOf(shard: number): number {
    return this.redis.isCluster ? shard : 0;
  }

  private scheduleFlush(urgent: boolean): void {
    if (urgent || this.pendingCommits.length >= QUIET_COMMIT_BATCH) {
      this.flushImmediate ??= setImmediate(() => this.flushCommits());
    } else if (!this.flushImmediate) {
      this.flushTimer ??= setTimeout(() => this.flushCommits(), QUIET_COMMIT_WINDOW_MS);
    }
  }

  private flushCommits(): void {
    if (this.flushImmediate) clearImmediate(this.flushImmediate);
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushImmediate = null;
    this.flushTimer = null;
    const pending = this.pendingCommits;
    this.pendingCommits = [];
    const groups = new Map<number, { quiet: PendingQuiet[]; full: PendingFull[] }>();
    for (const commit of pending) {
      let group = groups.get(commit.group);
      if (!group) {
        group = { quiet: [], full: [] };
        groups.set(commit.group, group);
      }
      if (commit.quiet) group.quiet.push(commit);
      else group.full.push(commit);
    }
    for (const { quiet, full } of groups.values()) {
      if (quiet.length > 0) this.commitQuiet(quiet);
      if (full.length === 1) {
        const only = full[0]!;
        this.scripts.run("commit", only.keys, only.args).then(only.resolve, only.reject);
      } else if (full.length > 1) {
        this.pipelineCommits(full);
      }
    }
  }

  /** One script run for a group's quiet commits, each refused or committed on its own (its lease). */
  private commitQuiet(group: PendingQuiet[]): void {
    // Shard by shard (commit-quiet-n.lua): the shard's due key and target prefix once, then its targets.
    const byShard = groupBy(group, (commit) => commit.shard);
    const keys: string[] = [];
    const args: (string | number)[] = [];
    const ordered: PendingQuiet[] = [];
    for (const [shard, commits] of byShard) {
      keys.push(this.keys.pollDue(shard), this.keys.pollTargetPrefix(shard));
      args.push(commits.length);
      for (const commit of commits) {
        args.push(commit.target, commit.leaseToken, commit.dueAt, commit.state);
        ordered.push(commit);
      }
    }
    this.scripts.run("commit-quiet", keys, args).then(
      (replies) => {
        ordered.forEach((commit, i) => {
          const reply = replies[i];
          if (reply === undefined) commit.reject(new Error("the quiet commit returned too few replies"));
          else commit.resolve(reply);
        });
      },
      (error: unknown) => {
        for (const commit of group) commit.reject(error);
      },
    );
  }

  private pipelineCommits(group: PendingFull[]): void {
    // scriptRunner registered the script on this connection (EVALSHA, EVAL on NOSCRIPT) and checks the
    // key count of single runs; the pipeline calls the same registered command with the same 4 keys.
    const pipeline = this.redis.pipeline() as unknown as Record<string, (...a: unknown[]) => unknown> & {
      exec(): Promise<[Error | null, unknown][] | null>;
    };
    for (const commit of group) pipeline[COMMIT_COMMAND]!(...commit.keys, ...commit.args);
    pipeline.exec().then(
      (results) => {
        group.forEach((commit, i) => {
          const [error, reply] = results?.[i] ?? [new Error("the commit pipeline returned no reply"), null];
          if (error) commit.reject(error);
          else commit.resolve(reply as ScriptReplies["commit"]);
        });
      },
      (error: unknown) => {
        for (const commit of group) commit.reject(error);
      },
    );
  }
}
