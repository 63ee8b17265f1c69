// npm run db:migrate: applies the pending migrations to DATABASE_URL (or the embedded database) and exits, the step
// production runs before it starts the new release's servers (docs/deployment.md, product rules 17.33).
import { env } from "../app/lib/env.server.ts";
import { provideDatabase } from "../server/database.ts";
import { migrateOrExit } from "../server/migrate-step.ts";

const database = await provideDatabase(env());
const { applied, latest } = await migrateOrExit(database);
if (applied.length === 0) console.log(`The database is up to date (${latest ?? "no migrations"}).`);
await database.stop();
