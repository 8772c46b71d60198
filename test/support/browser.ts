/**
 * Debian's Chromium driven by playwright-core for the playground's browser tests. Never a downloaded
 * browser: `.ci/run` installs /usr/bin/chromium (and the emoji font) when absent.
 */
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

export const CHROMIUM_PATH = "/usr/bin/chromium";
export const SCREENSHOT_DIR = join("test-output", "screenshots");

/** Headless flags that keep Chromium off the network and away from its first-run machinery. */
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export class BrowserMissingError extends Error {
  override name = "BrowserMissingError";
}

/** Launches with launch()'s own temporary profile, so every run starts clean. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new BrowserMissingError(`${CHROMIUM_PATH} is missing: run .ci/run or apt-get install chromium`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export interface PlaygroundPage {
  context: BrowserContext;
  page: Page;
  /** Writes test-output/screenshots/<test>-<step>.png. */
  shot(step: string): Promise<void>;
}

/**
 * A fresh context (its own storage, a fixed locale and time zone so screenshots read the same everywhere)
 * on the playground, once the page says it is ready and its live stream is open.
 */
export async function openPlayground(
  browser: Browser,
  url: string,
  testName: string,
): Promise<PlaygroundPage> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: "en-US",
    timezoneId: "Europe/Paris",
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(url);
  await page.locator("body[data-ready=true]").waitFor();
  await page.locator("[data-testid=live-status][data-state=open]").waitFor();
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  return {
    context,
    page,
    shot: async (step) => {
      await page.screenshot({ path: join(SCREENSHOT_DIR, `${testName}-${step}.png`) });
    },
  };
}
