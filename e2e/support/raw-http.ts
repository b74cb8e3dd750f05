import net from "node:net";

/**
 * Where a raw client gives up on a response: after N bytes of it (0: as soon as the request is written, before any
 * answer), after the headers and the first piece of the body (the server is mid-render and mid-compression), after
 * some time (an upload that stops half-way), or never (it reads slowly, pausing `pauseMs` before reading the rest).
 */
export type GiveUp = { afterBytes: number } | { afterFirstBodyBytes: true } | { afterMs: number } | { slowRead: { pauseMs: number } };

export interface RawRequest {
  port: number;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent after the headers; with `declaredLength` larger than it, the client stops mid-body. */
  body?: Buffer | string;
  declaredLength?: number;
  /** Bytes written straight after the headers without a Content-Length (e.g. half a WebSocket frame). */
  rawAfterHead?: Buffer;
  giveUp: GiveUp;
  /** "close" ends the TCP connection politely (FIN); "reset" aborts it (RST). */
  how?: "close" | "reset";
}

export interface RawOutcome {
  received: Buffer;
  /** The server ended the connection after a complete answer (only meaningful for slow readers). */
  ended: boolean;
}

/** One HTTP/1.1 request over a real socket, abandoned the way a flaky phone or an impatient person abandons it. */
export function rawRequest(req: RawRequest): Promise<RawOutcome> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const socket = net.connect(req.port, "127.0.0.1");
    const finish = (ended: boolean) => {
      if (done) return;
      done = true;
      resolve({ received: Buffer.concat(chunks), ended });
    };
    const giveUp = () => {
      if (req.how === "reset") socket.resetAndDestroy();
      else socket.destroy();
      finish(false);
    };
    socket.on("error", () => finish(false));
    socket.on("end", () => finish(true));
    socket.on("close", () => finish(false));
    socket.on("connect", () => {
      const body = req.body === undefined ? undefined : Buffer.from(req.body);
      const headers: Record<string, string> = { Host: `127.0.0.1:${req.port}`, Connection: "close", ...req.headers };
      if (body !== undefined || req.declaredLength !== undefined) headers["Content-Length"] = String(req.declaredLength ?? body!.length);
      const head = `${req.method ?? "GET"} ${req.path} HTTP/1.1\r\n${Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join("")}\r\n`;
      socket.write(head);
      if (body) socket.write(body);
      if (req.rawAfterHead) socket.write(req.rawAfterHead);
      const g = req.giveUp;
      if ("afterBytes" in g && g.afterBytes === 0) setImmediate(giveUp);
      if ("afterMs" in g) setTimeout(giveUp, g.afterMs);
      if ("slowRead" in g) {
        socket.pause();
        setTimeout(() => socket.resume(), g.slowRead.pauseMs);
      }
    });
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      const g = req.giveUp;
      if ("afterBytes" in g && g.afterBytes > 0 && size >= g.afterBytes) giveUp();
      if ("afterFirstBodyBytes" in g) {
        const all = Buffer.concat(chunks);
        const headEnd = all.indexOf("\r\n\r\n");
        if (headEnd !== -1 && all.length > headEnd + 4) giveUp();
      }
    });
  });
}

/** The ways every streamed route is abandoned in the tests. */
export const GIVE_UPS: { name: string; giveUp: GiveUp; how: "close" | "reset" }[] = [
  { name: "closed before any byte", giveUp: { afterBytes: 0 }, how: "close" },
  { name: "reset before any byte", giveUp: { afterBytes: 0 }, how: "reset" },
  { name: "closed after 1 byte", giveUp: { afterBytes: 1 }, how: "close" },
  { name: "closed after 100 bytes", giveUp: { afterBytes: 100 }, how: "close" },
  { name: "closed mid-body", giveUp: { afterFirstBodyBytes: true }, how: "close" },
  { name: "reset mid-body", giveUp: { afterFirstBodyBytes: true }, how: "reset" },
];
