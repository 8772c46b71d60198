/**
 * The playground's incident record in Chromium: the demo's paged, noted and written-up outage as a person
 * sees it on the page (Rita's page DM, the message shortcut on a thread message, the postmortem canvas
 * opened from the sidebar as a document, the live board). Screenshots go to test-output/screenshots/.
 */
import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { SCENE_NOTE_TEXT, SCENE_PAGE_MESSAGE } from "../../../dev/playground/demo-incident-scenes";
import { DEMO_PEOPLE } from "../../../dev/playground/demo-workspace";
import { type RunningPlayground, startPlayground } from "../../../dev/playground/web/start-playground";
import { silentLogger } from "../../../src/lib/logger";
import { launchChromium, openPlayground, type PlaygroundPage } from "../../support/browser";

let playground: RunningPlayground;
let browser: Browser;
const opened: PlaygroundPage[] = [];

beforeAll(async () => {
  [playground, browser] = await Promise.all([
    startPlayground({
      port: 0,
      redisUrl: inject("redisUrl"),
      keyPrefix: `t:browser-inc:${randomBytes(4).toString("hex")}:`,
      schedule: false,
      pollIntervalSeconds: 1,
      logger: silentLogger,
      botLogLevel: "silent",
    }),
    launchChromium(),
  ]);
});

afterEach(async () => {
  for (const p of opened.splice(0)) await p.context.close();
});

afterAll(async () => {
  await browser?.close();
  await playground?.stop();
});

async function open(testName: string): Promise<PlaygroundPage> {
  const p = await openPlayground(browser, playground.url, testName);
  opened.push(p);
  return p;
}

function eventually<T>(probe: () => T | Promise<T>, timeout = 15_000) {
  return expect.poll(probe, { timeout, interval: 100 });
}

async function goTo(page: Page, place: string): Promise<void> {
  await page.getByTestId(place).click();
  await page.locator(`[data-testid=${place}][aria-current=page]`).waitFor();
}

describe("the playground's incident record in Chromium", () => {
  it("Rita's DM with the app has the page, with Acknowledge", async () => {
    const { page, shot } = await open("incident-page-dm");
    await page.getByTestId("user-switcher").selectOption(DEMO_PEOPLE.rita.id);
    await goTo(page, "channel-dm");
    const paged = page.locator("[data-testid=conversation] [data-testid=message]", {
      hasText: SCENE_PAGE_MESSAGE,
    });
    await expect.poll(() => paged.count()).toBe(1);
    await expect.poll(() => paged.getByRole("button", { name: "Acknowledge" }).count()).toBe(1);
    await shot("dm");
  });

  it("a thread message offers Add to incident timeline; the note is there once", async () => {
    const { page, shot } = await open("incident-shortcut");
    const root = page.locator(`[data-testid=conversation] [data-ts="${playground.setup.incident.root}"]`);
    await expect.poll(() => root.textContent()).toContain("1 note on the timeline");
    await root.getByTestId("thread-link").click();
    const reply = page.locator("[data-testid=thread-messages] [data-testid=message]", {
      hasText: SCENE_NOTE_TEXT,
    });
    await reply.getByTestId("message-shortcut").click();
    // The same message twice is one note: the bot says so, to Olivia alone.
    const answer = page.locator("[data-testid=message][data-ephemeral=true]", {
      hasText: /already on the timeline/,
    });
    await eventually(() => answer.count()).toBeGreaterThan(0);
    await shot("thread");
  });

  it("the postmortem canvas opens from the sidebar as a document", async () => {
    const { page, context, shot } = await open("incident-canvas");
    const link = page.getByTestId("canvas-link");
    await expect.poll(() => link.textContent()).toContain("Postmortem: incident #");
    const [doc] = await Promise.all([context.waitForEvent("page"), link.click()]);
    await doc.locator("[data-testid=canvas-document]").waitFor();
    expect(await doc.locator("h1").textContent()).toMatch(/^Postmortem: incident #\S+ \(Auth service\)$/);
    expect(await doc.locator("h2").allTextContents()).toEqual(["Timeline", "Cause", "Impact", "Follow-ups"]);
    expect(await doc.locator("article").textContent()).toContain(SCENE_NOTE_TEXT);
    await doc.screenshot({ path: "test-output/screenshots/incident-canvas-document.png" });
    await shot("sidebar");
  });

  it("the board in #ops-alerts lists a broken monitor, then clears, edited in place", async () => {
    const { page, shot } = await open("incident-board");
    const board = page.locator(`[data-testid=conversation] [data-ts="${playground.setup.incident.board}"]`);
    await board.waitFor();
    await page.getByTestId("monitor-picker").selectOption("4");
    await page.getByTestId("break-monitor").click();
    await eventually(() => board.textContent(), 30_000).toContain("Docs");
    await shot("broken");
    await page.getByTestId("recover-monitor").click();
    await eventually(() => board.textContent(), 30_000).not.toContain("Docs");
    expect(await board.getByTestId("edited").count()).toBe(1);
  }, 70_000);
});
