// npm run admin -- grant <email> [owner|admin|support] | revoke <email>: gives an account a staff role (owner
// unless told) or takes it away, from the server's command line: how the first owner is made (product rules 15.7).
// Uses DATABASE_URL, or starts the embedded PostgreSQL of DATA_DIR like the server does.
import { connect } from "../app/db/client.server.ts";
import { STAFF_ROLES, type StaffRole } from "../app/domain/accounts/permissions.ts";
import { countRole, grantRole, revokeRoles } from "../app/domain/accounts/roles.server.ts";
import { env } from "../app/lib/env.server.ts";
import { provideDatabase } from "../server/database.ts";

const USAGE =
  "Usage: npm run admin -- grant <email> [owner|admin|support]   (owner when no role is given)\n       npm run admin -- revoke <email>";

const [command, rawEmail, rawRole = "owner"] = process.argv.slice(2);
const email = rawEmail?.trim().toLowerCase() ?? "";
const role = STAFF_ROLES.find((known) => known === rawRole);
if ((command !== "grant" && command !== "revoke") || !email || !email.includes("@") || !role) {
  console.error(USAGE);
  process.exit(2);
}

const database = await provideDatabase(env());
const { db, pool } = connect(database.url, 1);
let exitCode = 0;
try {
  const found =
    command === "grant" ? await grantRole(db, email, role as StaffRole) : await revokeRoles(db, email);
  if (!found) {
    console.error(`No account with the e-mail ${email}. The person must register first.`);
    exitCode = 1;
  } else {
    const owners = await countRole(db, "owner");
    console.log(
      command === "grant"
        ? `Granted the ${role} role to ${email}. Owners now: ${owners}.`
        : `Revoked the staff role of ${email} (effective on their next request). Owners now: ${owners}.`,
    );
  }
} catch (error) {
  console.error(`Could not ${command} the role: ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 1;
} finally {
  await pool.end();
  await database.stop();
}
process.exit(exitCode);
