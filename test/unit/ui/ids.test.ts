import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type Codec, CodecEncodeError, defineCodec, valueLimits } from "../../../src/ui/codec";
import {
  acknowledgeCodec,
  createMonitorModalCodec,
  deferredActionCodec,
  detailsCodec,
  loginModalCodec,
  muteCodec,
  pageCodec,
} from "../../../src/ui/codecs";
import { actions, blocks, MUTE_HOURS, shortcuts, views } from "../../../src/ui/ids";

function leaves(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return Object.values(value as Record<string, unknown>).flatMap(leaves);
}

describe("ids", () => {
  it.each([
    ["actions", actions],
    ["blocks", blocks],
    ["views", views],
    ["shortcuts", shortcuts],
  ])("%s are unique, non-empty and within Slack's 255 characters", (_, group) => {
    const ids = leaves(group);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id.length).toBeGreaterThan(0);
      expect(id.length).toBeLessThanOrEqual(255);
    }
  });

  it("give every create-monitor input a block and an action id", () => {
    expect(Object.keys(blocks.createMonitor).sort()).toEqual(Object.keys(actions.createMonitor).sort());
  });
});

const samples: [Codec<never>, unknown][] = [
  [acknowledgeCodec as Codec<never>, { incidentId: "123", teamId: "7" }],
  [
    pageCodec as Codec<never>,
    { list: "monitors", teamId: "7", page: 2, text: "api", state: "down", sort: ["-created"] },
  ],
  [pageCodec as Codec<never>, { list: "incidents", teamId: "7", page: 1, openOnly: true }],
  [muteCodec as Codec<never>, { monitorId: "99", channelId: "C0123ABCD", hours: 24 }],
  [detailsCodec as Codec<never>, { monitorId: "99" }],
  [deferredActionCodec as Codec<never>, { action: "ack", incidentId: "5", teamId: "7" }],
  [deferredActionCodec as Codec<never>, { action: "pause", monitorId: "5" }],
  [
    loginModalCodec as Codec<never>,
    {
      channelId: "C0123ABCD",
      responseUrl: "https://hooks.slack.com/commands/T1/2/abc",
      pending: { action: "ack", incidentId: "5", teamId: "7" },
    },
  ],
  [loginModalCodec as Codec<never>, {}],
  [createMonitorModalCodec as Codec<never>, { teamId: "7", channelId: "C0123ABCD" }],
];

describe("codecs", () => {
  it.each(samples.map(([codec, data]) => [codec.name, codec, data] as const))(
    "%s round-trips",
    (_, codec, data) => {
      const encoded = codec.encode(data as never);
      expect(encoded.length).toBeLessThanOrEqual(codec.limit);
      expect(codec.decode(encoded)).toEqual(data);
    },
  );

  it("write compact versioned JSON with short keys", () => {
    expect(acknowledgeCodec.encode({ incidentId: "123", teamId: "7" })).toBe(
      '{"v":1,"k":"ack","i":"123","t":"7"}',
    );
  });

  it("fit the limit of where they go: a mute option value within 150 characters", () => {
    expect(muteCodec.limit).toBe(valueLimits.optionValue);
    for (const hours of MUTE_HOURS) {
      const encoded = muteCodec.encode({
        monitorId: "999999999999999999",
        channelId: "C0123456789ABCDEF",
        hours,
      });
      expect(encoded.length).toBeLessThanOrEqual(150);
    }
    expect(loginModalCodec.limit).toBe(3000);
    expect(acknowledgeCodec.limit).toBe(2000);
  });

  it("decode another version to null", () => {
    const v2 = defineCodec("ack", 2, z.object({ incidentId: z.string(), teamId: z.string() }), {
      limit: 2000,
      keys: { incidentId: "i", teamId: "t" },
    });
    const encoded = v2.encode({ incidentId: "1", teamId: "2" });
    expect(acknowledgeCodec.decode(encoded)).toBeNull();
    expect(v2.decode(acknowledgeCodec.encode({ incidentId: "1", teamId: "2" }))).toBeNull();
  });

  it("decode another codec's value to null", () => {
    expect(detailsCodec.decode(acknowledgeCodec.encode({ incidentId: "1", teamId: "2" }))).toBeNull();
  });

  it.each([
    undefined,
    null,
    "",
    "123",
    "not json",
    "{",
    "[]",
    "null",
    '"ack"',
    '{"v":1,"k":"ack"}',
    '{"v":"1","k":"ack","i":"1","t":"2"}',
    '{"v":1,"k":"ack","i":1,"t":"2"}',
    '{"v":1,"k":"ack","i":"../1","t":"2"}',
    '{"v":1,"k":"ack","i":"1","t":"2","__proto__":{"x":1}}',
  ])("decode junk %j to null", (raw) => {
    const decoded = acknowledgeCodec.decode(raw as string | undefined);
    if (raw === '{"v":1,"k":"ack","i":"1","t":"2","__proto__":{"x":1}}') {
      // Unknown keys are ignored, never copied onto the result.
      expect(decoded).toEqual({ incidentId: "1", teamId: "2" });
      expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype);
    } else {
      expect(decoded).toBeNull();
    }
  });

  it("refuse to encode invalid data with a clear error", () => {
    expect(() => acknowledgeCodec.encode({ incidentId: "abc", teamId: "7" })).toThrow(CodecEncodeError);
    expect(() => muteCodec.encode({ monitorId: "1", channelId: "C1", hours: 0 })).toThrow(
      /codec mute: invalid data/,
    );
  });

  it("refuse to encode past the limit with a clear error", () => {
    const tiny = defineCodec("t", 1, z.object({ text: z.string() }), { limit: 30, keys: { text: "x" } });
    expect(tiny.encode({ text: "ok" })).toBe('{"v":1,"k":"t","x":"ok"}');
    let error: unknown;
    try {
      tiny.encode({ text: "far too long for thirty characters" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CodecEncodeError);
    expect(error).toMatchObject({ codec: "t", reason: "too_long" });
    expect((error as Error).message).toMatch(/over the limit of 30/);
  });

  it("refuse wire keys that clash", () => {
    expect(() =>
      defineCodec("x", 1, z.object({ a: z.string() }), { limit: 100, keys: { a: "v" } }),
    ).toThrow();
    expect(() =>
      defineCodec("x", 1, z.object({ a: z.string(), b: z.string() }), {
        limit: 100,
        keys: { a: "q", b: "q" },
      }),
    ).toThrow();
  });

  it("never carry a token: no field of any codec is named like one", () => {
    for (const [codec, data] of samples) {
      expect(JSON.stringify(data)).not.toMatch(/token/i);
      expect(codec.encode(data as never)).not.toMatch(/token|xox[abpr]-/i);
    }
  });

  it("decode never throws, whatever the text", () => {
    const all = [
      acknowledgeCodec,
      pageCodec,
      muteCodec,
      detailsCodec,
      deferredActionCodec,
      loginModalCodec,
      createMonitorModalCodec,
    ] as Codec<unknown>[];
    const text = fc.oneof(
      fc.string({ unit: "binary", maxLength: 200 }),
      fc.json({ maxDepth: 2 }),
      fc
        .dictionary(
          fc.constantFrom("v", "k", "i", "t", "m", "c", "h", "p", "l", "s", "q", "o", "a", "r"),
          fc.jsonValue(),
        )
        .map((o) => JSON.stringify({ v: 1, k: "ack", ...o })),
    );
    fc.assert(
      fc.property(text, (raw) => {
        // A throw fails the property; the result itself is any valid value or null.
        for (const codec of all) codec.decode(raw);
      }),
      { numRuns: 200 },
    );
  });

  it("encode either fits the limit or throws CodecEncodeError", () => {
    const page = fc.record(
      {
        list: fc.constantFrom("monitors", "incidents"),
        teamId: fc.stringMatching(/^\d{1,18}$/),
        page: fc.integer({ min: -5, max: 20000 }),
        text: fc.string({ unit: "grapheme", maxLength: 300 }),
        group: fc.string({ maxLength: 300 }),
      },
      { requiredKeys: ["list", "teamId", "page"] },
    );
    fc.assert(
      fc.property(page, (data) => {
        try {
          const encoded = pageCodec.encode(data as never);
          expect(encoded.length).toBeLessThanOrEqual(valueLimits.buttonValue);
          expect(pageCodec.decode(encoded)).toEqual(data);
        } catch (error) {
          expect(error).toBeInstanceOf(CodecEncodeError);
        }
      }),
      { numRuns: 200 },
    );
  });
});
