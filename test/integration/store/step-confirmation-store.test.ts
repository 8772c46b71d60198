// The waiting confirmations of workflow steps on a real Redis: the run token never stored in clear, one
// claim at a time, the deadlines due in order, nothing left once answered.
import { randomBytes } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { TokenCipher } from "../../../src/store/crypto/token-cipher";
import { keyspace } from "../../../src/store/keys";
import {
  type StepConfirmationRecord,
  StepConfirmationStore,
} from "../../../src/store/step-confirmation-store";
import { testRedis } from "../../support/redis";
import { rawValues } from "./raw-values";

const { redis, prefix } = testRedis();
const cipher = TokenCipher.fromSetting(randomBytes(32).toString("base64"));
const RUN_TOKEN = `xwfp-${randomBytes(10).toString("hex")}`;

let n = 0;
let keys = keyspace(prefix);
let store = new StepConfirmationStore({ redis, keys, cipher });
beforeEach(() => {
  keys = keyspace(`${prefix}${++n}:`);
  store = new StepConfirmationStore({ redis, keys, cipher });
});

function record(id: string, deadline: number): StepConfirmationRecord {
  return {
    id,
    teamId: "T1",
    userId: "U1",
    change: { kind: "pause", id: "7", name: "Payments API", teamId: "1", teamName: "Acme Production" },
    functionExecutionId: "Fx1",
    channel: "D1",
    ts: "1.000001",
    deadline,
  };
}

describe("StepConfirmationStore", () => {
  it("keeps a confirmation with its run token encrypted, and gives it back whole", async () => {
    const id = StepConfirmationStore.newId();
    await store.put(record(id, 1_000_000), RUN_TOKEN, 0);
    expect(await store.get(id)).toEqual({ record: record(id, 1_000_000), runToken: RUN_TOKEN });
    const raw = await rawValues(redis, keys.prefix);
    expect(raw.size).toBeGreaterThan(0);
    expect([...raw.values()].join("\n")).not.toContain(RUN_TOKEN);
  });

  it("lists the due ones by deadline, and one claim at a time", async () => {
    const early = StepConfirmationStore.newId();
    const late = StepConfirmationStore.newId();
    await store.put(record(late, 2000), RUN_TOKEN, 0);
    await store.put(record(early, 1000), RUN_TOKEN, 0);
    expect(await store.due(999)).toEqual([]);
    expect(await store.due(2000)).toEqual([early, late]);
    expect(await store.claim(early, 60_000)).toBe(true);
    expect(await store.claim(early, 60_000)).toBe(false);
    await store.release(early);
    expect(await store.claim(early, 60_000)).toBe(true);
    await store.end(early);
    expect(await store.get(early)).toBeNull();
    expect(await store.due(2000)).toEqual([late]);
    // Ended: its claim is gone with it.
    expect(await store.claim(early, 60_000)).toBe(true);
  });

  it("reads nothing for an id of another shape or a record written under another key", async () => {
    expect(await store.get("../x")).toBeNull();
    const id = StepConfirmationStore.newId();
    await store.put(record(id, 1000), RUN_TOKEN, 0);
    const other = new StepConfirmationStore({
      redis,
      keys,
      cipher: TokenCipher.fromSetting(randomBytes(32).toString("base64")),
    });
    expect(await other.get(id)).toBeNull();
  });
});
