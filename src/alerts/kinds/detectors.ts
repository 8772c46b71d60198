import type { Detector } from "../engine/poll/detector";
import { pollStateCodec } from "../engine/poll/poll-state";
import type { IncidentPollState } from "./incident/diff";
import { POLL_DETECTORS } from "./registry";
import type { SlowPollState } from "./slow/detector";

/** The registry's detectors (kinds/registry.ts): the kinds that start from a poll, in table order. */
export const pollDetectors: readonly Detector[] = POLL_DETECTORS;

export type PollState = IncidentPollState & SlowPollState;

const codec = pollStateCodec(pollDetectors);

export function decodePollState(raw: string | null | undefined): PollState | null {
  return codec.decode(raw) as PollState | null;
}

/** The state as stored: its fields always in one order, whatever order the object was built in. */
export function encodePollState(state: PollState): string {
  return codec.encode(state).raw;
}
