import { describe, expect, it } from "vitest";
import type { SubscriptionView } from "../../../src/services/list-subscriptions";
import type { SubscriptionPreview } from "../../../src/services/subscribe";
import {
  renderChannelUnreachable,
  renderMentionWithoutId,
  renderMuteNote,
  renderNotMuted,
  renderSubscribeAnnouncement,
  renderUnmuteNote,
  renderUnsubscribeResult,
} from "../../../src/ui/render-subscribe-result";
import { renderSubscriptions, subscriptionLine } from "../../../src/ui/render-subscriptions";
import { checkBlockKitLimits } from "../../support/block-kit-limits";
import { textOf } from "../../support/text-of";

const NOW = Date.parse("2026-11-21T10:00:00Z");
const LONG = "x".repeat(5000);

function view(overrides: Partial<SubscriptionView> = {}): SubscriptionView {
  return {
    id: "sub1",
    channelId: "C0ALERTS",
    apiTeamId: "1",
    teamName: "Acme Production",
    monitors: [],
    groups: [],
    mention: null,
    subscriberUserId: "U0ALICE",
    paused: null,
    createdAt: NOW - 86_400_000,
    ...overrides,
  };
}

function preview(overrides: Partial<SubscriptionPreview> = {}): SubscriptionPreview {
  return {
    channelId: "C0ALERTS",
    subscriberUserId: "U0ALICE",
    team: { id: "1", name: "Acme Production", role: "owner" },
    monitors: [],
    groups: [],
    mention: { kind: "here" },
    change: "created",
    down: [
      {
        incidentId: "42",
        monitorId: "1",
        monitorName: "Marketing site",
        started: new Date(NOW - 12 * 60_000),
        reason: "HTTP 503 Service Unavailable",
        acknowledged: false,
      },
    ],
    downMayBeMore: false,
    ...overrides,
  };
}

const problems = (payload: { text: string; blocks?: unknown[] }) => checkBlockKitLimits("message", payload);

describe("renderSubscriptions", () => {
  it("lists filters, mention, subscriber and pauses", () => {
    const rendered = renderSubscriptions({
      channelId: "C0ALERTS",
      subscriptions: [
        view({ mention: { kind: "here" } }),
        view({
          id: "sub2",
          monitors: [
            { id: "1", name: "Marketing site" },
            { id: "9", name: null },
          ],
          groups: ["Website"],
          mention: { kind: "usergroup", id: "S0ONCALL", handle: "oncall" },
          subscriberUserId: "U0BOB",
          paused: { reason: "token_rejected", at: NOW - 3_600_000 },
        }),
      ],
      mutes: [],
    });
    expect(rendered).toMatchSnapshot();
    const text = textOf(rendered);
    expect(text).toContain("2 alert subscriptions, 1 paused");
    expect(text).toContain("monitors Marketing site, #9 and group Website");
    // Mentions are shown as code, never as pings.
    expect(text).not.toMatch(/<!here>|<!subteam/);
    expect(problems(rendered)).toEqual([]);
  });

  it("says when the channel has none", () => {
    expect(textOf(renderSubscriptions({ channelId: "C0X", subscriptions: [], mutes: [] }))).toContain(
      "This channel has no alert subscriptions",
    );
  });

  it("stays within Block Kit's limits with 200 subscriptions of long names", () => {
    const many = Array.from({ length: 200 }, (_, i) =>
      view({
        id: `s${i}`,
        teamName: LONG,
        monitors: Array.from({ length: 30 }, (_, j) => ({ id: String(j), name: `${LONG}${j}` })),
        groups: [LONG],
        paused: i % 2 ? { reason: LONG, at: NOW } : null,
      }),
    );
    const rendered = renderSubscriptions({ channelId: "C0ALERTS", subscriptions: many, mutes: [] });
    expect(problems(rendered)).toEqual([]);
    expect(textOf(rendered)).toMatch(/…and \d+ more/);
  });

  it("escapes user text", () => {
    const line = subscriptionLine(view({ teamName: "<!channel> & co", groups: ["<@U1>"] }));
    expect(line).not.toContain("<!channel>");
    expect(line).toContain("&lt;!channel&gt; &amp; co");
  });
});

describe("renderSubscribeAnnouncement", () => {
  it("summarises the subscription and what is down now", () => {
    const rendered = renderSubscribeAnnouncement(preview(), NOW);
    expect(rendered).toMatchSnapshot();
    const text = textOf(rendered);
    expect(text).toContain("This channel now gets alerts for every monitor of *Acme Production*");
    expect(text).toContain("Marketing site");
    expect(text).toContain("12 min");
    expect(text).not.toContain("<!here>");
  });

  it("words a personal subscription in the app's DM, with its quiet hours or the lack of them", () => {
    const quiet = { start: "22:00", end: "07:00", timeZone: "Europe/Berlin" };
    const text = textOf(renderSubscribeAnnouncement(preview({ personal: { quiet } }), NOW));
    expect(text).toContain("You now get alerts for every monitor of *Acme Production*");
    expect(text).toContain("🌙 Quiet hours 22:00–07:00 (Europe/Berlin, from your Uptime profile)");
    expect(text).toContain("in this message's thread, with no notification");
    expect(text).not.toContain("Set up by");
    const none = textOf(renderSubscribeAnnouncement(preview({ personal: { quiet: null } }), NOW));
    expect(none).toContain("sets no quiet hours, so every alert notifies you");
    // The app's DM takes no commands (read-only Messages tab): App Home is where they change.
    expect(none).toContain("save your alerts again in App Home → *Your alerts*");
    expect(text).toContain("App Home → *Your alerts* lists your personal alerts and turns them off");
    expect(text).not.toContain("/uptime");
  });

  it("says nothing is down, and words a resumed subscription", () => {
    const text = textOf(
      renderSubscribeAnnouncement(
        preview({ down: [], change: "resumed", groups: ["Website"], monitors: [{ id: "1", name: "Blog" }] }),
        NOW,
      ),
    );
    expect(text).toContain("gets alerts again for monitor *Blog* and group *Website*");
    expect(text).toContain("Nothing is down right now");
  });

  it("stays within limits with many long monitors and reasons", () => {
    const rendered = renderSubscribeAnnouncement(
      preview({
        team: { id: "1", name: LONG, role: "owner" },
        monitors: Array.from({ length: 200 }, (_, i) => ({ id: String(i), name: `${LONG}${i}` })),
        groups: Array.from({ length: 50 }, () => LONG),
        down: Array.from({ length: 10 }, (_, i) => ({
          incidentId: String(i),
          monitorId: String(i),
          monitorName: LONG,
          started: new Date(NOW - i * 86_400_000),
          reason: LONG,
          acknowledged: i % 2 === 0,
        })),
        downMayBeMore: true,
        mention: { kind: "usergroup", id: "S1", handle: LONG.slice(0, 80) },
      }),
      NOW,
    );
    expect(problems(rendered)).toEqual([]);
  });
});

describe("the small answers", () => {
  it("tells how to invite the app, or that the channel is archived", () => {
    expect(renderChannelUnreachable("not_in_channel").text).toBe(
      "Invite @Uptime to this channel first (`/invite @Uptime`), then run the command again. Nothing was subscribed.",
    );
    expect(renderChannelUnreachable("is_archived").text).toContain("archived");
    // The rest of the permanent Slack errors (domain/pause-reasons.ts): the app itself needs fixing.
    expect(renderChannelUnreachable("missing_scope").text).toContain(
      "Slack refused my post here (`missing_scope`): ask a workspace admin to reinstall @Uptime",
    );
  });

  it("explains a usergroup typed as plain text", () => {
    expect(renderMentionWithoutId("oncall")).toMatchSnapshot();
  });

  it("notes in the channel who muted what until when, and how to lift it", () => {
    const text = renderMuteNote(
      { monitorName: "Docs site", monitorId: "4", hours: 4, until: NOW + 4 * 3_600_000 },
      "U0BOB",
    ).text;
    expect(text).toContain("<@U0BOB> muted *Docs site* in this channel for 4 h");
    expect(text).toContain('`/uptime unmute "Docs site"`');
    expect(
      renderMuteNote({ monitorName: null, monitorId: "4", hours: 1, until: NOW }, "U0BOB").text,
    ).toContain("monitor 4");
  });

  it("notes an unmute, and answers the button of an ended mute", () => {
    const mute = { monitorId: "4", until: NOW, by: "U0BOB", monitorName: "Docs", apiTeamId: "1" };
    expect(renderUnmuteNote(mute, "U0ALICE").text).toBe(
      "🔔 <@U0ALICE> unmuted *Docs* in this channel: new alerts for it are posted here again.",
    );
    expect(renderNotMuted().text).toContain("isn't muted in this channel any more");
  });

  it("lists the channel's active mutes with who muted them", () => {
    const mutes = [
      { monitorId: "4", until: NOW + 3_600_000, by: "U0BOB", monitorName: "Docs", apiTeamId: "1" },
      { monitorId: "7", until: NOW + 7_200_000, by: null, monitorName: null, apiTeamId: null },
    ];
    const rendered = renderSubscriptions({ channelId: "C0ALERTS", subscriptions: [view()], mutes });
    const text = textOf(rendered);
    expect(rendered.text).toContain("1 alert subscription, 2 muted monitors");
    expect(text).toContain("*Muted here* (2)");
    expect(text).toContain("🔕 *Docs* muted by <@U0BOB> until <!date^");
    expect(text).toContain("`/uptime unmute Docs`");
    expect(text).toContain("🔕 *monitor #7* muted until");
    // Mutes are listed even where no subscription is left.
    expect(textOf(renderSubscriptions({ channelId: "C0X", subscriptions: [], mutes }))).toContain("*Docs*");
  });

  it("reports what unsubscribe removed, or the channel's subscriptions when nothing matched", () => {
    expect(
      renderUnsubscribeResult({ kind: "removed", removed: [view()], all: false }, "U0BOB"),
    ).toMatchSnapshot();
    expect(
      renderUnsubscribeResult({ kind: "removed", removed: [view(), view()], all: true }, "U0BOB").text,
    ).toContain("<@U0BOB> removed all 2 subscriptions");
    const none = renderUnsubscribeResult({ kind: "none", remaining: [view({ groups: ["API"] })] }, "U0BOB");
    expect(textOf(none)).toContain("No subscription of this channel has exactly these filters");
    expect(textOf(none)).toContain("group API");
    const many = renderUnsubscribeResult(
      {
        kind: "removed",
        all: true,
        removed: Array.from({ length: 200 }, () => view({ teamName: LONG, groups: [LONG] })),
      },
      "U0BOB",
    );
    expect(problems(many)).toEqual([]);
  });
});
