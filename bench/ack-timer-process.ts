/**
 * A process of the charts bench (bench/charts-load.ts, started with its IPC channel) that sends other people's
 * slash commands and times their acknowledgements: away from the event loop that sends the burst and plays
 * Slack's servers (the fake Slack's uploads and response_url posts), as people's commands reach a real bot
 * from Slack's servers, which one person's burst does not slow. The requests come signed
 * (FakeSlack's preparedSlashCommand); each batch is answered with its times.
 */
import { Agent, request } from "undici";
import type { PreparedRequest } from "../dev/playground/fake-slack/sender";
import { sleep } from "../src/lib/backoff";
import { runConcurrent } from "./measure";

export interface AckTimerBatch {
  requests: PreparedRequest[];
  concurrency: number;
  /** Each sender's pause after an acknowledgement before its next command (people type). */
  pauseMs: number;
}

/** One acknowledgement: when it was sent (ms since the epoch, comparable across processes) and how long it took. */
export interface TimedAck {
  at: number;
  ms: number;
  status: number;
  /** The acknowledgement's body (empty for a bare ack): an answer in it is a refusal (uptime-command.ts). */
  body: string;
}

const agent = new Agent({ connections: 16 });

process.on("disconnect", () => process.exit(0));
process.on("message", async ({ requests, concurrency, pauseMs }: AckTimerBatch) => {
  const timed: TimedAck[] = [];
  await runConcurrent(requests.length, concurrency, async (i) => {
    const { url, headers, body } = requests[i]!;
    const t0 = performance.now();
    const response = await request(url, { method: "POST", headers, body, dispatcher: agent });
    const text = await response.body.text();
    const ms = performance.now() - t0;
    timed.push({ at: performance.timeOrigin + t0, ms, status: response.statusCode, body: text });
    if (pauseMs > 0) await sleep(pauseMs);
  });
  process.send?.(timed);
});
