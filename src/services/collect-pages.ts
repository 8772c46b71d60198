import type { Page } from "../uptime";

/**
 * The items of `first` and of the pages after it, at most `maxPages` pages: the API gives no total count
 * (reference, Pagination envelope), so a walk is capped to keep one Slack answer within seconds, whatever a
 * server claims about more pages. `capped` says that more pages existed; the page past the cap is never
 * requested. Each response is capped in size by the client (DEFAULT_MAX_RESPONSE_BYTES).
 */
export async function collectPages<T>(
  first: Page<T>,
  maxPages: number,
): Promise<{ items: T[]; capped: boolean }> {
  const items: T[] = [...first.items];
  let page: Page<T> | null = first;
  for (let read = 1; page.hasMore; read++) {
    if (read >= maxPages) return { items, capped: true };
    page = await page.next();
    if (!page) break;
    items.push(...page.items);
  }
  return { items, capped: false };
}
