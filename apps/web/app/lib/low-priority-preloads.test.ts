import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./low-priority-preloads.server";

async function run(chunks: Buffer[]): Promise<string> {
  const t = lowPriorityModulePreloads();
  const out: Buffer[] = [];
  t.on("data", (d: Buffer) => out.push(Buffer.from(d)));
  const done = new Promise((resolve) => t.on("end", resolve));
  for (const c of chunks) t.write(c);
  t.end();
  await done;
  return Buffer.concat(out).toString("utf8");
}

const html =
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/framework.js" nonce="n"/><link rel="stylesheet" href="/a.css"/>' +
  '<link rel="modulepreload" href="/assets/shell.js"/></head><body><p>खेलकुद — Rs. 2,499</p><link rel="modulepreload" href="/assets/home.js"/></body></html>';
const expected = html.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

describe("lowPriorityModulePreloads", () => {
  it("marks every modulepreload link low priority and leaves everything else as it was", async () => {
    const result = await run([Buffer.from(html)]);
    expect(result).toBe(expected);
    expect(result.match(/fetchpriority="low"/g)).toHaveLength(3);
    expect(result).toContain('<link rel="stylesheet" href="/a.css"/>');
  });

  it("gives the same page whatever byte the stream is split at (tags and Devanagari across chunks)", async () => {
    const bytes = Buffer.from(html);
    for (let cut = 1; cut < bytes.length; cut++) {
      const result = await run([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(result, `split at byte ${cut}`).toBe(expected);
    }
  });

  it("handles a page streamed one byte at a time", async () => {
    const bytes = Buffer.from(html);
    const result = await run([...bytes].map((b) => Buffer.from([b])));
    expect(result).toBe(expected);
  });
});
