import { loadConfig } from "../env.js";
import { openDatabase } from "./client.js";
import { seedIfEmpty } from "./seed.js";

/** `npm run db:migrate` / `npm run db:seed`. With embedded PGlite, stop the server first: one process per data folder. */
async function main(): Promise<void> {
  const command = process.argv[2];
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    console.log(`Migrations applied (${database.kind}).`);
    if (command === "seed") {
      if (config.isProduction) throw new Error("Refusing to seed demo data with NODE_ENV=production.");
      const seeded = await seedIfEmpty(database.db, config);
      if (!seeded) console.log("The database already has users or products; demo data was not added.");
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
