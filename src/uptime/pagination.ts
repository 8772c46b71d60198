import { DecodeError } from "./errors";
import type { CallOptions } from "./transport";

/** The pagination envelope of a list (reference, Pagination envelope). */
export interface PageMeta {
  currentPage: number;
  /** Items on this page. */
  count: number;
  perPage: number;
  hasMorePages: boolean;
  /** Only some responses carry it. */
  total?: number;
}

export interface PageLinks {
  first: string | null;
  prev: string | null;
  next: string | null;
}

export interface PageData<T> {
  items: T[];
  meta: PageMeta;
  links: PageLinks;
}

/** Fetches another page: by the server's `links.next` URL, or by page number when the link is missing. */
export type PageFetcher<T> = (target: string | number, options?: CallOptions) => Promise<Page<T>>;

/**
 * One page of a list with its envelope. `next()` fetches the following page; `all()` (or `for await`
 * over the page itself) yields every item of this page and of all the pages after it.
 */
export class Page<T> implements AsyncIterable<T> {
  readonly items: T[];
  readonly meta: PageMeta;
  readonly links: PageLinks;
  readonly #fetch: PageFetcher<T>;

  constructor(data: PageData<T>, fetch: PageFetcher<T>) {
    this.items = data.items;
    this.meta = data.meta;
    this.links = data.links;
    this.#fetch = fetch;
  }

  /** Whether a following page exists (`meta.hasMorePages`). */
  get hasMore(): boolean {
    return this.meta.hasMorePages;
  }

  /** The following page (via `links.next`), or null on the last page. */
  next(options?: CallOptions): Promise<Page<T> | null> {
    if (!this.meta.hasMorePages) return Promise.resolve(null);
    return this.#fetch(this.links.next ?? this.meta.currentPage + 1, options);
  }

  /** Every item from this page on, fetching the following pages lazily. */
  async *all(options?: CallOptions): AsyncGenerator<T, void, undefined> {
    let page: Page<T> | null = this;
    const seen = new Set<string | number>();
    while (page) {
      yield* page.items;
      if (!page.meta.hasMorePages) return;
      // A server whose `next` never advances would otherwise loop forever.
      const target = page.links.next ?? page.meta.currentPage + 1;
      if (seen.has(target)) {
        throw new DecodeError([{ path: "links.next", message: `pagination does not advance (${target})` }]);
      }
      seen.add(target);
      page = await page.next(options);
    }
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    return this.all();
  }
}
