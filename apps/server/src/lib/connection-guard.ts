/**
 * The last line of defence against a client that goes away (docs/decisions/073). Every stream the server pipes
 * handles its own errors; when one is missed, Node throws it from an 'error' event nobody listens to and the whole
 * process, with every open checkout, stops. The guard keeps serving only for the errors that by their nature belong
 * to one connection (the peer closed or reset it, or we wrote to it after it was gone) and exits on anything else,
 * so an unknown fault is found by a test instead of being hidden.
 */
const PER_CONNECTION_CODES = new Set([
  // A stream in a pipeline closed before it ended: the client left mid-response.
  "ERR_STREAM_PREMATURE_CLOSE",
  // Written to a stream that was already destroyed (its socket closed).
  "ERR_STREAM_DESTROYED",
  // The peer reset the TCP connection, or it was closed while we were writing.
  "ECONNRESET",
  "EPIPE",
  "ECONNABORTED",
]);

/** True when `err` is known to concern one client connection only. */
export function isPerConnectionError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as NodeJS.ErrnoException).code;
  return typeof code === "string" && PER_CONNECTION_CODES.has(code);
}

interface GuardLog {
  warn(obj: object, msg: string): void;
  fatal(obj: object, msg: string): void;
}

/**
 * Installs process-wide handlers for uncaught exceptions and unhandled rejections: a per-connection error is logged
 * (warn: "connection error") and the process keeps serving; anything else is logged (fatal) and the process exits 1,
 * as Node would have done, so the supervisor restarts it.
 */
export function installConnectionGuard(log: GuardLog, exit: (code: number) => void = (code) => process.exit(code)): () => void {
  const onError = (err: unknown, origin: string) => {
    if (isPerConnectionError(err)) {
      log.warn({ err, origin }, "connection error escaped its stream: that response ended, the shop keeps serving");
      return;
    }
    log.fatal({ err, origin }, "uncaught error: exiting");
    exit(1);
  };
  const onException = (err: Error, origin: string) => onError(err, origin);
  const onRejection = (reason: unknown) => onError(reason, "unhandledRejection");
  process.on("uncaughtException", onException);
  process.on("unhandledRejection", onRejection);
  return () => {
    process.off("uncaughtException", onException);
    process.off("unhandledRejection", onRejection);
  };
}
