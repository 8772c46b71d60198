import { TZDate } from "@date-fns/tz";
import type { Mention } from "./escalation-steps";

/** `--every 1d` to `--every 4w`: shorter is a pager, longer is nobody's rota. */
export const ROTA_MIN_DAYS = 1;
export const ROTA_MAX_DAYS = 28;
export const ROTA_MAX_PEOPLE = 20;
/** `oncall override @b 4h`: from 1 minute to 7 days. */
export const OVERRIDE_MIN_MINUTES = 1;
export const OVERRIDE_MAX_MINUTES = 7 * 24 * 60;

/** When a handover happens: a wall-clock time, on a weekday (0 Sunday .. 6 Saturday) for rotas in weeks. */
export interface HandoverTime {
  weekday?: number | undefined;
  hour: number;
  minute: number;
}

/** A channel's rota: who takes turns, how often, and when the turn passes in the setter's time zone. */
export interface Rota {
  /** Slack user ids, in turn order. */
  people: string[];
  everyDays: number;
  at: HandoverTime;
  /** The setter's IANA zone (users.info `tz`): the handover follows its wall clock across DST. */
  timeZone: string;
  /** The start of turn 0 (ms), a handover instant at or before the time it was set. */
  anchor: number;
  /** `oncall override`: this person until then, whoever's turn it is. */
  override?: { user: string; from: number; until: number } | undefined;
  /** `--group @uptime-oncall`: the Slack user group kept equal to the person on call. */
  group?: { id: string; handle: string } | undefined;
  setBy: string;
  setAt: number;
}

export interface OnCallNow {
  user: string;
  /** When this person's time ends (the next handover or the override's end). */
  until: number;
  next: string;
  overridden: boolean;
}

function localDay(at: number, timeZone: string): { y: number; m: number; d: number } {
  const local = new TZDate(at, timeZone);
  return { y: local.getFullYear(), m: local.getMonth(), d: local.getDate() };
}

/** The wall time `at` on the local day `day` + `plusDays`, in the zone (a skipped time moves forward). */
function wallTime(day: { y: number; m: number; d: number }, plusDays: number, at: HandoverTime, tz: string) {
  return new TZDate(day.y, day.m, day.d + plusDays, at.hour, at.minute, 0, 0, tz).getTime();
}

/** The latest instant at or before `now` whose wall clock reads `at` (on its weekday, when given). */
export function latestHandover(at: HandoverTime, timeZone: string, now: number): number {
  const local = new TZDate(now, timeZone);
  const day = localDay(now, timeZone);
  const back = at.weekday === undefined ? 0 : (local.getDay() - at.weekday + 7) % 7;
  const step = at.weekday === undefined ? 1 : 7;
  const candidate = wallTime(day, -back, at, timeZone);
  return candidate <= now ? candidate : wallTime(day, -back - step, at, timeZone);
}

/**
 * The start of turn `k`: the anchor's local day plus k periods, at the handover's wall time. Counted in
 * local days, so a turn across a DST change is an hour shorter or longer and 09:00 stays 09:00.
 */
export function handoverAt(rota: Pick<Rota, "anchor" | "everyDays" | "at" | "timeZone">, k: number): number {
  return wallTime(localDay(rota.anchor, rota.timeZone), k * rota.everyDays, rota.at, rota.timeZone);
}

/** The turn going on at `now` (0 before the anchor). */
export function turnAt(rota: Pick<Rota, "anchor" | "everyDays" | "at" | "timeZone">, now: number): number {
  if (now < rota.anchor) return 0;
  let k = Math.floor((now - rota.anchor) / (rota.everyDays * 86_400_000));
  while (k > 0 && handoverAt(rota, k) > now) k--;
  while (handoverAt(rota, k + 1) <= now) k++;
  return k;
}

function personOf(rota: Pick<Rota, "people">, turn: number): string {
  return rota.people[turn % rota.people.length]!;
}

/** Who is on call at `now`, until when, and who comes next. */
export function onCallAt(rota: Rota, now: number): OnCallNow {
  const turn = turnAt(rota, now);
  const o = rota.override;
  if (o && o.from <= now && now < o.until) {
    const after = turnAt(rota, o.until);
    return { user: o.user, until: o.until, next: personOf(rota, after), overridden: true };
  }
  return {
    user: personOf(rota, turn),
    until: handoverAt(rota, turn + 1),
    next: personOf(rota, turn + 1),
    overridden: false,
  };
}

/** The next time the person on call may change after `now`: a handover, or an override's start or end. */
export function nextChangeAfter(rota: Rota, now: number): number {
  const times = [handoverAt(rota, turnAt(rota, now) + 1)];
  const o = rota.override;
  if (o && o.from > now) times.push(o.from);
  if (o && o.until > now) times.push(o.until);
  return Math.min(...times);
}

/** A new rota set at `now`: the first person's turn is the one going on now. */
export function newRota(input: Omit<Rota, "anchor" | "override" | "setAt">, now: number): Rota {
  return { ...input, anchor: latestHandover(input.at, input.timeZone, now), setAt: now };
}

/** A mention that pings someone as it is: `oncall` resolved. */
export type ResolvedMention = Exclude<Mention, { kind: "oncall" }>;

/**
 * Resolves `oncall` (in `--mention`, an `--escalate` step, a page) to the person on call at the moment
 * of the post; any other mention is itself. Null when the channel has no rota: nobody to ping.
 */
export function resolveMention(
  mention: Mention | null | undefined,
  rota: Rota | null,
  now: number,
): ResolvedMention | null {
  if (!mention) return null;
  if (mention.kind !== "oncall") return mention as ResolvedMention;
  return rota ? { kind: "user", id: onCallAt(rota, now).user } : null;
}
