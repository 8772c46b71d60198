import { decodePage } from "../decode/documents";
import type { Family, FamilyTypes } from "../jsonapi";
import { Page, type PageData, type PageFetcher } from "../pagination";
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
  const fetch: PageFetcher<T> = async (target, opts) => {
    const data =
      typeof target === "string"
        ? await session.getLink(target, decode, opts)
        : await session.get(pathFor(target), decode, opts);
    return new Page(data, fetch);
  };
  return fetch(firstPage, options);
}

/** `include=a,b` value, or undefined for none. */
export function includeParam(include: readonly string[] | undefined): string | undefined {
  return include && include.length > 0 ? include.join(",") : undefined;
}
