// The mute side of alert delivery (docs/architecture.md section 1, "Mute is visible"): a mute set or lifted from Slack
// redraws the monitor's open root from state, with who muted until when and an Unmute button, and every
// later redraw (an acknowledge) keeps showing it while it lasts. Real Redis, WebClient and the fake Slack.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { FakeSlack } from "../../../dev/playground/fake-slack";
import { actions } from "../../../src/ui/ids";
import { testRedis } from "../../support/redis";
import { alertEvent, alertSetup, freshChannel, startSlack, WS } from "./harness";

const { redis, prefix } = testRedis();
let fake: FakeSlack;
let setup: ReturnType<typeof alertSetup>;

beforeAll(async () => {
  fake = await startSlack();
});
afterAll(() => fake.close());
afterEach(() => setup?.stopAll());

const shown = (channel: string) => JSON.stringify(fake.state.channelMessages(channel)[0]?.attachments ?? []);

describe("redrawAfterMuteChange", () => {
  it("shows who muted until when with Unmute, keeps it through an acknowledge, and drops it on unmute", async () => {
    setup = alertSetup(redis, prefix, fake);
    const channel = freshChannel(fake, "mutes");
    await setup.subscribe(channel);
    await setup.emit(alertEvent("opened", "61"));
    await setup.worker().start();
    await setup.drained();
    expect(shown(channel)).toContain(actions.mute);
    expect(shown(channel)).not.toContain("Muted here");

    const delivery = setup.delivery();
    await setup.mutes.muteFor(WS, channel, "161", 4, {
      by: "U0BOB",
      monitorName: "Service 161",
      apiTeamId: "12",
    });
    expect(
      await delivery.redraw.afterMuteChange({ workspace: WS, channelId: channel, monitorId: "161" }),
    ).toBe(true);
    expect(shown(channel)).toContain("Muted here by <@U0BOB> until <!date^");
    expect(shown(channel)).toContain(actions.unmute);
    expect(shown(channel)).not.toContain(actions.mute);

    // The poller's next redraw of the same root keeps the mute visible.
    await setup.emit(alertEvent("acknowledged", "61"));
    await setup.drained();
    expect(shown(channel)).toContain("#ECB22E");
    expect(shown(channel)).toContain("Muted here by <@U0BOB>");

    await setup.mutes.unmute(WS, channel, "161");
    expect(
      await delivery.redraw.afterMuteChange({ workspace: WS, channelId: channel, monitorId: "161" }),
    ).toBe(true);
    expect(shown(channel)).not.toContain("Muted here");
    expect(shown(channel)).toContain(actions.mute);
    expect(fake.state.channelMessages(channel)).toHaveLength(1);
  });

  it("redraws nothing where the monitor has no open root", async () => {
    setup = alertSetup(redis, prefix, fake);
    const channel = freshChannel(fake, "nomsg");
    await setup.subscribe(channel);
    await setup.emit(alertEvent("opened", "62"), alertEvent("resolved", "62"));
    await setup.worker().start();
    await setup.drained();
    const delivery = setup.delivery();
    expect(
      await delivery.redraw.afterMuteChange({ workspace: WS, channelId: channel, monitorId: "999" }),
    ).toBe(false);
    // Recovered: the green message shows no mute, so there is nothing to redraw.
    expect(
      await delivery.redraw.afterMuteChange({ workspace: WS, channelId: channel, monitorId: "162" }),
    ).toBe(false);
  });
});
