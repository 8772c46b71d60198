import { ApiError, badParameter } from "./errors";
import { PAGE_SIZE } from "./model";

/** What a route accepts in its query string; JSON:API parameter families it does not list are refused (400). */
export interface QuerySpec {
  page?: boolean;
  include?: readonly string[];
  filter?: readonly string[];
  sort?: readonly string[];
}

export interface SortKey {
  field: string;
  desc: boolean;
}

export interface ListQuery {
  page: number;
  include: Set<string>;
  filters: Map<string, string>;
  sort: SortKey[];
}

const FAMILY = /^(page|include|sort|filter|fields)(\[(.*)\])?$/;

/**
 * Parses the query against the route's spec. Parameters outside the JSON:API families (cache busters
 * and the like) are ignored; a bad page number, an unknown include, sort field or filter is a 400.
 */
export function parseQuery(params: URLSearchParams, spec: QuerySpec): ListQuery {
  const q: ListQuery = { page: 1, include: new Set(), filters: new Map(), sort: [] };
  for (const [key, value] of params) {
    const match = FAMILY.exec(key);
    if (!match) continue;
    const family = match[1]!;
    const member = match[3];
    if (family === "page" && spec.page && (member === undefined || member === "number")) {
      if (!/^[1-9]\d{0,8}$/.test(value)) throw badParameter(key, `${key} must be a positive integer`);
      q.page = Number(value);
    } else if (family === "include" && member === undefined && spec.include) {
      for (const name of splitList(value)) {
        if (!spec.include.includes(name)) throw badParameter("include", `Unknown include "${name}"`);
        q.include.add(name);
      }
    } else if (family === "sort" && member === undefined && spec.sort) {
      for (const item of splitList(value)) {
        const desc = item.startsWith("-");
        const field = desc ? item.slice(1) : item;
        if (!spec.sort.includes(field)) throw badParameter("sort", `Unknown sort field "${field}"`);
        q.sort.push({ field, desc });
      }
    } else if (family === "filter" && member !== undefined && spec.filter?.includes(member)) {
      q.filters.set(member, value);
    } else {
      throw badParameter(key, `Unsupported query parameter ${key}`);
    }
  }
  return q;
}

function splitList(value: string): string[] {
  const items = value.split(",").map((s) => s.trim());
  if (items.some((s) => s === "")) throw new ApiError(400, "Empty item in a comma-separated list");
  return items;
}

export interface Page<T> {
  items: T[];
  meta: { currentPage: number; count: number; perPage: number; hasMorePages: boolean };
  links: { first: string; prev?: string; next?: string };
}

/** The reference's envelope: no total, no last page; prev/next only when they exist. */
export function paginate<T>(
  all: readonly T[],
  page: number,
  selfUrl: string,
  params: URLSearchParams,
): Page<T> {
  const start = (page - 1) * PAGE_SIZE;
  const items = all.slice(start, start + PAGE_SIZE);
  const hasMorePages = all.length > start + PAGE_SIZE;
  const link = (n: number) => {
    const p = new URLSearchParams();
    for (const [k, v] of params) if (k !== "page" && k !== "page[number]") p.append(k, v);
    p.set("page[number]", String(n));
    return `${selfUrl}?${p.toString()}`;
  };
  return {
    items,
    meta: { currentPage: page, count: items.length, perPage: PAGE_SIZE, hasMorePages },
    links: {
      first: link(1),
      ...(page > 1 ? { prev: link(page - 1) } : {}),
      ...(hasMorePages ? { next: link(page + 1) } : {}),
    },
  };
}
