import type { FastifyInstance } from "fastify";
import { Server, type Socket } from "socket.io";
import { createAdapter } from "@socket.io/redis-adapter";
import { LIVE_AUTH_ERROR, LIVE_MSG, LIVE_PATH, liveRooms, SESSION_COOKIE, type ClientToServerEvents, type LiveAck, type ServerToClientEvents } from "@khelkud/contracts";
import type { Db } from "../db/client.js";
import type { UserRow } from "../db/schema/index.js";
import { closeRedis, createRedisClient } from "../lib/redis.js";
import { createLiveService } from "../modules/live/live.service.js";

interface SocketData {
  userId: string;
  role: UserRow["role"];
  sessionId: string;
  token: string;
}

export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

declare module "fastify" {
  interface FastifyInstance {
    live: LiveServer;
  }
}

/** How often each connected socket's session is checked again (expiry, deactivation missed by a revocation event). */
export const LIVE_SESSION_RECHECK_MS = 5 * 60_000;

/**
 * The live channel (docs/product-rules.md §13, docs/decisions/060): Socket.IO attached to the app's own HTTP server, so it
 * shares the shop's origin and port. With REDIS_URL the Redis adapter carries every emit to the sockets of
 * all instances; without it everything stays in this process.
 */
export async function registerLive(app: FastifyInstance, db: Db): Promise<void> {
  const live = createLiveService(db);
  const io: LiveServer = new Server(app.server, { path: LIVE_PATH, serveClient: false, pingInterval: 25_000, pingTimeout: 20_000 });
  app.decorate("live", io);

  const redisClients: ReturnType<typeof createRedisClient>[] = [];
  if (app.config.redis) {
    const pub = createRedisClient(app.config.redis.url, "live-pub", app.log);
    const sub = createRedisClient(app.config.redis.url, "live-sub", app.log);
    redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub, { key: `${app.config.redis.prefix}:socket.io` }));
  }

  // A browser sends the cookie on its own; a page on another site must not ride on it (cross-site WebSocket hijacking).
  const publicOrigin = new URL(app.config.publicUrl).origin;
  function sameSite(origin: string | undefined, host: string | undefined): boolean {
    if (!origin) return true;
    if (origin === publicOrigin) return true;
    try {
      return host !== undefined && new URL(origin).host === host;
    } catch {
      return false;
    }
  }

  io.use(async (socket, next) => {
    try {
      const given = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      const bearer = typeof given === "string" && given !== "" ? given : undefined;
      const cookieHeader = socket.handshake.headers.cookie;
      const cookie = bearer === undefined && cookieHeader ? app.parseCookie(cookieHeader)[SESSION_COOKIE] : undefined;
      if (cookie !== undefined && !sameSite(socket.handshake.headers.origin, socket.handshake.headers.host)) return next(new Error(LIVE_AUTH_ERROR));
      const token = bearer ?? cookie;
      const result = await app.services.sessions.resolve(token);
      if ("failure" in result) return next(new Error(LIVE_AUTH_ERROR));
      socket.data = { userId: result.user.id, role: result.user.role, sessionId: result.sessionId, token: token! };
      next();
    } catch (err) {
      app.log.error({ err }, "live channel handshake failed");
      next(new Error(LIVE_AUTH_ERROR));
    }
  });

  /** The session behind a socket still holds (not signed out, expired or deactivated); otherwise the socket is closed. */
  async function stillSignedIn(socket: LiveSocket): Promise<boolean> {
    const result = await app.services.sessions.resolve(socket.data.token);
    if ("failure" in result) {
      socket.disconnect(true);
      return false;
    }
    socket.data.role = result.user.role;
    return true;
  }

  io.on("connection", (socket: LiveSocket) => {
    const { userId, role, sessionId } = socket.data;
    void socket.join([liveRooms.user(userId), liveRooms.session(sessionId), ...(role === "ADMIN" ? [liveRooms.admins] : [])]);

    socket.on("join_order", async (orderId, ack) => {
      const answer = (a: LiveAck) => (typeof ack === "function" ? ack(a) : undefined);
      try {
        if (typeof orderId !== "string") return answer({ ok: false, error: LIVE_MSG.orderNotFound });
        if (!(await stillSignedIn(socket))) return;
        if (!(await live.canWatchOrder({ id: socket.data.userId, role: socket.data.role }, orderId))) return answer({ ok: false, error: LIVE_MSG.orderNotFound });
        await socket.join(liveRooms.order(orderId));
        answer({ ok: true });
      } catch (err) {
        app.log.error({ err }, "join_order failed");
        answer({ ok: false, error: "Could not follow this order" });
      }
    });

    socket.on("leave_order", async (orderId, ack) => {
      if (typeof orderId === "string") await socket.leave(liveRooms.order(orderId));
      if (typeof ack === "function") ack({ ok: true });
    });
  });

  // Sign-out, password change and deactivation end sessions; their sockets close on every instance.
  const stopListening = app.services.sessions.onRevoked((revoked) => {
    const target = "sessionId" in revoked ? io.in(liveRooms.session(revoked.sessionId)) : revoked.exceptSessionId ? io.in(liveRooms.user(revoked.userId)).except(liveRooms.session(revoked.exceptSessionId)) : io.in(liveRooms.user(revoked.userId));
    target.disconnectSockets(true);
  });

  const recheck = setInterval(() => {
    for (const socket of io.of("/").sockets.values()) {
      stillSignedIn(socket).catch((err: unknown) => app.log.error({ err }, "live session re-check failed"));
    }
  }, LIVE_SESSION_RECHECK_MS);
  recheck.unref();

  const stopPublishing = app.services.events.on(async (event) => {
    try {
      await live.publish(event, (rooms, name, payload) => {
        (io.to(rooms).emit as (ev: string, p: unknown) => boolean)(name, payload);
      });
    } catch (err) {
      app.log.error({ err, event: event.type }, "live channel publish failed");
    }
  });

  // Before the HTTP server stops: close every socket so server.close() is not held open by upgraded connections.
  app.addHook("preClose", async () => {
    stopPublishing();
    stopListening();
    clearInterval(recheck);
    // Not io.close(): it would also close the HTTP server, which Fastify closes itself after in-flight requests.
    io.local.disconnectSockets(true);
    io.engine.close();
    await io.of("/").adapter.close();
    await Promise.all(redisClients.map(closeRedis));
  });
}
