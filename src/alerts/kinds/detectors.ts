import type { Detector } from "../engine/poll/detector";
import { pollStateCodec } from "../engine/poll/poll-state";
import { incidentDetector } from "./incident/detector";
import type { IncidentPollState } from "./incident/diff";
import { type SlowPollState, slowDetector } from "./slow/detector";

/** Incidents first: their events reach the outbox before the slow ones. */
export const pollDetectors: readonly Detector[] = [incidentDetector, slowDetector];

export type PollState = IncidentPollState & SlowPollState;

const codec = pollStateCodec(pollDetectors);

export function decodePollState(raw: string | null | undefined): PollState | null {
  return codec.decode(raw) as PollState | null;
}

/** The state as stored: its fields always in one order, whatever order the object was built in. */
export function encodePollState(state: PollState): string {
  return codec.encode(state).raw;
}
