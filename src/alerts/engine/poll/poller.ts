import type { PollTargetStore } from "../../../store/poll-target-store";
import { pollTargetRegistration } from "./poll-target";

export type { PollErrorKind, PollMetrics, PollOutcome } from "../../metrics";
export { noopPollMetrics } from "../../metrics";
export type { OutboxEvent } from "../../model";
export { holdPolls } from "./claim-holds";
export type { ResolveToken } from "./poll-api-cache";
export type { PollHooks, PollResult } from "./poll-once";
export {
  decodePollTargetMeta,
  type PollTargetMeta,
  parsePollTargetName,
  pollTargetName,
  tokenHash,
} from "./poll-target";
export {
  DEFAULT_BATCH,
  DEFAULT_CONCURRENCY,
  DEFAULT_LEASE_MS,
  DEFAULT_POLL_INTERVAL_MS,
  PollWorker,
  type PollWorkerOptions,
} from "./poll-worker";

export type AddPollTargetInput = Parameters<typeof pollTargetRegistration>[0];

/** Due at once, so the baseline (the subscribe reply) comes within a poll. */
export async function addPollTarget(
  scheduler: Pick<PollTargetStore, "add">,
  input: AddPollTargetInput,
  now: number,
): Promise<string> {
  const { target, registration } = pollTargetRegistration(input);
  await scheduler.add(target, registration, now);
  return target;
}

/** Removes a subscriber; the last one removes the target (and its poll state). Returns those left. */
export function removePollTarget(
  scheduler: Pick<PollTargetStore, "remove">,
  target: string,
  subscriber: string,
): Promise<number> {
  return scheduler.remove(target, subscriber);
}
