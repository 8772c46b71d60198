import type { Button, HomeView, KnownBlock } from "@slack/types";
import type { QuietHours } from "../domain/quiet-hours";
import { formatDuration, slackDate } from "../lib/format-time";
import type { HomeData } from "../services/home-data";
import type { SubscriptionView } from "../services/list-subscriptions";
import type { Incident, Monitor } from "../uptime";
import { acknowledgeButton } from "./acknowledge-button";
import { tryEncode } from "./codec";
import { unfurlSwitchCodec } from "./codecs";
import { actions, blocks as blockIds, views } from "./ids";
import { linkButton } from "./link-button";
import { listSections, monitorAddress } from "./query-parts";
import { APP_MENTION } from "./render-subscribe-result";
import { subscriptionLine } from "./render-subscriptions";
import { escapeMrkdwn, limits, mrkdwn, plainText, truncate } from "./text";

/** What the Home tab shows: the data, or a sentence when it could not be loaded. */
export type HomeModel = HomeData | { kind: "error"; text: string };

export interface HomeOptions {
  /** Epoch ms, for "down for 4m 12s". */
  now: number;
  /** One line at the top: the result of the last click ("Acknowledged incident #42"). mrkdwn. */
  notice?: string | undefined;
  /** "Link previews" of a linked person (docs/slack-app.md "Link unfurls"); absent: the section is left out. */
  linkPreviews?: LinkPreviewSettings | undefined;
}

export interface LinkPreviewSettings {
  /** The person chose Never: none of their links is previewed. */
  never: boolean;
  /** The workspace allows previews in channels shared with other organizations (Slack Connect). */
  externalAllowed: boolean;
  /** A Slack admin or owner of the workspace: the only ones shown the Slack Connect switch. */
  isAdmin: boolean;
}

// Down monitors are listed as lines in a few sections; incidents take one block each (their button).
// 25 + 25 incident blocks and ~20 others stay well under the 100 blocks of a Home tab.
const MAX_DOWN = 40;
const MAX_INCIDENTS = 25;
const SUBSCRIPTION_SECTIONS = 3;
/** A person has a few personal subscriptions (one per team and set of filters). */
const PERSONAL_SECTIONS = 2;
const LINES_PER_SECTION = 10;

/** App Home: counters, down monitors, open incidents with Acknowledge, subscriptions; or Link. */
export function renderHome(model: HomeModel, options: HomeOptions): HomeView {
  const notice: KnownBlock[] = options.notice ? [{ type: "section", text: mrkdwn(options.notice) }] : [];
  const previews =
    model.kind === "linked" && options.linkPreviews ? linkPreviewBlocks(options.linkPreviews) : [];
  return {
    type: "home",
    callback_id: views.home,
    blocks: [...notice, ...body(model, options.now), ...previews],
  };
}

function body(model: HomeModel, now: number): KnownBlock[] {
  switch (model.kind) {
    case "unlinked":
      return [
        header("Welcome to Uptime"),
        section(
          "See your monitors, incidents and availability without leaving Slack, acknowledge incidents with one click and subscribe channels to alerts.\n\nTo start, link your Uptime account with your *personal API token*: everything you do here then runs as you, with your role in each team.",
        ),
        { type: "actions", block_id: blockIds.homeActions, elements: [linkButton()] },
      ];
    case "stale":
      return [
        header("Uptime"),
        section(
          `:warning: You were linked as *${escapeMrkdwn(truncate(model.link.apiUserName, 200))}*, but that token is no longer accepted (revoked or expired). Please link your account again.`,
        ),
        { type: "actions", block_id: blockIds.homeActions, elements: [linkButton()] },
      ];
    case "no-team":
      return [
        header("Uptime"),
        section("Your Uptime account belongs to no team yet. Once a team owner invites you, press Refresh."),
        homeActions(),
      ];
    case "error":
      return [header("Uptime"), section(`:warning: ${escapeMrkdwn(model.text)}`), homeActions()];
    case "linked":
      return linkedBody(model, now);
  }
}

function linkedBody(model: Extract<HomeData, { kind: "linked" }>, now: number): KnownBlock[] {
  const out: KnownBlock[] = [
    header(`Uptime: ${model.team.name}`),
    {
      type: "context",
      elements: [
        mrkdwn(
          `Linked as *${escapeMrkdwn(truncate(model.link.apiUserName, 200))}* (${escapeMrkdwn(truncate(model.team.role, 40))}). ${
            model.link.teams.length > 1 ? "`/uptime team` switches teams." : ""
          }`,
        ),
      ],
    },
  ];
  const c = model.counters;
  if (c) {
    out.push({
      type: "section",
      fields: [
        mrkdwn(`:large_green_circle: *Up*\n${c.up}`),
        mrkdwn(`:red_circle: *Down*\n${c.down}`),
        mrkdwn(`:double_vertical_bar: *Paused*\n${c.paused}`),
        mrkdwn(`:hourglass_flowing_sand: *Pending*\n${c.pending}`),
      ],
    });
  }
  out.push(homeActions(), { type: "divider" });

  out.push(header("Monitors down"));
  const down = model.down.items.slice(0, MAX_DOWN).map(monitorLine);
  if (down.length === 0) out.push(section(":white_check_mark: Every monitor is up or paused."));
  for (let i = 0; i < down.length; i += LINES_PER_SECTION) {
    out.push(section(down.slice(i, i + LINES_PER_SECTION).join("\n")));
  }
  const moreDown = (model.down.total ?? model.down.items.length) - down.length;
  if (moreDown > 0)
    out.push(more(`…and ${moreDown} more. \`/uptime monitors --state down\` lists them all.`));

  out.push({ type: "divider" }, header("Open incidents"));
  const incidents = model.openIncidents.items.slice(0, MAX_INCIDENTS);
  if (incidents.length === 0) out.push(section(":white_check_mark: No open incidents."));
  for (const incident of incidents) out.push(incidentBlock(incident, now));
  const moreIncidents =
    model.openIncidents.total === null ? null : model.openIncidents.total - incidents.length;
  if (moreIncidents === null)
    out.push(
      more(
        `At least ${model.openIncidents.items.length} open: only the latest 200 incidents were searched for open ones.`,
      ),
    );
  else if (moreIncidents > 0)
    out.push(more(`…and ${moreIncidents} more. \`/uptime incidents open\` lists them all.`));

  if (model.subscriptions)
    out.push({ type: "divider" }, ...yourAlerts(model.subscriptions.filter((s) => s.personal)));

  out.push({ type: "divider" }, header("Your subscriptions"));
  // Personal alerts have their own section above; this one is the channels'.
  const subscriptions = (model.subscriptions ?? []).filter((s) => !s.personal);
  if (subscriptions.length === 0) {
    out.push(
      section(
        "No channel alerts yet. Run `/uptime subscribe` in a channel to get outage and recovery alerts there.",
      ),
    );
  } else {
    // The channel list's own line, packed within the section limit (filters can name many monitors).
    const lines = subscriptions.map(
      (s) => `• <#${escapeMrkdwn(s.channelId)}>: ${subscriptionLine(s, { subscriber: false })}`,
    );
    out.push(...listSections(lines, SUBSCRIPTION_SECTIONS));
  }
  return out;
}

/**
 * "Your alerts": the person's own alerts in their DM with the app, turned on and off here since
 * the app's Messages tab is read-only (no command can be typed in that DM). Each one shows its filters and
 * the quiet hours read when it was saved.
 */
function yourAlerts(personal: readonly SubscriptionView[]): KnownBlock[] {
  const out: KnownBlock[] = [header("Your alerts")];
  if (personal.length === 0) {
    out.push(
      section(
        `Personal alerts are *off*. Turn them on to get outages and recoveries in your DM with ${APP_MENTION}: nobody else sees them, and they stay quiet in your Uptime quiet hours.`,
      ),
      personalAlertsActions(false),
    );
    return out;
  }
  const lines = personal.map(
    (s) => `• ${subscriptionLine(s, { subscriber: false })}\n      ${quietLine(s.personal?.quiet ?? null)}`,
  );
  out.push(...listSections(lines, PERSONAL_SECTIONS), personalAlertsActions(true));
  out.push(
    more(
      "Saving the same filters again with *Alert me about…* re-reads your quiet hours from your Uptime profile and resumes paused alerts.",
    ),
  );
  return out;
}

function quietLine(quiet: QuietHours | null): string {
  return quiet
    ? `🌙 quiet ${quiet.start}–${quiet.end} (${escapeMrkdwn(quiet.timeZone)}): alerts go into a thread, without a notification`
    : "no quiet hours in your Uptime profile: every alert notifies you";
}

function personalAlertsActions(on: boolean): KnownBlock {
  const alertMeAbout: Button = {
    type: "button",
    action_id: actions.personalAlertsOpen,
    text: plainText("Alert me about…", limits.buttonText),
  };
  const toggle: Button = on
    ? {
        type: "button",
        action_id: actions.personalAlertsOff,
        text: plainText("Turn off", limits.buttonText),
        style: "danger",
        confirm: {
          title: plainText("Turn off your alerts?", limits.modalTitle),
          text: plainText("You will get no more alerts in your DM with Uptime. Channels keep theirs.", 300),
          confirm: plainText("Turn off", limits.buttonText),
          deny: plainText("Keep them", limits.buttonText),
        },
      }
    : {
        type: "button",
        action_id: actions.personalAlertsOn,
        text: plainText("Turn on", limits.buttonText),
        style: "primary",
      };
  return {
    type: "actions",
    block_id: blockIds.homePersonalAlerts,
    elements: on ? [alertMeAbout, toggle] : [toggle, alertMeAbout],
  };
}

/**
 * "Link previews": a pasted link becomes a live card only after its poster agrees, per conversation; Never
 * is switched back here. Slack Connect channels get none unless an admin allows them for the workspace.
 */
function linkPreviewBlocks(settings: LinkPreviewSettings): KnownBlock[] {
  const switchButton = (action_id: string, label: string, on: boolean): Button => {
    const value = tryEncode(unfurlSwitchCodec, { on });
    return {
      type: "button",
      action_id,
      text: plainText(label, limits.buttonText),
      ...(value ? { value } : {}),
      ...(on ? { style: "primary" as const } : {}),
    };
  };
  const mine = settings.never
    ? "Your links are *not previewed anywhere* (you chose Never)."
    : "Before one of your links is previewed in a conversation, you are asked: *Show*, *Not here* or *Never*.";
  const external = settings.externalAllowed
    ? "Channels shared with other organizations (Slack Connect): previews *allowed*, each after its poster agrees."
    : "Channels shared with other organizations (Slack Connect): *no previews*, and nobody is asked.";
  const elements = [
    settings.never
      ? switchButton(actions.homeUnfurlNever, "Turn previews on", true)
      : switchButton(actions.homeUnfurlNever, "Never preview my links", false),
  ];
  if (settings.isAdmin) {
    elements.push(
      settings.externalAllowed
        ? switchButton(actions.homeUnfurlExternal, "Stop Slack Connect previews", false)
        : switchButton(actions.homeUnfurlExternal, "Allow Slack Connect previews", true),
    );
  }
  return [
    { type: "divider" },
    header("Link previews"),
    section(`${mine}\n${external}${settings.isAdmin ? "" : " Only a workspace admin can change this."}`),
    { type: "actions", block_id: blockIds.homeLinkPreviews, elements },
  ];
}

function monitorLine(monitor: Monitor): string {
  const target = monitorAddress(monitor);
  const group = monitor.group ? ` · ${escapeMrkdwn(truncate(monitor.group, 60))}` : "";
  const where = target ? ` · ${escapeMrkdwn(truncate(target, 120))}` : "";
  return `:red_circle: *${escapeMrkdwn(truncate(monitor.name, 100))}*${group}${where}`;
}

function incidentBlock(incident: Incident, now: number): KnownBlock {
  const monitor =
    incident.monitor?.name ?? (incident.monitorId ? `monitor ${incident.monitorId}` : "a monitor");
  const downFor = formatDuration((now - incident.started.getTime()) / 1000);
  const reason = incident.reason ? `\n${escapeMrkdwn(truncate(incident.reason, 300))}` : "";
  const acked = incident.acknowledged ? `\n:eyes: Acknowledged ${slackDate(incident.acknowledged)}` : "";
  const text = `*#${escapeMrkdwn(incident.id)} ${escapeMrkdwn(truncate(monitor, 100))}*: down for ${downFor}, since ${slackDate(incident.started)}${reason}${acked}`;
  const button =
    !incident.acknowledged && incident.teamId
      ? acknowledgeButton({ incidentId: incident.id, teamId: incident.teamId }, { primary: false })
      : undefined;
  return { type: "section", text: mrkdwn(text), ...(button ? { accessory: button } : {}) };
}

function homeActions(): KnownBlock {
  return {
    type: "actions",
    block_id: blockIds.homeActions,
    elements: [
      { type: "button", action_id: actions.homeRefresh, text: plainText("Refresh", limits.buttonText) },
      {
        type: "button",
        action_id: actions.openCreateMonitor,
        text: plainText("Create monitor", limits.buttonText),
        style: "primary",
      },
    ],
  };
}

function header(text: string): KnownBlock {
  return { type: "header", text: plainText(text, limits.headerText) };
}

function section(text: string): KnownBlock {
  return { type: "section", text: mrkdwn(text) };
}

function more(text: string): KnownBlock {
  return { type: "context", elements: [mrkdwn(text)] };
}
