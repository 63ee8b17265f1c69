export * from "./schema/accounts.ts";
export * from "./schema/catalog.ts";
export * from "./schema/content.ts";
export * from "./schema/enums.ts";
export * from "./schema/ledger.ts";
export * from "./schema/orders.ts";
export * from "./schema/support.ts";
export * from "./schema/system.ts";
