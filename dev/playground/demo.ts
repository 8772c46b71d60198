/**
 * `npm run demo [-- --port 3100]`: the whole product in a browser, with no Slack workspace and no API
 * account (docs/architecture.md section 6). Ctrl-C or SIGTERM stops everything, the private redis-server too.
 */
import { parseArgs } from "node:util";
import { REDIS_MISSING_MESSAGE } from "../local-redis";
import { type RunningPlayground, startPlayground } from "./web/start-playground";

function portOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be a port number (0-65535), got "${value}"`);
    process.exit(1);
  }
  return port;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { port: { type: "string" }, host: { type: "string" } },
    allowPositionals: false,
  });
  const port = portOption(values.port);
  console.log("Starting the uptime-chatops playground (simulator, fake Slack, bot, Redis)...");

  let playground: RunningPlayground;
  try {
    playground = await startPlayground({
      redisUrl: process.env.REDIS_URL,
      ...(port !== undefined ? { port } : {}),
      ...(values.host ? { host: values.host } : {}),
    });
  } catch (error) {
    const message = (error as Error).message;
    console.error(message === REDIS_MISSING_MESSAGE ? message : `The demo could not start: ${message}`);
    process.exit(1);
  }

  console.log(`
  Playground: ${playground.url}

  Try: /uptime status in #ops-alerts as Olivia (owner); switch to Nick and run /uptime login
  (token: demo-member-token). Press "Break a monitor": the alert lands in #ops-alerts; Acknowledge it
  as Rita (read-only), then as Olivia; press "Recover". "Make it slow" posts a slow-response alert.
  Payments API also fails every 3 minutes. Leave a broken monitor acknowledged but down: a reminder
  comes in its thread every 2 minutes. /uptime test in #ops-alerts posts a test alert (one is there
  from the start): its steps run in seconds and it turns green after a minute.
  Bastion SSH is in a planned quiet window (/uptime maintenance lists it): break it, and nothing is
  posted until /uptime maintenance end <id>.
  An Auth service outage was paged to Rita (her DM), noted with "Add to incident timeline" and written up
  with /uptime postmortem: open the canvas from the sidebar. The board in #ops-alerts changes in place as
  monitors break and recover; Payments API's alerts carry a runbook button.
  Ctrl-C stops everything.
`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the playground...`);
    // A second signal while draining must not leave the private redis-server behind: stop() owns it.
    playground
      .stop()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error("Error while stopping:", (error as Error).message);
        process.exit(1);
      });
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

void main();
