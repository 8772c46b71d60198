import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CorruptRecordError, parseRecord } from "../../../src/store/corrupt-record-error";

const schema = z.object({ n: z.number() });

describe("parseRecord", () => {
  it("returns the parsed value", () => {
    expect(parseRecord("k", '{"n":1}', schema)).toEqual({ n: 1 });
  });

  it("names the key and says what is not JSON", () => {
    expect(() => parseRecord("k", "{", schema)).toThrow(new CorruptRecordError("k", "not JSON"));
    expect(() => parseRecord("k", "{", schema, "profile")).toThrow(
      "stored record k is not valid: profile is not JSON",
    );
  });

  it("throws a CorruptRecordError for the wrong shape", () => {
    expect(() => parseRecord("k", '{"n":"1"}', schema)).toThrow(CorruptRecordError);
  });
});
