import { z } from "zod";

// Slack ids only (users, user groups): nothing else a modal or a command gives reaches a message.
const slackId = z.string().regex(/^[A-Z0-9]{1,30}$/);

/** The most people one page may name, so that a typo'd group cannot DM a whole workspace. */
export const PAGE_MAX_PEOPLE = 20;
/** The page's own line, as typed after `--` or in the modal. */
export const PAGE_MESSAGE_MAX = 500;

/** Someone paged people (and user groups) about one incident, from its alert in one channel. */
export interface PageEvent {
  type: "page";
  subscriptionId: string;
  incidentId: string;
  /** One id per page: its thread line and each DM are posted once under it. */
  pageId: string;
  by: string;
  users: string[];
  groups: string[];
  message?: string | undefined;
}

/** A paged person answered (acknowledged anywhere, or clicked in their DM): one thread line per person. */
export interface PageAnswerEvent {
  type: "page-answer";
  subscriptionId: string;
  incidentId: string;
  pageId: string;
  by: string;
}

export type PageKindEvent = PageEvent | PageAnswerEvent;

const base = {
  subscriptionId: z.string().min(1),
  incidentId: z.string().min(1),
  pageId: z.string().regex(/^[A-Za-z0-9-]{1,64}$/),
  by: slackId,
};

export const pageEventSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("page"),
    ...base,
    users: z.array(slackId).max(PAGE_MAX_PEOPLE),
    groups: z.array(slackId).max(PAGE_MAX_PEOPLE),
    message: z.string().max(PAGE_MESSAGE_MAX).optional(),
  }),
  z.object({ type: z.literal("page-answer"), ...base }),
]);

/** Keys of the message record's `posts`: the thread line, each DM, each answer (posted once each). */
export const pagePostKeys = {
  line: (pageId: string) => `page:${pageId}`,
  dm: (pageId: string, userId: string) => `page:${pageId}:dm:${userId}`,
  answer: (pageId: string, userId: string) => `page:${pageId}:answer:${userId}`,
} as const;

/** The pages whose DM reached `userId`, from a record's `posts` keys. */
export function pagesOf(posts: Record<string, { ts?: string | undefined }> | undefined, userId: string) {
  const suffix = `:dm:${userId}`;
  return Object.entries(posts ?? {})
    .filter(([key, post]) => key.startsWith("page:") && key.endsWith(suffix) && post.ts)
    .map(([key]) => key.slice("page:".length, key.length - suffix.length));
}
