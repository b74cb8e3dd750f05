import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIVE_PATH, SESSION_COOKIE, type ClientToServerEvents, type ServerToClientEvents } from "@khelkud/contracts";
import { loadConfig, testDatabaseUrl, testRedisUrl } from "../env.js";
import { createSessionsService } from "../modules/accounts/sessions.service.js";
import { insertProduct, insertUser } from "./factories.js";
import { createSharedDatabase, freePort, startInstance, type Instance } from "./instances.js";

/**
 * docs/deploy.md's nginx configuration (deploy/nginx.conf, rendered as the document says) in front of two
 * instances, the third upstream being down, as during a rolling deploy. Registered with the multi-instance
 * tests (TEST_DATABASE_URL and TEST_REDIS_URL); then a missing nginx is a failure, never a skip.
 */
const enabled = Boolean(testDatabaseUrl() && testRedisUrl());
const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => fs.existsSync(p));
const repoRoot = loadConfig({}).repoRoot;

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/** envsubst with an explicit list, as in docs/deploy.md: nginx's own $variables stay untouched. */
function renderNginxConf(template: string, vars: Record<string, string>): string {
  return template.replace(/\$\{(KHELKUD_[A-Z0-9_]+)\}/g, (whole, name: string) => {
    if (!(name in vars)) throw new Error(`deploy/nginx.conf uses ${whole}, which the test does not set`);
    return vars[name]!;
  });
}

describe.runIf(enabled)("nginx in front of several instances (deploy/nginx.conf)", () => {
  let shared: Awaited<ReturnType<typeof createSharedDatabase>>;
  const instances: Instance[] = [];
  let nginx: ChildProcess | undefined;
  let nginxLog = "";
  let base = "";
  let dir = "";
  let token = "";
  const sockets: Client[] = [];

  beforeAll(async () => {
    if (!NGINX) throw new Error("nginx is not installed (looked in /usr/sbin and /usr/bin). `npm test` installs it with apt-get; or run `apt-get install nginx`.");
    const taken = new Set<number>();
    const [listen, portA, portB, down] = [await freePort(3430, 3439, taken), await freePort(3430, 3439, taken), await freePort(3430, 3439, taken), await freePort(3430, 3439, taken)];
    base = `http://127.0.0.1:${listen}`;
    shared = await createSharedDatabase();
    const common = { databaseUrl: shared.url, redisUrl: testRedisUrl()!, redisPrefix: `khelkud-nginx-${process.pid}-${Date.now().toString(36)}`, publicUrl: base };
    instances.push(...(await Promise.all([startInstance({ ...common, port: portA! }), startInstance({ ...common, port: portB! })])));

    dir = fs.mkdtempSync(path.join(os.tmpdir(), "live-nginx-"));
    fs.chmodSync(dir, 0o777); // nginx workers run as an unprivileged user when the master is root
    const site = renderNginxConf(fs.readFileSync(path.join(repoRoot, "deploy/nginx.conf"), "utf8"), {
      KHELKUD_LISTEN: `127.0.0.1:${listen}`,
      KHELKUD_SERVER_NAME: "127.0.0.1 localhost",
      KHELKUD_UPSTREAM_1: `127.0.0.1:${portA}`,
      KHELKUD_UPSTREAM_2: `127.0.0.1:${portB}`,
      KHELKUD_UPSTREAM_3: `127.0.0.1:${down}`,
    });
    fs.writeFileSync(path.join(dir, "khelkud.conf"), site);
    // The main file stands in for Debian's /etc/nginx/nginx.conf, with everything inside this folder.
    fs.writeFileSync(
      path.join(dir, "nginx.conf"),
      [
        "worker_processes 1;",
        `pid ${dir}/nginx.pid;`,
        `error_log ${dir}/error.log warn;`,
        "events { worker_connections 256; }",
        "http {",
        // Which instance answered each request, for the balancing test.
        "  log_format khelkud_upstream '$request_uri $upstream_addr';",
        `  access_log ${dir}/access.log khelkud_upstream;`,
        ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((k) => `  ${k}_temp_path ${dir}/${k}_temp;`),
        `  include ${dir}/khelkud.conf;`,
        "}",
      ].join("\n"),
    );
    const check = spawnSync(NGINX, ["-t", "-p", dir, "-c", path.join(dir, "nginx.conf")], { encoding: "utf8" });
    if (check.status !== 0) throw new Error(`nginx -t refused deploy/nginx.conf:\n${check.stderr}`);
    nginx = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"], { stdio: ["ignore", "pipe", "pipe"] });
    nginx.stderr!.on("data", (d: Buffer) => (nginxLog += d.toString()));
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        // nginx is not listening yet.
      }
      if (Date.now() > deadline) throw new Error(`nginx did not answer in 10 s:\n${nginxLog}`);
      await new Promise((r) => setTimeout(r, 100));
    }

    const user = await insertUser(shared.database.db);
    token = (await createSessionsService(shared.database.db).create(user.id, { persistent: false })).token;
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    if (nginx && nginx.exitCode === null) {
      const gone = new Promise((r) => nginx!.once("exit", r));
      nginx.kill("SIGQUIT");
      await gone;
    }
    await Promise.all(instances.map((i) => i.stop()));
    await shared?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  function open(transports: string[], auth: { token?: string; cookie?: string }): Promise<Client> {
    const s: Client = connect(base, {
      path: LIVE_PATH,
      transports,
      reconnection: false,
      forceNew: true,
      auth: auth.token ? { token: auth.token } : {},
      extraHeaders: auth.cookie ? { cookie: auth.cookie, origin: base } : {},
    });
    sockets.push(s);
    return new Promise((resolve, reject) => {
      s.once("connect", () => resolve(s));
      s.once("connect_error", reject);
    });
  }

  it("serves the API and an HTML page through nginx while one upstream is down", async () => {
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ success: true, data: { status: "ok" } });
    const page = await fetch(`${base}/api/docs/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(await page.text()).toMatch(/<html/i);
  });

  it("carries a websocket live-channel connection, authenticated by the session cookie from the shop's origin, and delivers events on it", async () => {
    const socket = await open(["websocket"], { cookie: `${SESSION_COOKIE}=${token}` });
    expect(socket.io.engine.transport.name).toBe("websocket");
    const product = await insertProduct(shared.database.db, { sizes: [{ size: "S", stock: 3 }] });
    const heard = new Promise<string>((resolve) => socket.once("order_updated", (e) => resolve(e.orderId)));
    const placed = await fetch(`${base}/api/orders`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({
        items: [{ productId: product.id, size: "S", quantity: 1 }],
        shippingAddress: { fullName: "Gita Rai", email: "gita@example.com", phone: "9800000003", address: "Dharan 5", province: "Koshi", district: "Sunsari", area: "Dharan", postalCode: "56700" },
        paymentMethod: "COD",
      }),
    });
    expect(placed.status).toBe(201);
    const orderId = ((await placed.json()) as { data: { order: { id: string } } }).data.order.id;
    expect(await heard).toBe(orderId);
  });

  it("keeps long-polling on one instance (sticky) and upgrades polling to a websocket", async () => {
    // Polling only: every exchange is a separate HTTP request that must find the same instance's session id.
    const polling = await open(["polling"], { token });
    expect(polling.io.engine.transport.name).toBe("polling");
    for (let i = 0; i < 3; i++) {
      const answer = await new Promise((resolve) => polling.emit("join_order", `no-such-order-${i}`, resolve));
      expect(answer).toEqual({ ok: false, error: "Order not found" });
    }
    // The browser's default path: polling first, then the upgrade through nginx.
    const upgrading = await open(["polling", "websocket"], { token });
    await new Promise<void>((resolve) => {
      if (upgrading.io.engine.transport.name === "websocket") return resolve();
      upgrading.io.engine.once("upgrade", () => resolve());
    });
    expect(upgrading.io.engine.transport.name).toBe("websocket");
    expect(upgrading.connected).toBe(true);
  });

  it("spreads one client's page and API requests over the instances, and keeps a signed-in browser's polling on one", async () => {
    const upstreamsOf = (marker: string) =>
      fs
        .readFileSync(path.join(dir, "access.log"), "utf8")
        .split("\n")
        .filter((line) => line.includes(marker))
        .map((line) => line.split(" ").at(-1)!);
    // One client address, as behind a carrier's NAT: sequential requests still reach both running instances.
    for (let i = 0; i < 12; i++) expect((await fetch(`${base}/api/health?spread=${i}`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    const spread = new Set(upstreamsOf("/api/health?spread="));
    expect(spread).toEqual(new Set([`127.0.0.1:${instances[0]!.port}`, `127.0.0.1:${instances[1]!.port}`]));

    // Polling signed in by cookie (the browser's case): every exchange finds the instance holding its session id.
    const polling = await open(["polling"], { cookie: `${SESSION_COOKIE}=${token}` });
    expect(polling.io.engine.transport.name).toBe("polling");
    for (let i = 0; i < 4; i++) {
      const answer = await new Promise((resolve) => polling.emit("join_order", `cookie-poll-${i}`, resolve));
      expect(answer).toEqual({ ok: false, error: "Order not found" });
    }
    const sid = polling.io.engine.id;
    await new Promise((r) => setTimeout(r, 200));
    expect(new Set(upstreamsOf(`sid=${sid}`)).size).toBe(1);
  });

  it("refuses a live-channel handshake without a session through nginx too", async () => {
    await expect(open(["websocket"], {})).rejects.toThrow("Authentication error");
  });
});
