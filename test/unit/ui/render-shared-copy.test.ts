import { describe, expect, it } from "vitest";
import { SlackApiError } from "../../../src/slack/slack-errors";
import { chartImageBlock } from "../../../src/ui/charts/chart-image-block";
import { actions, blocks } from "../../../src/ui/ids";
import { mentionedUserIds } from "../../../src/ui/quiet-mentions";
import { renderIncidentList } from "../../../src/ui/render-incident-list";
import { renderMonitorDetails } from "../../../src/ui/render-monitor-details";
import { renderShareRefused } from "../../../src/ui/render-share-refused";
import { renderSharedCopy } from "../../../src/ui/render-shared-copy";
import type { Rendered } from "../../../src/ui/reply";
import { withShareButton } from "../../../src/ui/share-button";
import { checkBlockKitLimits } from "../../support/block-kit-limits";
import { textOf } from "../../support/text-of";
import { incident, monitor, NOW } from "./query-fixtures";

const actionIds = (rendered: Rendered) =>
  (rendered.blocks ?? []).flatMap((b): string[] => [
    ...(b.type === "actions" ? b.elements.map((el) => ("action_id" in el ? (el.action_id ?? "") : "")) : []),
    ...(b.type === "section" && b.accessory && "action_id" in b.accessory
      ? [b.accessory.action_id ?? ""]
      : []),
  ]);

describe("renderSharedCopy", () => {
  it("names the sharer and leaves out Share, the chart and the monitor's Pause/Edit/Delete", () => {
    const details = renderMonitorDetails({ teamId: "1", monitor: monitor() }, NOW);
    const asked = withShareButton(
      { ...details, blocks: [...(details.blocks ?? []), chartImageBlock("F0CHART", "chart", "Chart")] },
      { kind: "monitor", monitor: "5" },
      "C0OPS",
      { teamId: "1", monitorId: "5" },
    );
    expect(actionIds(asked)).toEqual(
      expect.arrayContaining([
        actions.share,
        actions.pauseMonitor,
        actions.editMonitor,
        actions.deleteMonitor,
      ]),
    );

    const shared = renderSharedCopy(asked, "U0ALICE");
    expect(actionIds(shared)).toEqual([]);
    expect(shared.blocks?.some((b) => b.block_id === blocks.chart || b.block_id === blocks.share)).toBe(
      false,
    );
    expect(shared.blocks?.at(-1)).toEqual({
      type: "context",
      elements: [{ type: "mrkdwn", text: "Shared by <@U0ALICE>" }],
    });
    expect(shared.text).toBe(`<@U0ALICE> shared: ${details.text}`);
    // Everything else is the answer as the asker saw it.
    expect(shared.blocks?.slice(0, -1)).toEqual(details.blocks?.filter((b) => b.type !== "actions"));
    expect(checkBlockKitLimits("message", { ...shared })).toEqual([]);
  });

  it("keeps Acknowledge (it acts as its clicker) and drops Prev/Next", () => {
    const list = renderIncidentList(
      {
        team: { id: "1", name: "Acme" },
        openOnly: true,
        page: 1,
        incidents: [incident()],
        monitorNames: {},
        hasPrev: false,
        hasNext: true,
        scanCapped: false,
      },
      NOW,
    );
    expect(actionIds(list)).toEqual([actions.acknowledge, actions.incidentsPageNext]);
    expect(actionIds(renderSharedCopy(list, "U0BOB"))).toEqual([actions.acknowledge]);
  });

  it("stays within 50 blocks", () => {
    const full: Rendered = {
      text: "t",
      blocks: Array.from({ length: 50 }, () => ({ type: "divider" as const })),
    };
    const shared = renderSharedCopy(full, "U0ALICE");
    expect(shared.blocks).toHaveLength(50);
    expect(textOf(shared)).toContain("Shared by <@U0ALICE>");
  });
});

describe("renderShareRefused", () => {
  it("tells the clicker to invite the app when it is not in the channel", () => {
    for (const error of ["not_in_channel", "channel_not_found"]) {
      expect(renderShareRefused(new SlackApiError(error), "C0RANDOM").text).toBe(
        "I'm not in <#C0RANDOM>, so I can't share there. Invite me with `/invite @Uptime`, then press Share again.",
      );
    }
  });

  it("says an archived channel is archived, and names any other refusal", () => {
    expect(renderShareRefused(new SlackApiError("is_archived"), "C0OLD").text).toBe(
      "<#C0OLD> is archived, so I can't share there.",
    );
    expect(renderShareRefused(new SlackApiError("restricted_action"), "C0X").text).toMatch(
      /refused my post in <#C0X> \(`restricted_action`\)/,
    );
  });

  // Issue 32: "by <@U…>" and "pings @here" tell the asker alone; posted in the channel they would notify.
  it("mentions no one but the sharer: people by name, groups and @here as code", () => {
    const answer: Rendered = {
      text: "Subscribed by <@U0BOB>, pings <!here>",
      blocks: [
        {
          type: "section",
          text: { type: "mrkdwn", text: "🔔 *Acme*: every monitor · by <@U0BOB> · <!channel>" },
        },
        {
          type: "section",
          fields: [{ type: "mrkdwn", text: "<!subteam^S0ONCALL|@oncall> and <@U0CAROL|carol>" }],
        },
        { type: "context", elements: [{ type: "mrkdwn", text: "muted by <@W0ERIN> · <!everyone>" }] },
        { type: "header", text: { type: "plain_text", text: "<@U0BOB> stays plain text" } },
      ],
    };
    const shared = renderSharedCopy(answer, "U0ALICE", new Map([["U0BOB", "bob <the builder>"]]));
    const all = `${shared.text}\n${JSON.stringify(shared.blocks)}`;
    const mrkdwnOnly = all.replace("<@U0BOB> stays plain text", "");
    expect([...mrkdwnOnly.matchAll(/<[@!][^>]*>/g)].map((m) => m[0])).toEqual(["<@U0ALICE>", "<@U0ALICE>"]);
    expect(shared.text).toBe("<@U0ALICE> shared: Subscribed by @bob &lt;the builder&gt;, pings `@here`");
    expect(textOf(shared)).toContain("by @bob &lt;the builder&gt; · `@channel`");
    expect(textOf(shared)).toContain("`@oncall` and @carol");
    // Unknown to users.info and without a label: the id, which is not a mention.
    expect(textOf(shared)).toContain("muted by @W0ERIN · `@everyone`");
    // plain_text is never parsed for mentions: left as the asker saw it.
    expect(textOf(shared)).toContain("<@U0BOB> stays plain text");
  });

  it("lists the users an answer mentions, each once, for users.info", () => {
    expect(
      mentionedUserIds({
        text: "<@U0BOB> and <@U0BOB|bob>",
        blocks: [{ type: "context", elements: [{ type: "mrkdwn", text: "<@W0ERIN> <!here>" }] }],
      }),
    ).toEqual(["U0BOB", "W0ERIN"]);
  });
});
