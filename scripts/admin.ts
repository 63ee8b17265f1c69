// npm run admin -- grant <email> | revoke <email> | list: gives or takes the admin role (product rules 5.3).
// Uses DATABASE_URL, or starts the embedded PostgreSQL of DATA_DIR like the server does.
import { connect } from "../app/db/client.server.ts";
import { countAdmins, grantAdmin, revokeAdmin } from "../app/domain/accounts/roles.server.ts";
import { env } from "../app/lib/env.server.ts";
import { provideDatabase } from "../server/database.ts";

const USAGE = "Usage: npm run admin -- grant <email>\n       npm run admin -- revoke <email>";

const [command, rawEmail] = process.argv.slice(2);
const email = rawEmail?.trim().toLowerCase() ?? "";
if ((command !== "grant" && command !== "revoke") || !email || !email.includes("@")) {
  console.error(USAGE);
  process.exit(2);
}

const database = await provideDatabase(env());
const { db, pool } = connect(database.url, 1);
let exitCode = 0;
try {
  const found = command === "grant" ? await grantAdmin(db, email) : await revokeAdmin(db, email);
  if (!found) {
    console.error(`No account with the e-mail ${email}. The person must register first.`);
    exitCode = 1;
  } else {
    const admins = await countAdmins(db);
    console.log(
      command === "grant"
        ? `Granted the admin role to ${email}. Admins now: ${admins}.`
        : `Revoked the admin role from ${email} (effective on their next request). Admins now: ${admins}.`,
    );
  }
} catch (error) {
  console.error(
    `Could not ${command} the admin role: ${error instanceof Error ? error.message : String(error)}`,
  );
  exitCode = 1;
} finally {
  await pool.end();
  await database.stop();
}
process.exit(exitCode);
