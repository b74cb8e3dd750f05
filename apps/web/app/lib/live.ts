/**
 * The live channel in the browser (docs/product-rules.md §13): one Socket.IO connection while someone is signed
 * in, closed on sign-out. The session cookie authenticates it (httpOnly: scripts never see the token).
 * Components listen with useLiveEvent; they never touch the socket. socket.io-client is loaded only for
 * signed-in visitors.
 */
import { useEffect, useRef } from "react";
import type { Socket } from "socket.io-client";
import { LIVE_AUTH_ERROR, LIVE_CLIENT_OPTIONS, type ClientToServerEvents, type LiveEventName, type ServerToClientEvents } from "@khelkud/contracts";

type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Payload<E extends LiveEventName> = Parameters<ServerToClientEvents[E]>[0];

let socket: LiveSocket | null = null;
let socketUserId: string | null = null;
/** Bumped on every connect/disconnect call, so a slow dynamic import cannot resurrect a socket for a user who left. */
let generation = 0;
const listeners = new Map<string, Set<(payload: unknown) => void>>();
const authFailureListeners = new Set<() => void>();
/** Orders a page is watching (join_order), with how many components watch each; joined again after every reconnect. */
const watchedOrders = new Map<string, number>();

/** `<html data-live="connected">` while the channel is up: a hook for end-to-end tests and for debugging. */
function markState(state: "connected" | "disconnected") {
  document.documentElement.dataset.live = state;
}

/**
 * Hands an event to its listeners, then counts it in `<html data-live-events>`: an end-to-end test waits for the count
 * to know an event was handled, before it checks what the event did not show.
 */
function dispatch(event: string, payload: unknown) {
  for (const listener of listeners.get(event) ?? []) listener(payload);
  const html = document.documentElement;
  html.dataset.liveEvents = String(Number(html.dataset.liveEvents ?? 0) + 1);
}

export async function connectLive(userId: string): Promise<void> {
  if (socket && socketUserId === userId) return;
  disconnectLive();
  const mine = ++generation;
  const { io } = await import("socket.io-client");
  if (mine !== generation) return;
  const s: LiveSocket = io({ ...LIVE_CLIENT_OPTIONS, withCredentials: true });
  socket = s;
  socketUserId = userId;
  s.onAny((event: string, payload: unknown) => dispatch(event, payload));
  s.on("disconnect", () => markState("disconnected"));
  s.on("connect", () => {
    markState("connected");
    // Rooms do not survive a reconnect; follow the watched orders again.
    for (const orderId of watchedOrders.keys()) s.emit("join_order", orderId);
  });
  s.on("connect_error", (err) => {
    if (err.message === LIVE_AUTH_ERROR) {
      for (const listener of authFailureListeners) listener();
    } else if (err.message === "Invalid namespace") {
      console.warn("live channel:", err.message);
    }
    // Other errors are network trouble: socket.io-client retries with the spec's back-off by itself.
  });
}

export function disconnectLive(): void {
  generation++;
  if (socket) markState("disconnected");
  socket?.disconnect();
  socket = null;
  socketUserId = null;
}

/** Keeps the live channel open while `userId` is signed in (mounted once, in the root layout). */
export function useLiveConnection(userId: string | null): void {
  useEffect(() => {
    if (userId) void connectLive(userId);
    else disconnectLive();
  }, [userId]);
  useEffect(() => () => disconnectLive(), []);
}

/** Calls `handler` for every `name` message while the component is mounted (the latest handler, without re-subscribing). */
export function useLiveEvent<E extends LiveEventName>(name: E, handler: (payload: Payload<E>) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const listener = (payload: unknown) => latest.current(payload as Payload<E>);
    let set = listeners.get(name);
    if (!set) listeners.set(name, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }, [name]);
}

/** Called when the server refuses the handshake ("Authentication error"). */
export function useLiveAuthFailure(handler: () => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const listener = () => latest.current();
    authFailureListeners.add(listener);
    return () => {
      authFailureListeners.delete(listener);
    };
  }, []);
}

/** Follows one order's room (join_order / leave_order) while the component is mounted; the server checks ownership. */
export function useWatchOrder(orderId: string): void {
  useEffect(() => {
    watchedOrders.set(orderId, (watchedOrders.get(orderId) ?? 0) + 1);
    if (socket?.connected) socket.emit("join_order", orderId);
    return () => {
      const left = (watchedOrders.get(orderId) ?? 1) - 1;
      if (left > 0) {
        watchedOrders.set(orderId, left);
        return;
      }
      watchedOrders.delete(orderId);
      if (socket?.connected) socket.emit("leave_order", orderId);
    };
  }, [orderId]);
}
