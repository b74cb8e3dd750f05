import path from "node:path";

/** The e2e server's DATA_DIR (scripts/e2e-server.mjs): one per port, so that two shards running at once share nothing. */
export function e2eDataDir(): string {
  return path.join(process.cwd(), ".data", `e2e-${process.env.E2E_PORT ?? "3210"}`);
}
