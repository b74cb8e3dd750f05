import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
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

describe("a second server on the same embedded database (docs/decisions/155)", () => {
  const servers: ServerProcess[] = [];
  let dataDir = "";
  afterEach(async () => {
    for (const s of servers.splice(0)) await s.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const register = (port: number, email: string) =>
    fetch(`http://127.0.0.1:${port}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Folder Keeper", email, phone: "9812345678", password: "Secret123", confirmPassword: "Secret123" }),
    });
  const signIn = (port: number, email: string) =>
    fetch(`http://127.0.0.1:${port}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: "Secret123" }) });

  it("is refused before it opens the folder, naming the first; the first keeps every customer, and the folder opens again after it stops", { timeout: 180_000 }, async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "khelkud-shared-"));
    const [portA, portB] = [await freePort(3380, 3389), await freePort(3390, 3399)];
    const first = spawnServer({ PORT: String(portA), DATA_DIR: dataDir });
    servers.push(first);
    expect(await first.waitFor(/Khelkud is serving/, 60_000), first.output()).toBe(true);
    expect((await register(portA, "before@example.com")).status).toBe(201);

    // A second `npm start` on the same DATA_DIR, on another port: it stops at once, saying why.
    const second = spawnServer({ PORT: String(portB), DATA_DIR: dataDir });
    servers.push(second);
    const outcome = await Promise.race([second.exited.then((code) => `exited with ${code}`), second.waitFor(/Khelkud is serving/, 60_000).then((up) => (up ? "serving" : "neither"))]);
    expect(outcome, second.output()).toBe("exited with 1");
    expect(second.output()).toContain(`open in another process (pid ${first.child.pid})`);
    expect(second.output()).not.toContain("Khelkud is serving");

    expect((await register(portA, "after@example.com")).status).toBe(201);
    await first.stop();
    expect(fs.existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);

    const third = spawnServer({ PORT: String(portA), DATA_DIR: dataDir });
    servers.push(third);
    expect(await third.waitFor(/Khelkud is serving/, 60_000), third.output()).toBe(true);
    for (const email of ["before@example.com", "after@example.com"]) expect((await signIn(portA, email)).status).toBe(200);
  });
});
