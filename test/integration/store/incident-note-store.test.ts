import { describe, expect, it } from "vitest";
import type { IncidentNote } from "../../../src/domain/incident-notes";
import { IncidentNoteStore } from "../../../src/store/incident-note-store";
import { keyspace } from "../../../src/store/keys";
import { workspaceKey } from "../../../src/store/workspace";
import { testRedis } from "../../support/redis";

const ws = { teamId: "T1" };
const note = (source: string, at = 1): IncidentNote => ({ by: "U1", at, text: `n ${source}`, source });

describe("IncidentNoteStore", () => {
  const { redis, prefix } = testRedis();
  const store = (max = 3) => new IncidentNoteStore({ redis, keys: keyspace(prefix) }, { max });

  it("keeps one note per source, oldest first, and refuses past its bound", async () => {
    const notes = store();
    expect(await notes.add(ws, "9", note("C1:2", 2))).toBe("added");
    expect(await notes.add(ws, "9", note("C1:1", 1))).toBe("added");
    expect(await notes.add(ws, "9", note("C1:1", 5))).toBe("duplicate");
    expect(await notes.add(ws, "9", note("cmd:a", 3))).toBe("added");
    expect(await notes.add(ws, "9", note("cmd:b", 4))).toBe("full");
    expect((await notes.list(ws, "9")).map((n) => n.source)).toEqual(["C1:1", "C1:2", "cmd:a"]);
    expect(await notes.count(ws, "9")).toBe(3);
    const ttl = await redis.pttl(keyspace(prefix).incidentNotes(workspaceKey(ws), "9"));
    expect(ttl).toBeGreaterThan(89 * 24 * 3_600_000);
  });

  it("never holds more than its bound when replicas add at once", async () => {
    const notes = store(5);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => notes.add(ws, "10", note(`cmd:${i}`, i))),
    );
    expect(await notes.count(ws, "10")).toBeLessThanOrEqual(5);
    expect(results.filter((r) => r === "added").length).toBe(await notes.count(ws, "10"));
  });

  it("finds an incident by its alert root, and makes one canvas per incident", async () => {
    const notes = store();
    await notes.indexRoot(ws, "C1", "1.000001", "9");
    expect(await notes.incidentOfRoot(ws, "C1", "1.000001")).toBe("9");
    expect(await notes.incidentOfRoot(ws, "C1", "1.000002")).toBeNull();
    expect(await notes.claimCanvas(ws, "9", "claim-a", 60_000)).toBe(true);
    expect(await notes.claimCanvas(ws, "9", "claim-b", 60_000)).toBe(false);
    await notes.releaseCanvas(ws, "9", "claim-b");
    expect(await notes.canvasOf(ws, "9")).toBe("claim-a");
    await notes.putCanvas(ws, "9", "F123");
    expect(await notes.canvasOf(ws, "9")).toBe("F123");
  });
});
