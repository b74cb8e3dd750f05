/**
 * Work that must not hold up the answer (e-mails after forgot-password or an e-mail change): started after the
 * response is decided, logged when it fails, and awaited on shutdown so no e-mail is dropped by a graceful stop.
 * Tests await `idle()` before reading what the work produced.
 */
export function createBackgroundTasks(log: (msg: string, err?: unknown) => void = () => undefined) {
  const pending = new Set<Promise<void>>();
  return {
    run(name: string, work: () => Promise<unknown>): void {
      const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .then(
          () => undefined,
          (err: unknown) => log(`${name} failed`, err),
        )
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    /** Resolves when every task started so far (and any they started) has finished. */
    async idle(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;
