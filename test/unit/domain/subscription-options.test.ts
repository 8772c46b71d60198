// The generic path of the options the alert kinds declare: the stored map and its typed accessor, records
// written before the declarations, help and README generated from the declarations.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ALERT_KINDS } from "../../../src/alerts/kinds/registry";
import {
  optionOf,
  periodValue,
  type SubscriptionOption,
  subscriptionOptions,
} from "../../../src/domain/subscription-options";
import { parseCommand, SUBCOMMANDS } from "../../../src/grammar";
import { decodeSubscription, encodeSubscription } from "../../../src/store/subscription-codec";

const record = {
  workspace: { teamId: "T1" },
  channelId: "C1",
  apiTeamId: "team-1",
  filters: { monitors: [], groups: [] },
  mention: null,
  subscriber: { userId: "U1", apiUserId: "api-1" },
  target: "team:team-1:abc",
  id: "sub-1",
  createdAt: 1,
};

const every: SubscriptionOption<number> = {
  flag: "every",
  value: periodValue(1, 60),
  example: "5m",
  help: "test",
  describe: (m) => `every ${m}m`,
};

describe("declared subscription options", () => {
  it("are every kind's, in the registry's order", () => {
    expect(subscriptionOptions()).toEqual(ALERT_KINDS.flatMap((k) => k.options ?? []));
  });

  it("read back typed, and a stored value out of the declared range reads as not given", () => {
    expect(optionOf({ options: { every: 5 } }, every)).toBe(5);
    expect(optionOf({ options: { every: 61 } }, every)).toBeUndefined();
    expect(optionOf({ options: { every: "5m" } }, every)).toBeUndefined();
    expect(optionOf({}, every)).toBeUndefined();
  });

  it("are stored in one map", () => {
    const now = decodeSubscription("k", encodeSubscription({ ...record, options: { every: 5 } }), null);
    expect(now.options).toEqual({ every: 5 });
  });

  it("are in subscribe's usage and README's options table, with the declared help", () => {
    const usage = SUBCOMMANDS.find((s) => s.name === "subscribe")!.usage;
    const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
    for (const option of subscriptionOptions()) {
      expect(usage).toContain(`[--${option.flag} ${option.value.usage}]`);
      const row = readme
        .split("\n")
        .find((l) => l.startsWith(`| \`--${option.flag} ${option.value.usage}\``));
      expect(row, `README's row of --${option.flag}`).toBeDefined();
      const cells = row!.split(/(?<!\\)\|/).map((c) => c.trim());
      expect(cells[3]).toBe(option.help.replaceAll("|", "\\|"));
    }
  });

  it("an unknown flag is still refused with help on subscribe", () => {
    expect(parseCommand("subscribe --remindme 2h")).toMatchObject({ kind: "help", topic: "subscribe" });
  });
});
