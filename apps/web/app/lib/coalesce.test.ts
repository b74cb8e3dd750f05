import { describe, expect, it } from "vitest";
import { coalesceChunks } from "./coalesce.server";

const turn = () => new Promise((r) => setImmediate(r));

describe("coalesceChunks: React's small writes leave in one piece per event-loop turn", () => {
  it("joins what was written in one turn, keeps later turns apart, and loses nothing at the end", async () => {
    const stream = coalesceChunks();
    const out: string[] = [];
    stream.on("data", (d: Buffer) => out.push(d.toString()));
    for (const part of ["<html>", "<head>", "</head>", "<body>"]) stream.write(part);
    await turn();
    await turn();
    expect(out).toEqual(["<html><head></head><body>"]);
    stream.write("<p>later</p>");
    stream.end("</body></html>");
    await new Promise((r) => stream.on("end", r));
    expect(out).toEqual(["<html><head></head><body>", "<p>later</p></body></html>"]);
  });

  it("passes a piece on at once when it reaches 64 KB, without waiting for the turn to end", () => {
    const stream = coalesceChunks();
    const out: Buffer[] = [];
    stream.on("data", (d: Buffer) => out.push(d));
    for (let i = 0; i < 40; i++) stream.write(Buffer.alloc(2048, 97));
    expect(out.map((b) => b.length)).toEqual([65536]);
    stream.destroy();
  });

  it("keeps multi-byte characters whole across pieces and sends nothing after it is destroyed", async () => {
    const stream = coalesceChunks();
    const out: Buffer[] = [];
    stream.on("data", (d: Buffer) => out.push(d));
    const word = Buffer.from("खेलकुद");
    stream.write(word.subarray(0, 4));
    stream.write(word.subarray(4));
    await turn();
    expect(Buffer.concat(out).toString()).toBe("खेलकुद");
    stream.write("lost");
    stream.destroy();
    await turn();
    expect(Buffer.concat(out).toString()).toBe("खेलकुद");
  });
});
