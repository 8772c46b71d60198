import type Redis from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeSlack } from "../../../dev/playground/fake-slack";
import { testRedis } from "../../support/redis";
import { monitorRedis } from "../../support/redis-monitor";
import { alertEvent, alertSetup, freshChannel, startSlack } from "./harness";

// Not in the cluster project: MONITOR watches one server, and round trips are those of one connection.
const { redis, prefix, url } = testRedis();
let fake: FakeSlack;

beforeAll(async () => {
  fake = await startSlack();
});
afterAll(() => fake.close());

/**
 * Round trips of `client` while `run` runs: a command sent while none of them is in flight starts one, so
 * the commands of a pipeline, a MULTI or a Promise.all count once. The client serves nothing else meanwhile.
 */
async function roundTrips(client: Redis, run: () => Promise<unknown>): Promise<number> {
  const send = client.sendCommand.bind(client);
  let inFlight = 0;
  let trips = 0;
  client.sendCommand = (command, ...rest) => {
    if (inFlight === 0) trips++;
    inFlight++;
    const done = () => {
      inFlight--;
    };
    command.promise.then(done, done);
    return send(command, ...rest);
  };
  try {
    await run();
  } finally {
    client.sendCommand = send;
  }
  return trips;
}

describe("Redis round trips of one opened alert in one channel", () => {
  // From the lock to its release: the lock; the record, flap, storm and mute state read together; the
  // channel listing and both windows written together; the posting slot; the attempt; the ts and the
  // monitor's last root written together; the release. A change that adds one fails here.
  it("stays at 7 round trips and 17 commands (docs/architecture.md section 5)", async () => {
    const setup = alertSetup(redis, prefix, fake);
    const channel = freshChannel(fake, "trips");
    const sub = await setup.subscribe(channel);
    const delivery = setup.delivery();

    const seen: string[] = [];
    const marker = `${prefix}end-of-watch`;
    let ended!: () => void;
    const end = new Promise<void>((resolve) => {
      ended = resolve;
    });
    const monitor = await monitorRedis(url, ({ args, source }) => {
      const line = args.join(" ");
      if (line.includes(marker)) ended();
      // A script's own calls show up too (source "lua"): only what the client sent counts.
      else if (source !== "lua" && line.includes(prefix)) seen.push(args[0]!.toLowerCase());
    });
    let trips = 0;
    try {
      trips = await roundTrips(redis as Redis, async () => {
        expect(await delivery.deliverTo(sub, "1-0", alertEvent("opened", "1"))).toBe("posted");
      });
      // MONITOR streams in order: once the marker shows, every earlier command has been seen.
      await redis.exists(marker);
      await end;
    } finally {
      monitor.close();
    }

    expect(fake.state.channelMessages(channel)).toHaveLength(1);
    expect(trips).toBe(7);
    // MULTI and EXEC name no key: the 17 are the commands on the channel's and the incident's keys (3 of
    // them the channel's recent incidents, for the note shortcut's picker, sent with the listing).
    expect(seen).toHaveLength(17);
  });
});
