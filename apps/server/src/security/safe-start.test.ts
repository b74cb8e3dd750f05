import net from "node:net";
import os from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../test/instances.js";
import { spawnServer, type ServerProcess } from "../test/server-process.js";

/** A non-loopback IPv4 address of this machine, if it has one (CI containers usually do). */
function externalAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i && i.family === "IPv4" && !i.internal)?.address;
}

function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

describe("a default start is reachable from this machine only", () => {
  let server: ServerProcess | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it("listens on 127.0.0.1 when HOST is not set, in development mode, with no warning", async () => {
    const port = await freePort(3380, 3399);
    server = spawnServer({ PORT: String(port) });
    expect(await server.waitFor(/Khelkud is serving/, 60_000), server.output()).toBe(true);
    expect(server.output()).toContain(`Server listening at http://127.0.0.1:${port}`);
    expect(server.output()).toContain("development mode, listening on 127.0.0.1");
    expect(server.output()).not.toMatch(/listens beyond this machine/);
    expect(await connects("127.0.0.1", port)).toBe(true);
    const external = externalAddress();
    if (external) expect(await connects(external, port)).toBe(false);
  });

  it("warns, naming each development-only surface, when HOST=0.0.0.0 exposes them", async () => {
    const port = await freePort(3380, 3399);
    server = spawnServer({ PORT: String(port), HOST: "0.0.0.0" });
    expect(await server.waitFor(/listens beyond this machine/, 60_000), server.output()).toBe(true);
    const warning = server
      .output()
      .split("\n")
      .map((l) => (l.startsWith("{") ? (JSON.parse(l) as { level: number; msg: string }) : null))
      .find((l) => l?.msg.includes("listens beyond this machine"))!;
    expect(warning.level).toBe(40);
    for (const surface of ["/dev/mail", "/_simulator/__admin", "/test/esewa"]) expect(warning.msg).toContain(surface);
  });
});
