/** What the renderers need to know about the workspace and the reader. */
export interface RenderContext {
  /** Slack user id -> the name shown after "@". */
  users: Readonly<Record<string, string>>;
  /** Channel id -> name (without "#"). */
  channels: Readonly<Record<string, string>>;
  /** Usergroup id -> handle (without "@"). */
  usergroups: Readonly<Record<string, string>>;
  /** The reader's IANA zone; undefined = the runtime's (the browser's). */
  timeZone?: string;
  /** Epoch ms, for "Today" and "{ago}". */
  now: number;
}
