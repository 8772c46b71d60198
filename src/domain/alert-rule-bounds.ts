/**
 * Bounds of a subscription's own storm and flap rules (`--storm <N>`, `--flap <N>/<M>m`): the grammar says
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
