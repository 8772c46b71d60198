import { z } from "zod";

/** What the board shows of one monitor: down (maybe acknowledged), or slow. */
export interface BoardEntry {
  monitorId: string;
  name: string;
  group: string | null;
  state: "down" | "acknowledged" | "slow";
  /** Since when (ms): the incident's start, or the first slow check. */
  since: number;
  incidentId?: string | undefined;
  /** The Slack user who acknowledged; absent for one acknowledged in the Uptime app. */
  ackedBy?: string | null | undefined;
}

/** A paused monitor as read with the board's poster's token when it was posted. */
export interface BoardPaused {
  monitorId: string;
  name: string;
  group: string | null;
}

/**
 * `/uptime board` (post, with what the API said was down and paused then), `board off`, or a redraw asked
 * by a change that is not an outbox event (a mute from a button). Through the outbox to one subscription of
 * the channel, so that it runs once under the channel's lock like any alert.
 */
export type BoardEvent =
  | {
      type: "board";
      action: "post";
      subscriptionId: string;
      group: string | null;
      by: string;
      seed: BoardEntry[];
      paused: BoardPaused[];
    }
  | {
      type: "board";
      action: "off" | "refresh";
      subscriptionId: string;
      by: string;
      /** An acknowledge from Slack in this channel, shown before the poll reads it from the API. */
      acknowledged?: { incidentId: string; ackedBy: string } | undefined;
    };

const NAME_MAX = 500;

export const boardEntrySchema = z.object({
  monitorId: z.string().min(1).max(100),
  name: z.string().max(NAME_MAX),
  group: z.string().max(NAME_MAX).nullable(),
  state: z.enum(["down", "acknowledged", "slow"]),
  since: z.number(),
  incidentId: z.string().min(1).max(100).optional(),
  ackedBy: z.string().max(30).nullable().optional(),
});

export const boardPausedSchema = z.object({
  monitorId: z.string().min(1).max(100),
  name: z.string().max(NAME_MAX),
  group: z.string().max(NAME_MAX).nullable(),
});

/** A board lists at most this many of each (the message stays far below Slack's 50 blocks). */
export const BOARD_ITEMS_MAX = 200;

export const boardEventSchema = z.discriminatedUnion("action", [
  z.object({
    type: z.literal("board"),
    action: z.literal("post"),
    subscriptionId: z.string().min(1),
    group: z.string().max(NAME_MAX).nullable(),
    by: z.string().min(1).max(30),
    seed: z.array(boardEntrySchema).max(BOARD_ITEMS_MAX),
    paused: z.array(boardPausedSchema).max(BOARD_ITEMS_MAX),
  }),
  z.object({
    type: z.literal("board"),
    action: z.enum(["off", "refresh"]),
    subscriptionId: z.string().min(1),
    by: z.string().min(1).max(30),
    acknowledged: z.object({ incidentId: z.string().min(1), ackedBy: z.string().min(1).max(30) }).optional(),
  }),
]);
