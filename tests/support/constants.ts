/** The secret the test app servers and the test process share (so tests can use the auth API directly). */
export const TEST_AUTH_SECRET = "test-only-secret-0123456789abcdefghijklmnopqrstuvwxyz";
/** Migrated and seeded once; every test database is a copy of it. */
export const TEMPLATE_DATABASE = "boostly_template";
