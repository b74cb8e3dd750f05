// Child process for bench/*.bench.mjs (not a benchmark itself): autocannon against one origin, every request to
// the next path of a list, so no request repeats one the server answered just before (no cache can help).
// argv: origin, connections, duration (s), file with one path per line[, JSON object of headers for every request].
// Prints autocannon's JSON result.
import fs from "node:fs";
import autocannon from "autocannon";

const [origin, connections, duration, file, headersJson] = process.argv.slice(2);
const paths = fs.readFileSync(file, "utf8").split("\n").filter(Boolean);
let next = 0;
const result = await autocannon({
  url: origin,
  connections: Number(connections),
  duration: Number(duration),
  timeout: 20,
  headers: headersJson ? JSON.parse(headersJson) : {},
  requests: [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }],
});
process.stdout.write(
  JSON.stringify({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    total: result.requests.total,
    statusCodes: result.statusCodeStats,
  }),
);
