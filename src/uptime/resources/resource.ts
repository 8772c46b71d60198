import { decodePage } from "../decode/documents";
import type { Family, FamilyTypes } from "../jsonapi";
import { Page, type PageData } from "../pagination";
import type { CallOptions, Decoder, Session } from "../transport";

/** Base of the resource classes: each holds the per-user session it sends through. */
export abstract class APIResource {
  constructor(protected readonly session: Session) {}
}

/** The page decoder of a family, built once per family. */
export function pageDecoder<F extends Family>(family: F): Decoder<PageData<FamilyTypes[F]>> {
  return (json) => decodePage(family, json);
}

/**
 * The first page of a list at `pathFor(1)`; later pages follow `links.next`, or `pathFor(n)` when the
 * server says there are more pages but gives no link.
 */
export function getPage<T>(
  session: Session,
  decode: Decoder<PageData<T>>,
  pathFor: (page: number) => string,
  firstPage: number,
  options: CallOptions | undefined,
): Promise<Page<T>> {
  return fetchPage({ session, decode, pathFor }, firstPage, options);
}

interface PageSource<T> {
  session: Session;
  decode: Decoder<PageData<T>>;
  pathFor: (page: number) => string;
}

/**
 * A module function rather than a closure per list call: the build keeps function names and wraps every
 * named closure it makes in a defineProperty call, which a poller reading incidents paid on each read.
 * The page's fetcher is an unnamed arrow, which the build leaves alone.
 */
async function fetchPage<T>(
  source: PageSource<T>,
  target: string | number,
  options: CallOptions | undefined,
): Promise<Page<T>> {
  const data =
    typeof target === "string"
      ? await source.session.getLink(target, source.decode, options)
      : await source.session.get(source.pathFor(target), source.decode, options);
  return new Page(data, (next, opts) => fetchPage(source, next, opts));
}

/** `include=a,b` value, or undefined for none. */
export function includeParam(include: readonly string[] | undefined): string | undefined {
  return include && include.length > 0 ? include.join(",") : undefined;
}
