/**
 * The demo's Slack workspace and how it is set up, through the product's real flows: Olivia and Rita link
 * their accounts with App Home's Link button and the login modal, Olivia subscribes #ops-alerts with
 * `/uptime subscribe` (escalation steps at 1, 2 and 3 minutes, storms above 3, reminders every 2 minutes),
 * runs `/uptime test` there, and turns on her own alerts in App Home's
 * "Your alerts" (they arrive in her DM), sets a rota, adds runbook links and a live board, walks one outage
 * through a page, a note and a postmortem (demo-incident-scenes.ts), and Payments API fails on a schedule so
 * that alerts arrive by themselves.
 */
import type { Logger } from "../../src/lib/logger";
import { actions, views } from "../../src/ui/ids";
import { DEMO_TOKENS, type SimulatorControl } from "../simulator";
import {
  addOpsRunbooks,
  type IncidentSceneReport,
  playIncidentScene,
  postOpsBoard,
} from "./demo-incident-scenes";
import { DemoSetupError, waitForChange } from "./demo-setup-wait";
import type { FakeChannelSeed, FakeSlack, FakeUsergroupSeed, FakeUserSeed, SlackView } from "./fake-slack";

export { DemoSetupError } from "./demo-setup-wait";

export const DEMO_PEOPLE = {
  olivia: { id: "U0OLIVIA", name: "olivia", realName: "Olivia Owner", isAdmin: true },
  rita: { id: "U0RITA", name: "rita", realName: "Rita Readonly" },
  nick: { id: "U0NICK", name: "nick", realName: "Nick Newcomer" },
} as const satisfies Record<string, FakeUserSeed>;

/** Who each person is in the demo, as the user switcher says it. */
export const DEMO_ROLES: Readonly<Record<string, string>> = {
  [DEMO_PEOPLE.olivia.id]: "owner of Acme Production, linked",
  [DEMO_PEOPLE.rita.id]: "read-only member, linked",
  [DEMO_PEOPLE.nick.id]: "newcomer, not linked at start",
};

export const DEMO_CHANNELS = {
  opsAlerts: { id: "C0OPSALERTS", name: "ops-alerts" },
  general: { id: "C0GENERAL", name: "general" },
} as const;

/**
 * How #ops-alerts is subscribed: an outage left unacknowledged is escalated in its thread at 1 minute, at 2
 * pinging @oncall and at 3 pinging Olivia herself; more than 3 outages within a minute (the "Break 4 at
 * once" control) roll up into one message; and 3 checks in a row over 2 s (the "Make it slow" control)
 * post a slow-response alert; an outage still open, acknowledged or not, gets a reminder every 2 minutes
 * ("Break a monitor", Acknowledge, and wait). Written as Slack sends it (should_escape in manifest.yml): the usergroup and
 * the person picked from the autocomplete arrive as entities.
 */
export const OPS_ALERTS_SUBSCRIBE =
  "subscribe --escalate 1m,2m:<!subteam^S0ONCALL|@oncall>,3m:<@U0OLIVIA|olivia> --storm 3 --slow 2s --remind 2m";

/** What "Make it slow" sets a monitor's checks to take (ms): over the 2 s of OPS_ALERTS_SUBSCRIBE. */
export const DEMO_SLOW_MS = 2600;
/**
 * A planned quiet window in #ops-alerts from the start (issue 37), for a monitor the page's buttons leave
 * alone: its start note is there at once, "Break a monitor" on it shows an outage held back.
 */
export const OPS_ALERTS_MAINTENANCE = 'maintenance "Bastion SSH" 8h --reason bastion host replacement';

/** The demo monitor that fails on a schedule (simulator demo seed: 7 "Payments API", team 1). */
export const SCHEDULED_MONITOR = { id: 7, name: "Payments API" } as const;
export const DEMO_API_TEAM = 1;
/**
 * The demo's UPTIME_WEB_URL: the host manifest.yml names under `unfurl_domains`, so that a pasted monitor
 * or incident link of it unfurls (the fake Slack sends link_shared only for that domain).
 */
export const DEMO_WEB_URL = "https://uptime.example.com";

export function demoSlackSeed(botUserId: string): {
  users: FakeUserSeed[];
  channels: FakeChannelSeed[];
  usergroups: FakeUsergroupSeed[];
} {
  const users: FakeUserSeed[] = Object.values(DEMO_PEOPLE).map((p) => ({ ...p }));
  const everyone = [...users.map((u) => u.id), botUserId];
  return {
    users,
    channels: [
      { ...DEMO_CHANNELS.opsAlerts, members: everyone },
      { ...DEMO_CHANNELS.general, members: everyone },
    ],
    usergroups: [{ id: "S0ONCALL", handle: "oncall", name: "On-call", users: [DEMO_PEOPLE.olivia.id] }],
  };
}

/**
 * A person opens the app's Home tab (Slack sends app_home_opened) and sees it once it offers `actionId`.
 * The setup acts where a person would in a real workspace: the app's Messages tab is read-only
 * (manifest.yml), so no command is ever typed in its DM.
 */
async function homeOffering(slack: FakeSlack, userId: string, actionId: string): Promise<SlackView> {
  const dm = slack.state.openIm(userId).conversation.id;
  await slack.sender.event({ type: "app_home_opened", user: userId, channel: dm, tab: "home" });
  return waitForChange(
    slack,
    () => {
      const home = slack.state.homeViews.get(userId);
      return home && JSON.stringify(home.blocks).includes(`"${actionId}"`) ? home : undefined;
    },
    `App Home with ${actionId} for ${userId}`,
  );
}

/** A click on a button of a person's Home tab. */
async function clickHome(slack: FakeSlack, userId: string, home: SlackView, actionId: string): Promise<void> {
  const result = await slack.sender.blockAction({
    userId,
    container: { type: "view", viewId: home.id },
    actions: [{ action_id: actionId }],
  });
  if (result.status !== 200) throw new DemoSetupError(`demo setup: ${actionId} answered ${result.status}`);
}

/**
 * Links a person the way a person does: the Link button of App Home, then the token pasted into the login
 * modal and submitted. Resolves when the modal closed (the token was accepted).
 */
export async function linkThroughLoginModal(slack: FakeSlack, userId: string, token: string): Promise<void> {
  await clickHome(slack, userId, await homeOffering(slack, userId, actions.linkAccount), actions.linkAccount);
  const view = await waitForChange<SlackView>(
    slack,
    () => {
      const top = slack.state.topModal(userId);
      return top?.callback_id === views.login ? top : undefined;
    },
    `the login modal for ${userId}`,
  );
  const tokenInput = view.blocks.find(
    (b): b is { block_id: string; element: { action_id: string } } =>
      typeof b === "object" && b !== null && (b as { type?: unknown }).type === "input",
  );
  if (!tokenInput) throw new DemoSetupError("demo setup: the login modal has no input");
  const result = await slack.sender.viewSubmission({
    userId,
    viewId: view.id,
    values: {
      [tokenInput.block_id]: { [tokenInput.element.action_id]: { type: "plain_text_input", value: token } },
    },
  });
  if (result.outcome !== "closed" && result.outcome !== "cleared") {
    throw new DemoSetupError(
      `demo setup: linking ${userId} failed (${result.outcome}${result.errors ? `: ${Object.values(result.errors).join("; ")}` : ""})`,
    );
  }
}

/**
 * A person's own alerts, turned on as a person does: "Turn on" in App Home's "Your alerts". Resolves when
 * the summary is in their DM with the app.
 */
export async function turnOnPersonalAlerts(slack: FakeSlack, userId: string): Promise<void> {
  const dm = slack.state.openIm(userId).conversation.id;
  const before = slack.state.channelMessages(dm).length;
  const home = await homeOffering(slack, userId, actions.personalAlertsOn);
  await clickHome(slack, userId, home, actions.personalAlertsOn);
  await waitForChange(
    slack,
    () =>
      slack.state
        .channelMessages(dm)
        .slice(before)
        .find((m) => m.text.startsWith("🔔 Your personal alerts")),
    `personal alerts for ${userId}`,
  );
}

/**
 * `/uptime subscribe` in #ops-alerts as Olivia, through the real command. Subscribed, the bot announces it
 * in the channel (resolves with that message's text); refused, Olivia alone gets an ephemeral answer.
 */
export async function subscribeOpsAlerts(slack: FakeSlack): Promise<string> {
  const user = DEMO_PEOPLE.olivia.id;
  const channel = DEMO_CHANNELS.opsAlerts.id;
  const ephemeralsBefore = slack.state.ephemeralFor(user, channel).length;
  const messagesBefore = slack.state.channelMessages(channel).length;
  const result = await slack.sender.slashCommand({
    userId: user,
    channelId: channel,
    text: OPS_ALERTS_SUBSCRIBE,
  });
  if (result.status !== 200)
    throw new DemoSetupError(`demo setup: /uptime subscribe answered ${result.status}`);
  const answer = await waitForChange(
    slack,
    () => {
      const announcement = slack.state.channelMessages(channel)[messagesBefore];
      if (announcement) return { subscribed: true, text: announcement.text };
      const refusal = slack.state.ephemeralFor(user, channel)[ephemeralsBefore];
      return refusal ? { subscribed: false, text: refusal.text } : undefined;
    },
    "the answer to /uptime subscribe",
  );
  if (!answer.subscribed)
    throw new DemoSetupError(`demo setup: /uptime subscribe was refused: ${answer.text}`);
  return answer.text;
}

/**
 * `/uptime maintenance ...` in #ops-alerts as Olivia, through the real command: resolves with the window's
 * id from her answer (the channel's start note follows from the schedule).
 */
export async function planOpsMaintenance(slack: FakeSlack): Promise<string> {
  const user = DEMO_PEOPLE.olivia.id;
  const channel = DEMO_CHANNELS.opsAlerts.id;
  const before = slack.state.ephemeralFor(user, channel).length;
  const result = await slack.sender.slashCommand({
    userId: user,
    channelId: channel,
    text: OPS_ALERTS_MAINTENANCE,
  });
  if (result.status !== 200)
    throw new DemoSetupError(`demo setup: /uptime maintenance answered ${result.status}`);
  const answer = await waitForChange(
    slack,
    () => slack.state.ephemeralFor(user, channel)[before]?.text,
    "the answer to /uptime maintenance",
  );
  const id = /Maintenance `([a-z0-9]+)` planned/.exec(answer)?.[1];
  if (!id) throw new DemoSetupError(`demo setup: /uptime maintenance was refused: ${answer}`);
  return id;
}

/**
 * `/uptime test` in #ops-alerts as Olivia, through the real command: the channel shows a test alert from
 * the start (its escalation steps at test speed, green a minute later). Resolves with its text.
 */
export async function postOpsTestAlert(slack: FakeSlack): Promise<string> {
  const user = DEMO_PEOPLE.olivia.id;
  const channel = DEMO_CHANNELS.opsAlerts.id;
  const before = slack.state.ephemeralFor(user, channel).length;
  const result = await slack.sender.slashCommand({ userId: user, channelId: channel, text: "test" });
  if (result.status !== 200) throw new DemoSetupError(`demo setup: /uptime test answered ${result.status}`);
  const answer = await waitForChange(
    slack,
    () => slack.state.ephemeralFor(user, channel)[before]?.text,
    "the answer to /uptime test",
  );
  if (!answer.includes("Posting a test alert"))
    throw new DemoSetupError(`demo setup: /uptime test was refused: ${answer}`);
  return waitForChange(
    slack,
    () => slack.state.channelMessages(channel).find((m) => m.text.startsWith("🧪 TEST"))?.text,
    "the test alert in #ops-alerts",
  );
}

/**
 * #ops-alerts' on-call rota, set by Olivia through the real commands: Olivia and Rita week by week, the
 * @oncall user group following, then Rita covering for 5 minutes, so that the demo shows a handover (the
 * channel's note and Rita's DM) at once and another when the override ends.
 */
export const OPS_ALERTS_ROTA = [
  'oncall set <@U0OLIVIA|olivia> <@U0RITA|rita> --every 1w --at "Mon 09:00" --group <!subteam^S0ONCALL|@oncall>',
  "oncall override <@U0RITA|rita> 5m",
] as const;

export async function setOpsRota(slack: FakeSlack): Promise<void> {
  const user = DEMO_PEOPLE.olivia.id;
  const channel = DEMO_CHANNELS.opsAlerts.id;
  for (const text of OPS_ALERTS_ROTA) {
    const before = slack.state.ephemeralFor(user, channel).length;
    const result = await slack.sender.slashCommand({ userId: user, channelId: channel, text });
    if (result.status !== 200)
      throw new DemoSetupError(`demo setup: /uptime ${text} answered ${result.status}`);
    const answer = await waitForChange(
      slack,
      () => slack.state.ephemeralFor(user, channel)[before]?.text,
      `the answer to /uptime ${text}`,
    );
    if (!/Rota set|Override set/.test(answer))
      throw new DemoSetupError(`demo setup: /uptime ${text} was refused: ${answer}`);
  }
}

/**
 * Resolves once the alert poller has read team 1 twice since `sinceMs` (seen in the simulator's request
 * log), that is once its first poll, the baseline, is behind it. The baseline takes what is open then as
 * already known, so a monitor broken before it would never be announced.
 */
export async function waitForAlertBaseline(
  simulator: SimulatorControl,
  sinceMs: number,
  timeoutMs = 15_000,
): Promise<boolean> {
  const path = `/teams/${DEMO_API_TEAM}/checks`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const polls = simulator.requests().filter((r) => r.path === path && Date.parse(r.at) >= sinceMs);
    if (polls.length >= 2) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/**
 * Olivia pastes the link of the scheduled monitor in #general as a person would (no command): the fake Slack
 * sends link_shared, the bot asks her first ("Show a live preview ... to everyone here?", ephemeral), and she
 * presses Show, so that her card is attached to her message (chat.unfurl) and her next links there unfurl
 * without asking. Waits for the card.
 */
export async function pasteMonitorLink(slack: FakeSlack): Promise<void> {
  const url = `${DEMO_WEB_URL}/monitors/${SCHEDULED_MONITOR.id}`;
  const user = DEMO_PEOPLE.olivia.id;
  const channel = DEMO_CHANNELS.general.id;
  const asked = slack.state.ephemeralFor(user, channel).length;
  const { ts } = await slack.postUserMessage({
    userId: user,
    channelId: channel,
    text: `${SCHEDULED_MONITOR.name} is the one that keeps failing: <${url}>`,
  });
  const question = await waitForChange(
    slack,
    () =>
      slack.state
        .ephemeralFor(user, channel)
        .slice(asked)
        .find((e) => e.text.startsWith("Show a live preview")),
    "the question before the unfurl of the pasted monitor link",
  );
  await slack.sender.blockAction({
    userId: user,
    container: { type: "ephemeral", ts: question.ts, channel },
    actions: [{ action_id: actions.unfurlShow }],
  });
  await waitForChange(
    slack,
    () => slack.state.findMessage(channel, ts)?.app_unfurls?.[url],
    "the unfurl of the pasted monitor link",
  );
}

export interface DemoSetupOptions {
  slack: FakeSlack;
  simulator: SimulatorControl;
  /** The simulator's time scale: schedules are given in scenario time, so real durations are multiplied. */
  timeScale: number;
  /** Real time between scheduled outages of Payments API, and how long each lasts. */
  schedule?: { everyMs: number; durationMs: number } | false;
  logger: Logger;
}

export interface DemoSetupReport {
  linked: string[];
  subscription: string;
  /** The id of the quiet window planned in #ops-alerts. */
  maintenance: string;
  /** The headline of the test alert posted in #ops-alerts by `/uptime test`. */
  testAlert: string;
  /** #ops-alerts' board, and the incident paged, noted and written up during setup. */
  incident: IncidentSceneReport;
}

/** Links Olivia and Rita, subscribes #ops-alerts, starts the Payments API schedule. */
export async function setupDemoWorkspace(options: DemoSetupOptions): Promise<DemoSetupReport> {
  const { slack, simulator, logger } = options;
  // Everyone has a DM with the app from the start, so the page can list it.
  for (const person of Object.values(DEMO_PEOPLE)) slack.state.openIm(person.id);

  await linkThroughLoginModal(slack, DEMO_PEOPLE.olivia.id, DEMO_TOKENS.owner);
  await linkThroughLoginModal(slack, DEMO_PEOPLE.rita.id, DEMO_TOKENS.readonly);
  const subscribedAt = Date.now();
  const subscription = await subscribeOpsAlerts(slack);
  logger.info({ subscription }, "demo: #ops-alerts subscribed");
  // A link unfurled in #general: Olivia pastes the scheduled monitor's page; paste another to see more.
  await pasteMonitorLink(slack);
  // Olivia's own alerts in her DM with the app, quiet in her Uptime quiet hours (22:00-07:00).
  await turnOnPersonalAlerts(slack, DEMO_PEOPLE.olivia.id);
  if (!(await waitForAlertBaseline(simulator, subscribedAt))) {
    logger.warn("demo: the alert poller has not read team 1 yet; alerts may take a moment to start");
  }
  const maintenance = await planOpsMaintenance(slack);
  logger.info({ maintenance }, "demo: a quiet window planned in #ops-alerts");
  const testAlert = await postOpsTestAlert(slack);
  logger.info({ testAlert }, "demo: a test alert posted in #ops-alerts");
  await setOpsRota(slack);
  logger.info("demo: an on-call rota in #ops-alerts, Rita covering for 5 minutes");
  await addOpsRunbooks(slack);
  const board = await postOpsBoard(slack);
  const scene = await playIncidentScene(slack, simulator);
  logger.info({ incident: scene.incidentId }, "demo: an incident paged, noted and written up in #ops-alerts");

  if (options.schedule !== false) {
    const schedule = options.schedule ?? { everyMs: 180_000, durationMs: 40_000 };
    simulator.addSchedule({
      monitorId: SCHEDULED_MONITOR.id,
      everyMs: schedule.everyMs * options.timeScale,
      durationMs: schedule.durationMs * options.timeScale,
      reason: "HTTP 503 Service Unavailable",
    });
  }
  return {
    linked: [DEMO_PEOPLE.olivia.id, DEMO_PEOPLE.rita.id],
    subscription,
    maintenance,
    testAlert,
    incident: { board, ...scene },
  };
}
