import { EventEmitter } from "node:events";
import type { PublicUser } from "@khelkud/contracts";

/** Events services publish; the live channel (Socket.IO) turns them into emits to `user:<id>` and other rooms. */
export interface DomainEvents {
  profile_updated: { userId: string; user: PublicUser };
}

/** In-process publish/subscribe. Listeners must not throw into the publisher: errors are reported, not raised. */
export function createDomainEvents(onListenerError: (err: unknown) => void = () => undefined) {
  const emitter = new EventEmitter();
  return {
    publish<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): void {
      for (const listener of emitter.listeners(name)) {
        try {
          (listener as (p: DomainEvents[K]) => void)(payload);
        } catch (err) {
          onListenerError(err);
        }
      }
    },
    subscribe<K extends keyof DomainEvents>(name: K, listener: (payload: DomainEvents[K]) => void): () => void {
      emitter.on(name, listener);
      return () => emitter.off(name, listener);
    },
  };
}
export type DomainEventBus = ReturnType<typeof createDomainEvents>;
