import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The modules the storefront's shared `shell` chunk takes from the contracts (apps/web/vite.config.ts) must not reach
// Zod through any import: a single one puts the whole of Zod on every page (docs/decisions/071, 116).
const dir = path.dirname(fileURLToPath(import.meta.url));
const ZOD_FREE = ["enum-values", "order-rules", "auth-rules", "print-rules", "content-rules", "payment-rules", "messages", "messages-ne", "locale", "bikram-sambat", "money", "stock", "catalog-rules", "images", "shipping", "slug", "live"];

/** Every module a module imports, followed through relative imports (type-only imports leave nothing in a bundle). */
function reached(name: string, seen = new Set<string>()): Set<string> {
  if (seen.has(name)) return seen;
  seen.add(name);
  const source = fs.readFileSync(path.join(dir, `${name}.ts`), "utf8");
  for (const m of source.matchAll(/^import\s+(type\s+)?[^;]*?from\s+"([^"]+)";/gms)) {
    if (m[1]) continue;
    const spec = m[2]!;
    if (spec.startsWith("./")) reached(spec.slice(2).replace(/\.js$/, ""), seen);
    else seen.add(spec);
  }
  return seen;
}

describe("Zod-free contracts modules", () => {
  it.each(ZOD_FREE)("%s reaches no Zod", (name) => {
    expect([...reached(name)].filter((m) => m === "zod" || m.startsWith("zod/"))).toEqual([]);
  });

  it("the schema modules are not among them", () => {
    expect(reached("messages-ne").has("auth")).toBe(false);
    expect(reached("messages-ne").has("orders")).toBe(false);
    expect(reached("messages-ne").has("personalisation")).toBe(false);
  });
});
