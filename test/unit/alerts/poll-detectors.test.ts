import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type Detector, UNCHANGED } from "../../../src/alerts/engine/poll/detector";
import { PollStateError, pollStateCodec } from "../../../src/alerts/engine/poll/poll-state";
import { decodePollState, encodePollState, POLL_DETECTORS } from "../../../src/alerts/kinds/registry";

/** A state as the version before detectors wrote it: incidents, a floor, the checks and a slow alert. */
const WRITTEN_BEFORE =
  '{"v":1,"baselined":true,"tracked":{"7":{"id":"7","monitorId":"m7","started":"2026-11-28T12:00:00+00:00",' +
  '"ended":null,"acknowledged":null,"stage":"open","seen":1764331200000}},"floor":{"started":"2026-11-27T12:00:00+00:00",' +
  '"id":"5"},"checksSignature":"1:abcdefghijklmnop","slow":{"watermark":1764331200000,"atWatermark":["c9"],' +
  '"rules":{"2000/3":{"m7":{"run":[],"alert":{"id":"2000-3-m7-1764331100000","since":1764331100000,"fast":0,' +
  '"samples":[{"at":1764331100000,"ms":2500,"location":"nyc"}]}}}}}}';

/** A kind that is neither incidents nor slow responses: the poll's state codec takes its fields as any other. */
const counting: Detector<{ polls?: number }, never> = {
  name: "counting",
  fields: { polls: z.number().optional() },
  store(state, into) {
    if (state.polls !== undefined) into.polls = state.polls;
  },
  wholeChecks: () => false,
  detect: () => UNCHANGED,
  monitorsToFetch: () => [],
  outbox: () => [],
};

describe("the poll state of the detectors", () => {
  it("reads a state written before the detectors and writes it back byte for byte", () => {
    const decoded = decodePollState(WRITTEN_BEFORE);
    expect(decoded?.tracked["7"]?.stage).toBe("open");
    expect(decoded?.slow?.rules["2000/3"]?.m7?.alert?.fast).toBe(0);
    expect(encodePollState(decoded!)).toBe(WRITTEN_BEFORE);
  });

  it("composes the fields of any detector list, in its order, and checks each one's", () => {
    const detectors = [...POLL_DETECTORS, counting];
    const codec = pollStateCodec(detectors);
    expect(pollStateCodec(detectors)).toBe(codec);
    const raw = `${WRITTEN_BEFORE.slice(0, -1)},"polls":3}`;
    const { state, raw: again } = codec.encode(codec.decode(raw)!);
    expect(again).toBe(raw);
    expect(state).toEqual(codec.decode(raw));
    expect(() => codec.decode(`${WRITTEN_BEFORE.slice(0, -1)},"polls":"3"}`)).toThrow(PollStateError);
    // Without the detector its fields are dropped, not refused: a kind taken out leaves readable states.
    expect(encodePollState(decodePollState(raw)!)).toBe(WRITTEN_BEFORE);
  });
});
