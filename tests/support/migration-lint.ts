/**
 * Reads a migration's SQL for what would keep the shop waiting while it runs, or stop the release before it from
 * running beside it (product rules 17.35-17.38, docs/decisions/064): a migration runs in one transaction that holds
 * every lock it takes until its end, so a table rewritten, scanned or indexed there is closed to the shop's writes
 * for as long as that takes, which grows with the table.
 */

export type Rule =
  | "index-without-concurrently"
  | "concurrent-index-with-other-statements"
  | "concurrent-index-not-idempotent"
  | "column-type-change"
  | "column-rewrite"
  | "not-null-without-default"
  | "set-not-null"
  | "constraint-without-not-valid"
  | "unique-constraint-builds-index"
  | "rows-rewritten-in-migration"
  | "table-rewrite"
  | "contract-without-note";

export type Finding = { rule: Rule; statement: string; advice: string };

/** What a developer does instead: each line is something to follow (docs/decisions/064). */
export const ADVICE: Record<Rule, string> = {
  "index-without-concurrently":
    "build it in a migration of its own as CREATE INDEX CONCURRENTLY IF NOT EXISTS (npx drizzle-kit generate --custom, or generate the index alone and edit the statement): it runs outside a transaction",
  "concurrent-index-with-other-statements":
    "CREATE/DROP INDEX CONCURRENTLY cannot run in a transaction: move it to a migration that holds only concurrent index statements",
  "concurrent-index-not-idempotent":
    "write CREATE INDEX CONCURRENTLY IF NOT EXISTS <name> (DROP INDEX CONCURRENTLY IF EXISTS): an interrupted build runs again",
  "column-type-change":
    "expand/contract: add a column of the new type, backfill it in batches outside the migration, switch the code, drop the old column a release later",
  "column-rewrite":
    "a volatile default, serial or stored generated column rewrites every row: add the column nullable (or with a constant default), backfill it in batches outside the migration",
  "not-null-without-default":
    "add the column with a constant DEFAULT (no rewrite since PostgreSQL 11), or nullable and backfilled in batches, made NOT NULL a release later",
  "set-not-null":
    "add CHECK (col IS NOT NULL) NOT VALID, VALIDATE CONSTRAINT in a later migration, then SET NOT NULL (PostgreSQL uses the valid check instead of a scan)",
  "constraint-without-not-valid":
    "add the CHECK or FOREIGN KEY with NOT VALID (new rows are checked at once), then ALTER TABLE ... VALIDATE CONSTRAINT in a later migration, which lets writes go on",
  "unique-constraint-builds-index":
    "build a unique index CONCURRENTLY in a migration of its own, then ADD CONSTRAINT ... UNIQUE USING INDEX in the next one",
  "rows-rewritten-in-migration":
    "backfill in batches outside the migration (a job or script of bounded batches, each its own short transaction) after the expand release, before the switch",
  "table-rewrite":
    "VACUUM FULL, CLUSTER, REINDEX without CONCURRENTLY and SET TABLESPACE lock the table for the whole rewrite: do it by hand in a maintenance window, never in a migration",
  "contract-without-note":
    "dropping or renaming a column, table, type or sequence breaks the release before, still running during a rolling upgrade: do it a release after the code stopped using it, and say so in a comment line above the statement starting with -- contract:",
};

/**
 * Tables whose size follows what the operator creates (a handful to a few thousand rows), not the shop's traffic:
 * changing them in a migration is quick. Every other table, new ones included, is treated as one that grows.
 */
export const SMALL_TABLES = new Set([
  "settings",
  "banner_settings",
  "site_content_version",
  "platforms",
  "service_categories",
  "services",
  "likes_packs",
  "providers",
  "provider_services",
  "exchange_rates",
  "payment_gateways",
  "manual_deposit_methods",
  "blog_posts",
  "user_roles",
]);

const VOLATILE =
  /\b(random|gen_random_uuid|uuid_generate_v[14]|clock_timestamp|timeofday|nextval|txid_current)\s*\(/i;
const NAME = String.raw`(?:"[^"]+"|[\w$]+)(?:\s*\.\s*(?:"[^"]+"|[\w$]+))?`;

/** The findings of one migration's SQL (its statements as drizzle-kit's breakpoints split them, or not split). */
export function lintMigration(sql: string): Finding[] {
  const statements = splitStatements(sql);
  const created = new Set<string>();
  for (const { code } of statements) {
    const table = new RegExp(
      String.raw`^create\s+(?:unlogged\s+)?table\s+(?:if\s+not\s+exists\s+)?(${NAME})`,
      "i",
    ).exec(code);
    if (table?.[1]) created.add(tableName(table[1]));
  }
  const concurrent = statements.filter(({ code }) =>
    /^(create\s+(unique\s+)?index|drop\s+index)\s+concurrently\b/i.test(code),
  );
  const findings: Finding[] = [];
  const flag = (rule: Rule, statement: string) =>
    findings.push({ rule, statement: statement.replace(/\s+/g, " ").slice(0, 160), advice: ADVICE[rule] });
  if (concurrent.length > 0 && concurrent.length < statements.length) {
    for (const { code } of concurrent) flag("concurrent-index-with-other-statements", code);
  }
  const large = (table: string) => !created.has(table) && !SMALL_TABLES.has(table);
  for (const { code, comments } of statements) {
    for (const rule of statementRules(code, comments, large)) flag(rule, code);
  }
  return findings;
}

function statementRules(code: string, comments: string, large: (table: string) => boolean): Rule[] {
  const index = new RegExp(
    String.raw`^create\s+(?:unique\s+)?index\s+(concurrently\s+)?(if\s+not\s+exists\s+)?(?:${NAME}\s+)?on\s+(?:only\s+)?(${NAME})`,
    "i",
  ).exec(code);
  if (index) {
    if (index[1] && !index[2]) return ["concurrent-index-not-idempotent"];
    return !index[1] && large(tableName(index[3] ?? "")) ? ["index-without-concurrently"] : [];
  }
  if (/^drop\s+index\s+concurrently\b/i.test(code)) {
    return /^drop\s+index\s+concurrently\s+if\s+exists\b/i.test(code)
      ? []
      : ["concurrent-index-not-idempotent"];
  }
  if (/^(vacuum\b.*\bfull\b|cluster\b|reindex\b(?!.*\bconcurrently\b))/is.test(code))
    return ["table-rewrite"];
  const contract = /^--\s*contract:/im.test(comments);
  if (
    /^(drop\s+(table|type|sequence|view|materialized\s+view)\b|alter\s+(type|sequence|view)\s.*\brename\b)/is.test(
      code,
    )
  ) {
    return contract ? [] : ["contract-without-note"];
  }
  const changed = new RegExp(
    String.raw`^(?:update\s+(?:only\s+)?|delete\s+from\s+(?:only\s+)?)(${NAME})`,
    "i",
  ).exec(code);
  if (changed) return large(tableName(changed[1] ?? "")) ? ["rows-rewritten-in-migration"] : [];
  const copied = new RegExp(String.raw`^insert\s+into\s+${NAME}.*?\bselect\b(.*)$`, "is").exec(code);
  if (copied) {
    // The rows come from the SELECT's own FROM and JOINs: a sub-select in parentheses (an EXISTS) reads a row or
    // two, and a function (unnest) is no table.
    const sources = [
      ...withoutParentheses(copied[1] ?? "").matchAll(
        new RegExp(String.raw`\b(?:from|join)\s+(${NAME})(?![\w$."]|\s*\()`, "gi"),
      ),
    ];
    return sources.some((source) => large(tableName(source[1] ?? ""))) ? ["rows-rewritten-in-migration"] : [];
  }
  const altered = new RegExp(
    String.raw`^alter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?(${NAME})\s+(.*)$`,
    "is",
  ).exec(code);
  if (!altered) return [];
  const table = tableName(altered[1] ?? "");
  const rules = splitTopLevel(altered[2] ?? "", ",").flatMap((action) =>
    actionRules(action.trim(), large(table)),
  );
  return rules.filter((rule) => rule !== "contract-without-note" || !contract);
}

/** The rules one action of an ALTER TABLE breaks; a table created in the same migration or a small one breaks none. */
function actionRules(action: string, largeTable: boolean): Rule[] {
  if (/^(drop\s+(column\s+)?(?!constraint\b)|rename\s)/i.test(action)) return ["contract-without-note"];
  if (!largeTable) return [];
  if (/^set\s+(tablespace|logged|unlogged)\b/i.test(action)) return ["table-rewrite"];
  if (/^alter\s+(column\s+)?\S+\s+(set\s+data\s+)?type\b/i.test(action)) return ["column-type-change"];
  if (/^alter\s+(column\s+)?\S+\s+set\s+not\s+null\b/i.test(action)) return ["set-not-null"];
  if (/^add\s+(constraint\s+\S+\s+)?(primary\s+key|unique)\b/i.test(action)) {
    return /\busing\s+index\b/i.test(action) ? [] : ["unique-constraint-builds-index"];
  }
  if (/^add\s+(constraint\s+\S+\s+)?(check|foreign\s+key|exclude)\b/i.test(action)) {
    return /\bnot\s+valid\b/i.test(action) ? [] : ["constraint-without-not-valid"];
  }
  if (/^add\s+/i.test(action)) {
    const definition = action.replace(/^add\s+(column\s+)?(if\s+not\s+exists\s+)?/i, "");
    const rules: Rule[] = [];
    const defaulted = /\bdefault\b/i.test(definition);
    if (
      /\b(small|big)?serial\b|\bgenerated\s+always\s+as\s*\(.*\)\s*stored\b/is.test(definition) ||
      (defaulted && VOLATILE.test(definition))
    ) {
      rules.push("column-rewrite");
    } else if (/\bnot\s+null\b/i.test(definition) && !defaulted) {
      rules.push("not-null-without-default");
    }
    if (/\breferences\b/i.test(definition)) rules.push("constraint-without-not-valid");
    return rules;
  }
  return [];
}

/** The text with whatever stands in parentheses emptied, innermost first. */
function withoutParentheses(text: string): string {
  let previous = "";
  let current = text;
  while (current !== previous) {
    previous = current;
    current = current.replace(/\([^()]*\)/g, "()");
  }
  return current;
}

function tableName(name: string): string {
  return (name.split(".").at(-1) ?? name).replace(/"/g, "").trim().toLowerCase();
}

type Statement = { code: string; comments: string };

/**
 * The statements of a migration, split at semicolons outside quotes, dollar-quoted bodies and comments, each with
 * its SQL (comments removed, blanks trimmed) and the comment lines written above or in it.
 */
export function splitStatements(sql: string): Statement[] {
  return splitTopLevel(sql.replaceAll("--> statement-breakpoint", ";"), ";")
    .map((text) => ({
      code: text
        .replace(/--[^\n]*/g, "")
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .trim(),
      comments: (text.match(/--[^\n]*/g) ?? []).join("\n"),
    }))
    .filter((statement) => statement.code !== "");
}

/** Splits at `separator` outside quotes, dollar quotes, comments and parentheses. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    const rest = text.slice(i);
    if (char === "'" || char === '"') {
      const end = text.indexOf(char, i + 1);
      i = end === -1 ? text.length : end + 1;
      continue;
    }
    if (rest.startsWith("--")) {
      const end = text.indexOf("\n", i);
      i = end === -1 ? text.length : end;
      continue;
    }
    if (rest.startsWith("/*")) {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 2;
      continue;
    }
    const dollar = /^\$[\w]*\$/.exec(rest);
    if (dollar) {
      const end = text.indexOf(dollar[0], i + dollar[0].length);
      i = end === -1 ? text.length : end + dollar[0].length;
      continue;
    }
    if (char === "(") depth++;
    else if (char === ")") depth--;
    else if (depth === 0 && char === separator) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
    i++;
  }
  parts.push(text.slice(start));
  return parts;
}
