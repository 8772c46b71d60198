/**
 * The playground in a real browser (issue 5, "Tests in a real browser"): Debian's Chromium driven by
 * playwright-core over the page of `npm run demo`, with the real bot, the simulator, the fake Slack and
 * Redis behind it. Every click goes to the bot as Slack would send it. Screenshots of each step are written
 * to test-output/screenshots/ for people to look at.
 */
import { randomBytes } from "node:crypto";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_API_TEAM, DEMO_PEOPLE } from "../../../dev/playground/demo-workspace";
import { type RunningPlayground, startPlayground } from "../../../dev/playground/web/start-playground";
import { DEMO_TOKENS } from "../../../dev/simulator";
import { silentLogger } from "../../../src/lib/logger";
import { actions, blocks } from "../../../src/ui/ids";
import { UptimeClient } from "../../../src/uptime";
import { launchChromium, openPlayground, type PlaygroundPage } from "../../support/browser";

const OLIVIA = DEMO_PEOPLE.olivia;
const RITA = DEMO_PEOPLE.rita;
const NICK = DEMO_PEOPLE.nick;

const RED = "#E01E5A";
const AMBER = "#ECB22E";
const GREEN = "#2EB67D";

let playground: RunningPlayground;
let browser: Browser;
let uptime: UptimeClient;
const opened: PlaygroundPage[] = [];

beforeAll(async () => {
  [playground, browser] = await Promise.all([
    startPlayground({
      port: 0,
      redisUrl: inject("redisUrl"),
      keyPrefix: `t:browser:${randomBytes(4).toString("hex")}:`,
      // Alerts come from the Break control only: a scheduled outage would race the assertions.
      schedule: false,
      pollIntervalSeconds: 1,
      logger: silentLogger,
      botLogLevel: "silent",
    }),
    launchChromium(),
  ]);
  uptime = new UptimeClient({ baseUrl: playground.simulator.url });
});

afterEach(async () => {
  for (const p of opened.splice(0)) await p.context.close();
});

afterAll(async () => {
  await browser?.close();
  await uptime?.close();
  await playground?.stop();
});

async function open(testName: string): Promise<PlaygroundPage> {
  const p = await openPlayground(browser, playground.url, testName);
  opened.push(p);
  return p;
}

/** expect.poll with room for a bot round trip on a busy machine (vitest's default gives up after 1 s). */
function eventually<T>(probe: () => T | Promise<T>, timeout = 15_000) {
  return expect.poll(probe, { timeout, interval: 100 });
}

async function switchUser(page: Page, person: { id: string }, role: RegExp): Promise<void> {
  await page.getByTestId("user-switcher").selectOption(person.id);
  await eventually(() => page.getByTestId("user-role").textContent()).toMatch(role);
}

async function goTo(page: Page, place: string): Promise<void> {
  await page.getByTestId(place).click();
  await page.locator(`[data-testid=${place}][aria-current=page]`).waitFor();
}

/** Types into the composer and presses Enter; the composer empties once the command went through. */
async function type(page: Page, text: string): Promise<void> {
  const input = page.getByTestId("composer-input");
  await input.fill(text);
  await input.press("Enter");
  await eventually(() => input.inputValue()).toBe("");
}

/**
 * Types a command and resolves with the answer: the first message that appears after it in the
 * conversation (an earlier answer with similar text must not stand in for it).
 */
async function answerTo(page: Page, text: string): Promise<Locator> {
  // The answer is the next ephemeral message: #ops-alerts also gets the demo's own posts meanwhile (a
  // scheduled outage, its escalation steps, the quiet window's note), which are not ephemeral.
  const answers = page.locator("[data-testid=conversation] [data-testid=message][data-ephemeral=true]");
  const before = await answers.count();
  await type(page, text);
  await eventually(() => answers.count()).toBeGreaterThan(before);
  return answers.nth(before);
}

/** The text as the reader sees it (line breaks between blocks and fields), not the DOM's textContent. */
function shownText(locator: Locator): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText, not the DOM property.
  return locator.innerText();
}

/** The newest ephemeral message whose text matches. */
function ephemeral(page: Page, text: RegExp): Locator {
  return page
    .locator("[data-testid=conversation] [data-testid=message][data-ephemeral=true]", { hasText: text })
    .last();
}

async function teamCounters() {
  const team = await uptime.as(DEMO_TOKENS.owner).teams.get(String(DEMO_API_TEAM));
  if (!team.counters) throw new Error("the simulator left out meta.monitorCounters");
  return team.counters;
}

describe("the playground page in Chromium", () => {
  it("/uptime status typed by Olivia shows team 1's counters in an ephemeral message", async () => {
    const { page, shot } = await open("status");
    await eventually(() => page.getByTestId("user-role").textContent()).toMatch(/owner/);
    await eventually(() => page.getByTestId("conversation-title").textContent()).toBe("#ops-alerts");
    await shot("1-opened");

    const counters = await teamCounters();
    const answer = await answerTo(page, "/uptime status");
    expect(await answer.getAttribute("data-ephemeral")).toBe("true");
    expect(await answer.getByTestId("ephemeral-note").textContent()).toMatch(/Only visible to you/);
    const body = (await shownText(answer.getByTestId("message-body"))).replace(/\s+/g, " ");
    expect(body).toContain(`Up ${counters.up}`);
    expect(body).toContain(`Down ${counters.down}`);
    expect(body).toContain(`Paused ${counters.paused}`);
    await shot("2-status");

    // The App Home tab shows the same counters, published by the bot when the tab opens.
    await goTo(page, "channel-home");
    const home = page.getByTestId("home-content");
    await home.waitFor();
    await eventually(async () => (await shownText(home)).replace(/\s+/g, " ")).toContain(`Up ${counters.up}`);
    // The view first shown can be the one published when Olivia linked, before #ops-alerts was subscribed;
    // the one the bot publishes for app_home_opened lists her subscription.
    await eventually(async () => shownText(home)).toContain("#ops-alerts");
    await shot("3-app-home");
  });

  it("Nick links his account from App Home: a bad token is refused inline, a good one links", async () => {
    const { page, shot } = await open("login");
    await switchUser(page, NICK, /newcomer/);
    // The app's DM is read-only, as manifest.yml makes it: Slack's sentence instead of a composer.
    await goTo(page, "channel-dm");
    await page.getByTestId("composer-off").waitFor();
    expect(await page.getByTestId("composer-off").textContent()).toBe(
      "Sending messages to this app has been turned off.",
    );
    expect(await page.getByTestId("composer").isVisible()).toBe(false);
    await shot("0-read-only-dm");

    await goTo(page, "channel-home");
    await page.getByTestId("home-content").getByTestId(`button-${actions.linkAccount}`).click();
    const modal = page.locator(`[data-testid=modal][data-callback-id=login]`);
    await modal.waitFor();
    await shot("1-login-modal");

    const token = modal.getByTestId(`input-${blocks.login.token}`);
    await token.fill("not-a-real-token");
    await modal.getByTestId("modal-submit").click();
    const error = modal.getByTestId(`modal-error-${blocks.login.token}`);
    await error.waitFor();
    expect(await error.textContent()).toMatch(/\S/);
    // Next to its field: inside the token's input block, right under the input.
    await modal
      .getByTestId(`input-block-${blocks.login.token}`)
      .getByTestId(`modal-error-${blocks.login.token}`)
      .waitFor();
    const [inputBox, errorBox] = await Promise.all([token.boundingBox(), error.boundingBox()]);
    expect(errorBox!.y).toBeGreaterThanOrEqual(inputBox!.y + inputBox!.height - 1);
    expect(errorBox!.y - (inputBox!.y + inputBox!.height)).toBeLessThan(40);
    expect(await token.getAttribute("aria-invalid")).toBe("true");
    await shot("2-bad-token");

    await token.fill(DEMO_TOKENS.member);
    await modal.getByTestId("modal-submit").click();
    await page.getByTestId("modal").waitFor({ state: "detached" });
    // App Home has no message to answer under: the confirmation is in the app's DM.
    await goTo(page, "channel-dm");
    await page
      .locator("[data-testid=conversation] [data-testid=message]", { hasText: /now linked as Max Member/ })
      .last()
      .waitFor();
    await shot("3-linked");

    await goTo(page, "channel-general");
    // Found by its text, not as "the message after the count before": right after the switch the count may
    // still be the DM's (one message), and #general with only the answer also counts one.
    await type(page, "/uptime whoami");
    const whoami = page
      .locator("[data-testid=conversation] [data-testid=message]", { hasText: /You're linked as/ })
      .last();
    await whoami.waitFor();
    expect(await whoami.getAttribute("data-ephemeral")).toBe("true");
    expect(await shownText(whoami.getByTestId("message-body"))).toContain("You're linked as");
    expect(await shownText(whoami.getByTestId("message-body"))).toContain("Max Member");
    await shot("4-whoami");
  });

  it("Rita turns on her own alerts in App Home: Alert me about… with a monitor picked, then Turn off", async () => {
    const { page, shot } = await open("personal-alerts");
    await switchUser(page, RITA, /read-only/);
    await goTo(page, "channel-home");
    const home = page.getByTestId("home-content");
    await home.getByTestId(`button-${actions.personalAlertsOpen}`).click();
    const modal = page.locator(`[data-testid=modal][data-callback-id=personal_alerts]`);
    await modal.waitFor();
    const monitors = modal.getByTestId(`input-${blocks.personalAlerts.monitors}`);
    await monitors.fill("Payments");
    const option = modal.getByTestId("external-option").filter({ hasText: "Payments API" });
    await option.click();
    await eventually(() => modal.getByTestId("chip").allTextContents()).toEqual([
      expect.stringContaining("Payments API"),
    ]);
    await shot("1-alert-me-about");

    await modal.getByTestId("modal-submit").click();
    await page.getByTestId("modal").waitFor({ state: "detached" });
    await eventually(async () => shownText(home)).toContain("Personal alerts on");
    expect(await shownText(home)).toContain("Payments API");
    await shot("2-on");

    await goTo(page, "channel-dm");
    await page
      .locator("[data-testid=conversation] [data-testid=message]", {
        hasText: /You now get alerts for monitor/,
      })
      .last()
      .waitFor();
    await shot("3-summary-in-dm");

    await goTo(page, "channel-home");
    await home.getByTestId(`button-${actions.personalAlertsOff}`).click();
    await page.getByTestId("confirm-yes").click();
    await eventually(async () => shownText(home)).toContain("Personal alerts are off");
    await shot("4-off");
  });

  it("Break, Acknowledge as Rita (refused) and as Olivia (amber), Recover (green, thread reply)", async () => {
    const { page, shot } = await open("alert");
    await goTo(page, "channel-ops-alerts");
    await page.getByTestId("monitor-picker").selectOption({ label: "Payments API (up)" });
    await page.getByTestId("break-monitor").click();
    await eventually(() => page.getByTestId("control-status").textContent()).toMatch(/failing/);

    const posted = page.locator("[data-testid=conversation] [data-testid=message][data-ephemeral=false]", {
      has: page.getByTestId(`button-${actions.acknowledge}`),
      hasText: "Payments API",
    });
    await posted.waitFor({ timeout: 20_000 });
    // The same message from now on, whatever its buttons become: updates keep its ts.
    const ts = await posted.getAttribute("data-ts");
    const alert = page.locator(`[data-testid=conversation] [data-testid=message][data-ts="${ts}"]`);
    const bar = alert.getByTestId("attachment");
    expect(await bar.getAttribute("data-color")).toBe(RED);
    await shot("1-alert");

    // The overflow menu offers the mute durations; closed again without choosing.
    const overflow = alert.getByTestId(`overflow-${actions.mute}`);
    await overflow.locator("summary").click();
    await eventually(() => overflow.getByTestId("overflow-option").allTextContents()).toEqual(
      expect.arrayContaining([expect.stringMatching(/Mute 1 h/)]),
    );
    await shot("2-overflow");
    await overflow.locator("summary").click();
    await overflow.getByTestId("overflow-option").first().waitFor({ state: "hidden" });

    await switchUser(page, RITA, /read-only/);
    await alert.getByTestId(`button-${actions.acknowledge}`).click();
    await ephemeral(page, /read-only members can't/).waitFor();
    expect(await bar.getAttribute("data-color")).toBe(RED);
    await shot("3-rita-refused");

    await switchUser(page, OLIVIA, /owner/);
    await alert.getByTestId(`button-${actions.acknowledge}`).click();
    await eventually(() => bar.getAttribute("data-color")).toBe(AMBER);
    expect(await shownText(alert.getByTestId("message-body"))).toContain(OLIVIA.realName);
    expect(await alert.getAttribute("data-ephemeral")).toBe("false");
    await shot("4-acknowledged");

    await page.getByTestId("recover-monitor").click();
    await eventually(() => bar.getAttribute("data-color"), 20_000).toBe(GREEN);
    const threadLink = alert.getByTestId("thread-link");
    // The incident's timeline: the acknowledge, then the recovery.
    await eventually(() => threadLink.textContent()).toBe("2 replies");
    await shot("5-recovered");

    await threadLink.click();
    const pane = page.getByTestId("thread-pane");
    await pane.waitFor();
    await pane
      .getByTestId("thread-messages")
      .getByText(/recovered/)
      .first()
      .waitFor();
    expect(await shownText(pane.getByTestId("thread-messages"))).toMatch(
      /Acknowledged by [^\n]+[\s\S]*Payments API.*recovered/,
    );
    await shot("6-thread");
    await pane.getByTestId("thread-close").click();
    await pane.waitFor({ state: "hidden" });
  });

  it("/uptime availability Blog shows the chart under the answer, drawn from the uploaded PNG", async () => {
    const { page, shot } = await open("chart");
    await eventually(() => page.getByTestId("user-role").textContent()).toMatch(/owner/);
    const answer = await answerTo(page, "/uptime availability Blog");
    expect(await shownText(answer.getByTestId("message-body"))).toMatch(/Blog/);
    // The answer is replaced by itself plus the chart once the upload is done.
    const image = ephemeral(page, /Blog/).locator("img.bk-image-file");
    await image.waitFor({ timeout: 15_000 });
    expect(await image.getAttribute("alt")).toMatch(/^Availability of Blog over the last 24 hours/);
    // Loaded, at the PNG's own size: the page drew the bytes the bot uploaded.
    await eventually(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(
      720,
    );
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(320);
    await image.scrollIntoViewIfNeeded();
    await shot("1-availability");
  });

  it("/uptime digest posts the channel's digest with its chart, for everyone in the channel", async () => {
    const { page, shot } = await open("digest");
    await eventually(() => page.getByTestId("user-role").textContent()).toMatch(/owner/);
    await type(page, "/uptime digest weekly");
    const digest = page
      .locator("[data-testid=conversation] [data-testid=message]:not([data-ephemeral=true])", {
        hasText: /Weekly digest for/,
      })
      .last();
    const image = digest.locator("img.bk-image-file");
    await image.waitFor({ timeout: 20_000 });
    const text = await shownText(digest.getByTestId("message-body"));
    for (const part of [/Availability/, /Incidents opened/, /Mean time to recover/, /Worst monitors/])
      expect(text).toMatch(part);
    expect(await image.getAttribute("alt")).toMatch(/^Availability of .* over the 7 days to /);
    await eventually(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(
      720,
    );
    await digest.scrollIntoViewIfNeeded();
    await shot("1-digest");
  });

  it("a pasted monitor link unfurls: Olivia's card from the start, and Rita's own link once she says Show", async () => {
    const { page, shot } = await open("unfurl");
    await switchUser(page, RITA, /read-only/);
    await goTo(page, "channel-general");
    const olivias = page.locator("[data-testid=conversation] [data-testid=message]", {
      hasText: /keeps failing/,
    });
    await olivias.waitFor();
    expect(await shownText(olivias)).toContain("Availability, 24 h");

    // Rita is linked (read-only may read): the bot asks her first, and after Show her pasted link is read
    // with her token and unfurled.
    await type(page, "https://uptime.example.com/monitors/3");
    const question = ephemeral(page, /Show a live preview of/);
    await question.waitFor();
    await question.getByTestId(`button-${actions.unfurlShow}`).click();
    const ritas = page
      .locator("[data-testid=conversation] [data-testid=message]", { hasText: /monitors\/3/ })
      .last();
    await eventually(() => shownText(ritas)).toContain("Availability, 24 h");
    expect(await shownText(ritas)).toContain("Blog");
    await shot("1-cards");
  });

  it("creates a monitor through the modal, after a validation error next to the URL field", async () => {
    const { page, shot } = await open("create");
    await goTo(page, "channel-general");
    await type(page, "/uptime create");
    const modal = page.locator(`[data-testid=modal][data-callback-id=create_monitor]`);
    await modal.waitFor();
    await shot("1-modal");

    const name = `Browser test ${randomBytes(3).toString("hex")}`;
    await modal.getByTestId(`input-${blocks.createMonitor.name}`).fill(name);
    const url = modal.getByTestId(`input-${blocks.createMonitor.url}`);
    await url.fill("not a url");
    await modal.getByTestId("modal-submit").click();
    const error = modal.getByTestId(`modal-error-${blocks.createMonitor.url}`);
    await error.waitFor();
    expect(await error.textContent()).toMatch(/http/);
    await modal
      .getByTestId(`input-block-${blocks.createMonitor.url}`)
      .getByTestId(`modal-error-${blocks.createMonitor.url}`)
      .waitFor();
    const [urlBox, errorBox] = await Promise.all([url.boundingBox(), error.boundingBox()]);
    expect(errorBox!.y).toBeGreaterThanOrEqual(urlBox!.y + urlBox!.height - 1);
    expect(errorBox!.y - (urlBox!.y + urlBox!.height)).toBeLessThan(40);
    // What was typed survives the redraw with the error.
    expect(await modal.getByTestId(`input-${blocks.createMonitor.name}`).inputValue()).toBe(name);
    await shot("2-url-error");

    await url.fill("https://example.com/health");
    await modal.getByTestId(`input-${blocks.createMonitor.group}`).focus();
    const option = modal.getByTestId("external-option").first();
    await option.waitFor();
    const group = (await shownText(option)).trim();
    await option.click();
    // Chosen: the list closes and stays closed (focus goes back to the input, which must not search again).
    await modal.locator("[data-testid=external-option]:visible").first().waitFor({ state: "detached" });
    await page.waitForTimeout(300);
    expect(await modal.locator("[role=listbox]:visible").count()).toBe(0);
    expect(await modal.getByTestId(`input-${blocks.createMonitor.group}`).inputValue()).toBe(group);
    await shot("3-filled");
    await modal.getByTestId("modal-submit").click();
    await page.getByTestId("modal").waitFor({ state: "detached" });
    await page
      .locator("[data-testid=conversation] [data-testid=message]", { hasText: name })
      .last()
      .waitFor();
    await shot("4-created");

    const names: string[] = [];
    for await (const m of uptime.as(DEMO_TOKENS.owner).teams.monitorsAll(String(DEMO_API_TEAM))) {
      names.push(m.name);
      // The option reads "API · 4 monitors": the group's name, then its size.
      if (m.name === name) expect(group.startsWith(`${m.group} `)).toBe(true);
    }
    expect(names).toContain(name);

    const details = await answerTo(page, `/uptime monitor ${name}`);
    const detailsText = await shownText(details.getByTestId("message-body"));
    expect(detailsText).toContain(name);
    expect(detailsText).toContain("https://example.com/health");
    await shot("5-monitor-details");
  });

  it("Break 4 at once: one roll-up in #ops-alerts, Acknowledge all as Olivia, Recover all (green)", async () => {
    const { page, shot } = await open("rollup");
    await goTo(page, "channel-ops-alerts");
    await page.getByTestId("storm").click();
    await eventually(() => page.getByTestId("control-status").textContent()).toMatch(/are failing now/);
    const posted = page.locator("[data-testid=conversation] [data-testid=message][data-ephemeral=false]", {
      has: page.getByTestId(`button-${actions.rollupAcknowledgeAll}`),
    });
    await posted.waitFor({ timeout: 20_000 });
    const ts = await posted.getAttribute("data-ts");
    const rollup = page.locator(`[data-testid=conversation] [data-testid=message][data-ts="${ts}"]`);
    const bar = rollup.getByTestId("attachment");
    // The roll-up may start before the 4 are all seen (the demo's setup had an outage of its own within the
    // minute): Acknowledge all is pressed once it lists every one of them.
    const broken = (await page.getByTestId("control-status").textContent())?.split(" are failing")[0] ?? "";
    for (const name of broken.split(", ")) await eventually(() => shownText(rollup), 30_000).toContain(name);
    expect(await bar.getAttribute("data-color")).toBe(RED);
    expect(await shownText(rollup)).toMatch(/monitors down in Acme Production/);
    await rollup.scrollIntoViewIfNeeded();
    await shot("1-rollup");

    await rollup.getByTestId(`button-${actions.rollupAcknowledgeAll}`).click();
    await ephemeral(page, /Acknowledged \d incidents?/).waitFor({ timeout: 20_000 });
    // Every line says so, and Acknowledge all is gone; Mute all stays.
    await eventually(() => rollup.getByTestId(`button-${actions.rollupAcknowledgeAll}`).count()).toBe(0);
    expect(await rollup.getByTestId(`button-${actions.rollupMuteAll}`).count()).toBe(1);
    expect(await shownText(rollup)).toMatch(/, acknowledged/);
    await eventually(() => bar.getAttribute("data-color")).toBe(AMBER);
    await shot("2-acknowledged-all");

    await page.getByTestId("recover-all").click();
    await eventually(() => bar.getAttribute("data-color"), 20_000).toBe(GREEN);
    await shot("3-recovered");
  });
});
