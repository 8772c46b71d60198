/**
 * The metric names a PromQL expression reads, for checking a dashboard against what the bot exports.
 * A small scanner, not a parser: it skips strings, label matchers `{...}`, ranges `[...]`, Grafana variables
 * (`$job`, `$__rate_interval`), numbers, keywords, function and aggregation names (an identifier followed by
 * `(`) and the label lists of `by`, `without`, `on`, `ignoring`, `group_left` and `group_right`.
 */
const LABEL_LIST_KEYWORDS = new Set(["by", "without", "on", "ignoring", "group_left", "group_right"]);
const KEYWORDS = new Set([
  ...LABEL_LIST_KEYWORDS,
  "bool",
  "and",
  "or",
  "unless",
  "offset",
  "atan2",
  "inf",
  "nan",
]);

export function metricNames(expr: string): string[] {
  const names = new Set<string>();
  let i = 0;
  const skipPast = (close: string) => {
    while (i < expr.length && expr[i] !== close) {
      if (expr[i] === '"' || expr[i] === "'" || expr[i] === "`") skipString();
      else i++;
    }
    i++;
  };
  const skipString = () => {
    const quote = expr[i];
    i++;
    while (i < expr.length && expr[i] !== quote) i += expr[i] === "\\" ? 2 : 1;
    i++;
  };
  const nextNonSpace = (from: number) => {
    let j = from;
    while (j < expr.length && /\s/.test(expr[j]!)) j++;
    return j;
  };
  while (i < expr.length) {
    const c = expr[i]!;
    if (c === '"' || c === "'" || c === "`") skipString();
    else if (c === "{") skipPast("}");
    else if (c === "[") skipPast("]");
    else if (c === "$") {
      i++;
      while (i < expr.length && /[\w{}]/.test(expr[i]!)) i++;
    } else if (/[0-9.]/.test(c)) {
      while (i < expr.length && /[\w.]/.test(expr[i]!)) i++;
    } else if (/[a-zA-Z_:]/.test(c)) {
      const start = i;
      while (i < expr.length && /[\w:]/.test(expr[i]!)) i++;
      const word = expr.slice(start, i);
      const next = nextNonSpace(i);
      if (KEYWORDS.has(word.toLowerCase())) {
        if (LABEL_LIST_KEYWORDS.has(word.toLowerCase()) && expr[next] === "(") {
          i = next + 1;
          skipPast(")");
        }
      } else if (expr[next] !== "(" && !/^(by|without)\s*\(/i.test(expr.slice(next))) {
        // Not a function call, nor an aggregation written `sum by (label) (...)`.
        names.add(word);
      }
    } else i++;
  }
  return [...names].sort();
}

/** Every sample name a Prometheus text exposition can hold, from its `# TYPE` lines. */
export function exportedSampleNames(exposition: string): Set<string> {
  const names = new Set<string>();
  for (const line of exposition.split("\n")) {
    const match = /^# TYPE (\S+) (\S+)/.exec(line);
    if (!match) continue;
    const [, name, type] = match as unknown as [string, string, string];
    names.add(name);
    if (type === "histogram") for (const suffix of ["_bucket", "_sum", "_count"]) names.add(name + suffix);
    if (type === "summary") for (const suffix of ["_sum", "_count"]) names.add(name + suffix);
  }
  return names;
}
