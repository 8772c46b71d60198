import type { Page } from "../uptime";

/**
 * The items of `first` and of the pages after it, at most `maxPages` pages: the API gives no total count
 * (reference, Pagination envelope), so a walk is capped to keep one Slack answer within seconds.
 * `capped` says that more pages existed.
 */
export async function collectPages<T>(
  first: Page<T>,
  maxPages: number,
): Promise<{ items: T[]; capped: boolean }> {
  const items: T[] = [];
  let page: Page<T> | null = first;
  for (let n = 0; page; n++) {
    if (n >= maxPages) return { items, capped: true };
    items.push(...page.items);
    page = await page.next();
  }
  return { items, capped: false };
}
