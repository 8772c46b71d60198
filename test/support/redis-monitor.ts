import { connect } from "node:net";

/** One command as MONITOR reports it: its words, and who sent it ("lua" for a script's own calls). */
export type MonitoredCommand = { args: string[]; source: string };

/**
 * MONITOR over a plain socket. ioredis' monitor() sets its "monitoring" state a microtask after the
 * MONITOR reply, so a monitor line arriving in the same read as that reply hits an empty command queue
 * ("Command queue state error") whenever another client is busy on the shared server.
 */
export async function monitorRedis(
  url: string,
  onCommand: (command: MonitoredCommand) => void,
): Promise<{ close(): void }> {
  const { hostname, port, password, username } = new URL(url);
  const socket = connect(Number(port || 6379), hostname || "127.0.0.1");
  socket.setEncoding("utf8");
  const auth = password
    ? `AUTH ${username ? `${decodeURIComponent(username)} ` : ""}${decodeURIComponent(password)}\r\n`
    : "";
  let buffered = "";
  let started!: () => void;
  let failed!: (error: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    started = resolve;
    failed = reject;
  });
  let replies = 0;
  const expected = auth ? 2 : 1;
  socket.on("error", (error) => failed(error));
  socket.on("data", (chunk: string) => {
    buffered += chunk;
    for (let end = buffered.indexOf("\r\n"); end >= 0; end = buffered.indexOf("\r\n")) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      if (line.startsWith("-")) failed(new Error(`MONITOR refused: ${line.slice(1)}`));
      else if (replies < expected) {
        replies++;
        if (replies === expected) started();
      } else onCommand(parseMonitorLine(line.slice(1)));
    }
  });
  socket.write(`${auth}MONITOR\r\n`);
  await ready;
  return { close: () => socket.destroy() };
}

/** `1700000000.123456 [0 127.0.0.1:5000] "SET" "k" "v"` into its words and source. */
export function parseMonitorLine(line: string): MonitoredCommand {
  const open = line.indexOf("[");
  const close = line.indexOf("]", open);
  const source = line.slice(open + 1, close).split(" ")[1] ?? "";
  const args: string[] = [];
  let word: string | undefined;
  for (let at = close + 1; at < line.length; at++) {
    const char = line[at]!;
    if (word === undefined) {
      if (char === '"') word = "";
    } else if (char === "\\") {
      word += line[++at] ?? "";
    } else if (char === '"') {
      args.push(word);
      word = undefined;
    } else word += char;
  }
  return { args, source };
}
