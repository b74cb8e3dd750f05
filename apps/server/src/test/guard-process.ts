/**
 * A process with the connection guard installed exactly as server.ts installs it, which then meets one kind of
 * uncaught error (argv[2]); lib/connection-guard.test.ts runs it and watches whether it keeps running.
 */
import { PassThrough } from "node:stream";
import pino from "pino";
import { installConnectionGuard } from "../lib/connection-guard.js";

installConnectionGuard(pino());

const coded = (message: string, code: string) => Object.assign(new Error(message), { code });
const faults: Record<string, () => void> = {
  // The fault from the outside test: a PassThrough of a page destroyed by the client's abort, no 'error' listener.
  "stream-premature-close": () => new PassThrough().destroy(coded("Premature close", "ERR_STREAM_PREMATURE_CLOSE")),
  "stream-econnreset": () => new PassThrough().destroy(coded("aborted", "ECONNRESET")),
  "rejection-epipe": () => void Promise.reject(coded("write EPIPE", "EPIPE")),
  "stream-destroyed": () => new PassThrough().destroy(coded("Cannot call write after a stream was destroyed", "ERR_STREAM_DESTROYED")),
  "type-error": () => setImmediate(() => (undefined as unknown as () => void)()),
  "stream-unknown-error": () => new PassThrough().destroy(new Error("sharp: corrupt header")),
  "rejection-unknown": () => void Promise.reject(new Error("relation \"orders\" does not exist")),
  "rejection-not-an-error": () => void Promise.reject(Object.assign(Object.create(null), { code: "ECONNRESET" })),
};

faults[process.argv[2] ?? ""]!();
// Still here a moment later: the guard let the process keep serving.
setTimeout(() => {
  console.log("STILL-SERVING");
  process.exit(0);
}, 300);
