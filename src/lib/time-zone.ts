/** Whether the runtime knows the IANA time zone (Slack's `tz`, e.g. `Europe/Amsterdam`). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}
