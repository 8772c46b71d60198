import type { QuerySpec } from "./query";

export interface RouteDef<H> {
  method: string;
  /** Segments; `:id` matches a positive integer, `:any` any non-empty segment (URL-decoded). */
  path: string;
  handler: H;
  query?: QuerySpec;
  /** Whether the handler reads a JSON body: "required" refuses an empty one (422), "ignored" skips it. */
  body?: "required" | "ignored";
}

interface Compiled<H> extends RouteDef<H> {
  segments: string[];
}

export type Match<H> =
  | { kind: "route"; route: RouteDef<H>; params: string[] }
  | { kind: "method"; allow: string[] }
  | { kind: "none" };

const INT = /^[1-9]\d{0,14}$/;

/** A tiny segment router: no regexes per request beyond the integer check, no framework. */
export class Router<H> {
  private readonly bySize = new Map<number, Compiled<H>[]>();

  constructor(routes: RouteDef<H>[]) {
    for (const r of routes) {
      const segments = r.path.split("/").filter(Boolean);
      const list = this.bySize.get(segments.length) ?? [];
      list.push({ ...r, segments });
      this.bySize.set(segments.length, list);
    }
  }

  match(method: string, pathname: string): Match<H> {
    const parts = pathname.split("/").filter(Boolean);
    const candidates = this.bySize.get(parts.length);
    if (!candidates) return { kind: "none" };
    const allow: string[] = [];
    for (const route of candidates) {
      const params = matchSegments(route.segments, parts);
      if (!params) continue;
      if (route.method === method) return { kind: "route", route, params };
      allow.push(route.method);
    }
    return allow.length ? { kind: "method", allow } : { kind: "none" };
  }
}

function matchSegments(pattern: string[], parts: string[]): string[] | null {
  const params: string[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    const part = parts[i]!;
    if (p === ":id") {
      if (!INT.test(part)) return null;
      params.push(part);
    } else if (p === ":any") {
      let decoded: string;
      try {
        decoded = decodeURIComponent(part);
      } catch {
        return null;
      }
      if (decoded === "") return null;
      params.push(decoded);
    } else if (p !== part) {
      return null;
    }
  }
  return params;
}
