// Child process for bench/*.bench.mjs (not a benchmark itself): autocannon against one origin, every request to
// the next path of a list, so no request repeats one the server answered just before (no cache can help).
// argv: origin, connections, duration (s), file with one path per line[, JSON object of headers for every request].
// Prints autocannon's JSON result, with the paths that got an answer other than 2xx (status, path and the start of
// the answer, counted by status and path).
import fs from "node:fs";
import autocannon from "autocannon";

const [origin, connections, duration, file, headersJson] = process.argv.slice(2);
// Each path as a browser or fetch() sends it: characters outside ASCII percent-encoded (a product slug may hold "ć" or
// Devanagari). autocannon writes the path into the request line as given, and Node refuses raw UTF-8 there with a
// 400 before the app sees the request: the soak's unexplained 400s (docs/decisions/125).
const paths = fs
  .readFileSync(file, "utf8")
  .split("\n")
  .filter(Boolean)
  .map((p) => {
    const url = new URL(p, origin);
    return url.pathname + url.search;
  });
let next = 0;
/** "status path" → { count, body } of answers other than 2xx. */
const failures = new Map();
const result = await autocannon({
  url: origin,
  connections: Number(connections),
  duration: Number(duration),
  timeout: 20,
  headers: headersJson ? JSON.parse(headersJson) : {},
  requests: [
    {
      // The context lives from one request's setup to its answer (one request at a time on each connection).
      setupRequest: (req, context) => {
        context.path = paths[next++ % paths.length];
        return { ...req, path: context.path };
      },
      onResponse: (status, body, context) => {
        if (status >= 200 && status < 300) return;
        const key = `${status} ${context.path}`;
        const seen = failures.get(key);
        if (seen) seen.count++;
        else failures.set(key, { count: 1, body: String(body ?? "").slice(0, 300) });
      },
    },
  ],
});
process.stdout.write(
  JSON.stringify({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    total: result.requests.total,
    statusCodes: result.statusCodeStats,
    failures: [...failures].map(([key, f]) => ({ key, ...f })),
  }),
);
