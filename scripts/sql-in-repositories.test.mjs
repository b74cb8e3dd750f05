// The lint rule that keeps SQL in repositories (eslint.config.js, docs/decisions/085): run ESLint with the repository's
// own configuration on small sources placed, by path, where a service, a repository, a test or the web app would be.
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: fileURLToPath(new URL("..", import.meta.url)) });

/** The messages of the import rule for `code` as if it were the file at `filePath` (relative to the repository). */
async function importProblems(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

const QUERY = `import { eq } from "drizzle-orm";\nexport const byId = (id: string) => eq(undefined as never, id);\n`;
const TABLE = `import { users } from "../../db/schema/index.js";\nexport const table = users;\n`;
const ROW_TYPE = `import type { UserRow } from "../../db/schema/index.js";\nexport type Row = UserRow;\n`;

describe("drizzle-orm only in repositories, the schema, the database client, seed and tests; other modules through their services", () => {
  it.each([
    ["a service", "apps/server/src/modules/wishlist/wishlist.service.ts", QUERY],
    ["a route plugin", "apps/server/src/modules/health/health.routes.ts", QUERY],
    ["a shared helper", "apps/server/src/lib/anything.ts", QUERY],
    ["a sub-path of drizzle-orm in a service", "apps/server/src/modules/catalog/catalog.service.ts", `import { pgTable } from "drizzle-orm/pg-core";\nexport const t = pgTable;\n`],
    ["a table imported by a service", "apps/server/src/modules/content/newsletter.service.ts", TABLE],
    ["the web app", "apps/web/app/lib/anything.ts", QUERY],
    ["another module's repository in a service", "apps/server/src/modules/wishlist/wishlist.service.ts", `import { findSizes } from "../orders/orders.repository.js";\nexport const f = findSizes;\n`],
    ["another module's repository in a repository", "apps/server/src/modules/wishlist/wishlist.repository.ts", `import { findProductsByIds } from "../catalog/catalog.repository.js";\nexport const f = findProductsByIds;\n`],
  ])("refuses %s", async (_what, filePath, code) => {
    const problems = await importProblems(filePath, code);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain("repository");
  });

  it.each([
    ["a repository", "apps/server/src/modules/wishlist/wishlist.repository.ts", QUERY],
    ["a repository's table", "apps/server/src/modules/wishlist/wishlist.repository.ts", TABLE],
    ["the database client", "apps/server/src/db/client.ts", QUERY],
    ["the seed", "apps/server/src/db/seed.ts", QUERY],
    ["a server test", "apps/server/src/modules/wishlist/wishlist.routes.test.ts", QUERY],
    ["the test harness", "apps/server/src/test/factories.ts", TABLE],
    ["a row type in a service", "apps/server/src/modules/accounts/sessions.service.ts", ROW_TYPE],
    ["its own module's repository in a service", "apps/server/src/modules/wishlist/wishlist.service.ts", `import * as repo from "./wishlist.repository.js";\nexport const r = repo;\n`],
    ["another module's service", "apps/server/src/modules/wishlist/wishlist.service.ts", `import { productsWithStock } from "../catalog/catalog.service.js";\nexport const f = productsWithStock;\n`],
    ["a row type from another module's repository in a repository", "apps/server/src/modules/payments/payments.repository.ts", `import type { OrderRow } from "../orders/orders.repository.js";\nexport type R = OrderRow;\n`],
  ])("allows %s", async (_what, filePath, code) => {
    expect(await importProblems(filePath, code)).toEqual([]);
  });
});
