/**
 * Bounds of a subscription's own storm, flap, escalation and slow rules (`--storm <N>`, `--flap <N>/<M>m`): the grammar says
 * them to the user, the subscription store checks them again. Defaults are docs/architecture.md section 1's.
 */
export const STORM_MIN = 1;
export const STORM_MAX = 1000;
export const FLAP_COUNT_MIN = 2;
export const FLAP_COUNT_MAX = 100;
export const FLAP_WINDOW_MAX_MINUTES = 1440;
/**
 * `--escalate <N>m[,<N>m...]`: minutes after an incident opened at which it, still unacknowledged, pings
 * the channel again; each step later than the one before. A day bounds the last step (an outage nobody
 * answered for a day needs no more pings), and 5 steps keep a thread readable.
 */
export const ESCALATE_MIN_MINUTES = 1;
export const ESCALATE_MAX_MINUTES = 1440;
export const ESCALATE_MAX_STEPS = 5;
/**
 * `--slow <T>[/<N>]`: a check slower than T ms, N times in a row, makes a monitor slow. T stays below the
 * longest check the reference's monitors take (a `tcp_port` timeout, A8) and above a network's jitter.
 */
export const SLOW_MIN_MS = 100;
export const SLOW_MAX_MS = 60_000;
export const SLOW_CHECKS_MIN = 1;
export const SLOW_CHECKS_MAX = 20;
/** `--slow 2s` without `/<N>`: three slow checks in a row. */
export const SLOW_CHECKS_DEFAULT = 3;
/** Fast checks in a row that end a slow alert (the "3 checks fast again"). */
export const SLOW_RECOVERY_CHECKS = 3;
