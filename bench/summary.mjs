// One line of the summary table `npm run bench` prints at the end (bench/run.mjs passes BENCH_SUMMARY_FILE).
// Run alone, a benchmark just prints its own figures. (Its own file: importing lib.mjs sets NODE_ENV.)
import fs from "node:fs";

export function summary(bench, measure, value) {
  const file = process.env.BENCH_SUMMARY_FILE;
  if (file) fs.appendFileSync(file, `${JSON.stringify({ bench, measure, value: String(value) })}\n`);
}
