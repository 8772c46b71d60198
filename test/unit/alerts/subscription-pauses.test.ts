import { describe, expect, it } from "vitest";
import { SubscriptionPauses } from "../../../src/alerts/subscriptions/subscription-pauses";
import type { SlackPoster } from "../../../src/slack/slack-poster";
import type { Subscription } from "../../../src/store/subscription-store";

function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: "sub1",
    workspace: { teamId: "T1" },
    channelId: "C0OPS",
    apiTeamId: "1",
    filters: { monitors: [], groups: [] },
    mention: null,
    subscriber: { userId: "U0ALICE", apiUserId: "5" },
    target: "team:1:abc",
    createdAt: 0,
    paused: null,
    ...overrides,
  };
}

/** Pauses `sub` for a revoked token and returns where the notices went. */
async function pauseAndSee(sub: Subscription): Promise<{ channels: string[]; dms: string[] }> {
  const channels: string[] = [];
  const dms: string[] = [];
  const poster = {
    postMessage: async (message: { channel: string }) => {
      channels.push(message.channel);
      return { ts: "1.0" };
    },
    postDirectMessage: async (user: string) => {
      dms.push(user);
    },
  } as unknown as SlackPoster;
  const pauses = new SubscriptionPauses({
    subscriptions: { pause: async () => true, resume: async () => true, markPauseNotified: async () => {} },
    links: { get: async () => null },
    posterFor: async () => poster,
  });
  expect(await pauses.pause(sub, "token_rejected")).toBe(true);
  return { channels, dms };
}

describe("SubscriptionPauses", () => {
  it("tells a channel's subscription in the channel and the subscriber by DM", async () => {
    expect(await pauseAndSee(subscription())).toEqual({ channels: ["C0OPS"], dms: ["U0ALICE"] });
  });

  it("tells a personal subscription once: its channel is the subscriber's DM", async () => {
    const personal = subscription({ channelId: "D0ALICE", personal: { quiet: null, threadTs: "1.0" } });
    expect(await pauseAndSee(personal)).toEqual({ channels: [], dms: ["U0ALICE"] });
  });
});
