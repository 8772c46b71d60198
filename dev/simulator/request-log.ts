export interface RequestLogEntry {
  at: string;
  method: string;
  path: string;
  query: string;
  /** Last four characters of the bearer token only (tokens are secrets). */
  token: string | null;
  status: number;
}

/** The recent service requests, for tests; a bounded ring buffer. */
export class RequestLog {
  private readonly entries: (RequestLogEntry | undefined)[];
  private next = 0;
  private size = 0;

  constructor(private readonly capacity = 1000) {
    this.entries = new Array(capacity);
  }

  add(entry: RequestLogEntry): void {
    this.entries[this.next] = entry;
    this.next = (this.next + 1) % this.capacity;
    this.size = Math.min(this.size + 1, this.capacity);
  }

  /** The latest `limit` entries, oldest first. */
  recent(limit = this.capacity): RequestLogEntry[] {
    const n = Math.max(0, Math.min(limit, this.size));
    const out: RequestLogEntry[] = [];
    for (let i = n; i > 0; i--) {
      const e = this.entries[(this.next - i + this.capacity) % this.capacity];
      if (e) out.push(e);
    }
    return out;
  }

  clear(): void {
    this.entries.fill(undefined);
    this.next = 0;
    this.size = 0;
  }
}
