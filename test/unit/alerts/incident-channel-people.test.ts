import { describe, expect, it } from "vitest";
import {
  INVITES_MAX,
  incidentChannelPeople,
} from "../../../src/alerts/kinds/incident-channel/incident-channel-people";

const person = (i: number) => ({ kind: "user" as const, id: `U0P${i}` });
const oncall = { kind: "usergroup" as const, id: "S0ONCALL", handle: "oncall" };

describe("incidentChannelPeople", () => {
  it("invites the clicker first and at most 10 people, whatever the subscriptions name", () => {
    const subs = Array.from({ length: 3 }, (_, s) => ({
      apiTeamId: "1",
      mention: person(s * 10),
      escalateSteps: Array.from({ length: 5 }, (_, i) => ({
        minutes: 5 * (i + 1),
        mention: person(s * 10 + i + 1),
      })),
    }));
    const { people } = incidentChannelPeople(subs, "1", "U0CLICKER");
    expect(people).toHaveLength(INVITES_MAX);
    expect(INVITES_MAX).toBe(10);
    expect(people[0]).toBe("U0CLICKER");
    expect(new Set(people).size).toBe(people.length);
  });

  it("mentions a user group instead of inviting it, once, and ignores other teams and @here", () => {
    const { people, groups } = incidentChannelPeople(
      [
        { apiTeamId: "1", mention: oncall, escalateSteps: [{ minutes: 5, mention: oncall }] },
        { apiTeamId: "1", mention: { kind: "here" } },
        { apiTeamId: "2", mention: person(1) },
      ],
      "1",
      "U0CLICKER",
    );
    expect(people).toEqual(["U0CLICKER"]);
    expect(groups).toEqual([oncall]);
  });
});
