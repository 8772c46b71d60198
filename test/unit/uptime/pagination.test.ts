import { describe, expect, it } from "vitest";
import { DecodeError } from "../../../src/uptime/errors";
import { Page, type PageFetcher } from "../../../src/uptime/pagination";

function pages(
  count: number,
  opts: { link?: boolean } = {},
): { first: Page<number>; requested: (string | number)[] } {
  const requested: (string | number)[] = [];
  const make = (n: number): Page<number> =>
    new Page(
      {
        items: [n * 10, n * 10 + 1],
        meta: { currentPage: n, count: 2, perPage: 2, hasMorePages: n < count },
        links: {
          first: "/l?page=1",
          prev: null,
          next: opts.link === false || n >= count ? null : `/l?page=${n + 1}`,
        },
      },
      fetch,
    );
  const fetch: PageFetcher<number> = async (target) => {
    requested.push(target);
    return make(typeof target === "number" ? target : Number(target.split("=")[1]));
  };
  return { first: make(1), requested };
}

describe("Page", () => {
  it("follows links.next and stops when hasMorePages is false", async () => {
    const { first, requested } = pages(3);
    const items: number[] = [];
    for await (const n of first) items.push(n);
    expect(items).toEqual([10, 11, 20, 21, 30, 31]);
    expect(requested).toEqual(["/l?page=2", "/l?page=3"]);
    expect(first.hasMore).toBe(true);
  });

  it("falls back to the page number when hasMorePages is true without a next link", async () => {
    const { first, requested } = pages(2, { link: false });
    const second = await first.next();
    expect(second?.items).toEqual([20, 21]);
    expect(await second?.next()).toBeNull();
    expect(requested).toEqual([2]);
  });

  it("refuses a next link that does not advance", async () => {
    const stuck: Page<number> = new Page(
      {
        items: [1],
        meta: { currentPage: 1, count: 1, perPage: 1, hasMorePages: true },
        links: { first: null, prev: null, next: "/same" },
      },
      async () => stuck,
    );
    const seen: number[] = [];
    await expect(async () => {
      for await (const n of stuck.all()) seen.push(n);
    }).rejects.toBeInstanceOf(DecodeError);
    expect(seen).toEqual([1, 1]);
  });
});
