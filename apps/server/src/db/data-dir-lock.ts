import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * One process at a time on an embedded database's folder (docs/decisions/155).
 *
 * PGlite takes no lock on its data folder. Two processes on one folder each run a whole PostgreSQL on it: each
 * writes its own pages and WAL over the other's. Measured here: two servers on one folder each registered six
 * customers, and after both stopped, six of the twelve were gone. Another time the folder could not be opened again
 * at all (a WAL record the checkpoint named was overwritten, and PGlite aborted on start). A second `npm start`, or
 * `npm run db:seed` while the shop runs, opens the folder before anything else can fail, so it did that damage.
 *
 * So the folder is held through a file beside it, `<folder>.lock`, holding the holder's process id and, on Linux, that
 * process's start time and the machine's boot id. It is put in place whole or not at all (written aside, then linked),
 * so a second opener never reads a half-written one. A second opener finds the file and refuses, naming the process,
 * while that process lives. A process killed without releasing the file (a crash, SIGKILL, a power cut) leaves it
 * behind; the next opener finds the process gone (or the id now belongs to a process started later, or the machine has
 * started again since) and takes the folder over, and PostgreSQL's own recovery replays the WAL as after any crash.
 */
export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      pid === process.pid
        ? `${dir} is already open in this process`
        : `${dir} is open in another process (pid ${pid}): two servers on one database folder overwrite each other's writes. Stop that process first, or give this one a DATA_DIR of its own (if no such process runs, delete ${dir}.lock)`,
    );
    this.name = "DataDirInUseError";
  }
}

interface Holder {
  pid: number;
  /** The process's start time in clock ticks since boot (Linux, /proc); null where it cannot be read. */
  started: string | null;
  /** The boot the process ran in (Linux's boot id); null where it cannot be read. */
  boot: string | null;
}

/** The start time of process `pid` (field 22 of /proc/<pid>/stat), or null (not Linux, or no such process). */
export function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may hold spaces: the 3rd field on.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

/** This boot's id (Linux), or null: a process of an earlier boot is gone whatever its id and start time. */
export function bootId(): string | null {
  try {
    return fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim() || null;
  } catch {
    return null;
  }
}

function holderAlive(holder: Holder): boolean {
  // This process's own id in a file this process does not hold (checked before): an earlier process that had the same
  // id left it, as a server that is always process 1 in its container does after a crash and a restart.
  if (holder.pid === process.pid) return false;
  // Written before the machine last started: ids and start times count again from the boot.
  const boot = bootId();
  if (holder.boot !== null && boot !== null && holder.boot !== boot) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists and belongs to another user. Anything else (no such process, an id no process can
    // have): gone.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  // The id names a live process, but one started after the holder (the system gave the id again): the holder is gone.
  const started = holder.started === null ? null : processStartTime(holder.pid);
  return started === null || started === holder.started;
}

function readHolder(file: string): Holder | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<Holder>;
    if (!Number.isSafeInteger(parsed.pid) || parsed.pid! <= 0) return null;
    const text = (v: unknown) => (typeof v === "string" ? v : null);
    return { pid: parsed.pid!, started: text(parsed.started), boot: text(parsed.boot) };
  } catch {
    // Unreadable, or written by hand and cut short: nobody holds the folder through it.
    return null;
  }
}

/** The lock files this process holds, each with what it wrote in it. */
const held = new Map<string, string>();
let releasesOnExit = false;

/** Deletes a lock file this process holds, unless another process has since replaced it. */
function release(file: string): void {
  const mine = held.get(file);
  if (mine === undefined) return;
  held.delete(file);
  try {
    if (fs.readFileSync(file, "utf8") === mine) fs.unlinkSync(file);
  } catch {
    // Already gone.
  }
}

/**
 * Puts `content` at `file` only if nothing is there, whole: written to a file of this process's own first and then
 * linked into place, so another opener never reads a file half written (which it would take for one a crash left).
 */
function createWhole(file: string, content: string): boolean {
  const draft = `${file}.${process.pid}.${randomBytes(6).toString("hex")}`;
  fs.writeFileSync(draft, content);
  try {
    fs.linkSync(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

/**
 * Takes `dir` for this process, or throws DataDirInUseError while another live process (or this one) holds it.
 * Returns the release, which is also run when the process exits normally.
 */
export function lockDataDir(dir: string): () => void {
  const folder = path.resolve(dir);
  const file = `${folder}.lock`;
  if (held.has(file)) throw new DataDirInUseError(folder, process.pid);
  const mine = JSON.stringify({ pid: process.pid, started: processStartTime(process.pid), boot: bootId() });
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Create-if-absent, else see who holds it; a holder that has gone is replaced. Two processes replacing the same
  // stale file at the same moment can both succeed; PostgreSQL's own postmaster.pid takes that risk too.
  for (let attempt = 0; attempt < 5; attempt++) {
    if (!createWhole(file, mine)) {
      const holder = readHolder(file);
      if (holder && holderAlive(holder)) throw new DataDirInUseError(folder, holder.pid);
      fs.rmSync(file, { force: true });
      continue;
    }
    held.set(file, mine);
    // One listener for every lock held: a process (a test worker) may open many folders one after another.
    if (!releasesOnExit) {
      releasesOnExit = true;
      process.on("exit", () => {
        for (const f of [...held.keys()]) release(f);
      });
    }
    return () => release(file);
  }
  throw new Error(`could not take ${file}: it kept coming back while being replaced`);
}
