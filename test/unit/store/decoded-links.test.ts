import { describe, expect, it } from "vitest";
import { DecodedLinks } from "../../../src/store/decoded-links";

/** A decoder that counts its calls. */
function counting<T>(decode: (raw: string) => T) {
  const calls: string[] = [];
  return {
    calls,
    decode: (raw: string) => {
      calls.push(raw);
      return decode(raw);
    },
  };
}

describe("DecodedLinks", () => {
  it("decodes a profile string once per key, and again when the string changes", () => {
    const links = new DecodedLinks<{ name: string }>();
    const json = counting((raw) => JSON.parse(raw) as { name: string });
    const first = links.profile("k1", '{"name":"a"}', json.decode);
    expect(links.profile("k1", '{"name":"a"}', json.decode)).toBe(first);
    expect(links.profile("k1", '{"name":"b"}', json.decode)).toEqual({ name: "b" });
    expect(links.profile("k2", '{"name":"b"}', json.decode)).toEqual({ name: "b" });
    expect(json.calls).toEqual(['{"name":"a"}', '{"name":"b"}', '{"name":"b"}']);
  });

  it("opens a ciphertext once per key; what cannot be opened is tried again on every read", () => {
    const links = new DecodedLinks<object>();
    const open = counting((sealed) => (sealed.startsWith("ok:") ? sealed.slice(3) : null));
    expect(links.token("k1", "ok:t1", open.decode)).toBe("t1");
    expect(links.token("k1", "ok:t1", open.decode)).toBe("t1");
    expect(links.token("k1", "ok:t2", open.decode)).toBe("t2");
    expect(links.token("k1", "bad", open.decode)).toBeNull();
    expect(links.token("k1", "bad", open.decode)).toBeNull();
    // The same ciphertext under another key (another owner) is opened for that owner.
    expect(links.token("k2", "ok:t2", open.decode)).toBe("t2");
    expect(open.calls).toEqual(["ok:t1", "ok:t2", "bad", "bad", "ok:t2"]);
  });

  it("keeps nothing a decoder threw for", () => {
    const links = new DecodedLinks<object>();
    const failing = () => {
      throw new Error("corrupt");
    };
    expect(() => links.profile("k1", "x", failing)).toThrow("corrupt");
    expect(links.size).toBe(0);
    expect(links.profile("k1", "x", () => ({ ok: true }))).toEqual({ ok: true });
  });

  it("freezes what it shares, deeply", () => {
    const links = new DecodedLinks<{ teams: { id: string }[] }>();
    const profile = links.profile("k1", "raw", () => ({ teams: [{ id: "1" }] }));
    expect(Object.isFrozen(profile)).toBe(true);
    expect(Object.isFrozen(profile.teams)).toBe(true);
    expect(Object.isFrozen(profile.teams[0])).toBe(true);
  });

  it("forgets a key on request, and the oldest key beyond its bound", () => {
    const links = new DecodedLinks<object>({ maxEntries: 2 });
    const open = counting((sealed) => sealed);
    links.token("k1", "a", open.decode);
    links.token("k2", "b", open.decode);
    links.token("k3", "c", open.decode);
    expect(links.size).toBe(2);
    links.token("k1", "a", open.decode); // k1 was the oldest: opened again
    links.forget("k3");
    links.token("k3", "c", open.decode);
    expect(open.calls).toEqual(["a", "b", "c", "a", "c"]);
  });
});
