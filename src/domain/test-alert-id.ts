/**
 * A test alert's incident id (`/uptime test`): never an API id (those are digits, A6), so every surface can
 * tell a test from a real outage by its id alone and keep it away from the API.
 */
const TEST_ID = /^test-[a-z0-9]{4,24}$/;

export function isTestIncidentId(id: string): boolean {
  return TEST_ID.test(id);
}

export function newTestIncidentId(now: number, random: () => number = Math.random): string {
  const tail = Math.floor(random() * 36 ** 4)
    .toString(36)
    .padStart(4, "0");
  return `test-${now.toString(36)}${tail}`;
}
