import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { paymentGateways } from "../../db/schema.ts";
import { openSecret, sealSecret, secretHint } from "../../lib/sealed-secret.server.ts";
import { formRefusal } from "../admin-form.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import { type Cents, cents, parseDollars } from "../pricing/cents.ts";
import type { Refusal } from "../refusal.ts";
import type { DepositTerms, GatewayName } from "./gateway.ts";
import {
  type ConfigurableGateway,
  GATEWAY_FIELDS,
  GATEWAY_SETUP_TEXT,
  type GatewayField,
} from "./gateway-setup.ts";

/** A gateway as the operator set it up, with its secrets in clear: for the server's own use, never a page. */
export type GatewaySetup = {
  gateway: ConfigurableGateway;
  /** An operator saved a setup for it: then it, not the environment, says whether the gateway is on. */
  saved: boolean;
  enabled: boolean;
  /** Every field it needs, secret or not; missing ones are absent. */
  values: Record<string, string>;
  fee: { basisPoints: number; fixedCents: Cents };
  bonusBasisPoints: number;
  minDepositCents: Cents | null;
  maxDepositCents: Cents | null;
};

/** A gateway as the admin page shows it: secrets only as their last four characters. */
export type GatewaySetupView = Omit<GatewaySetup, "values"> & {
  settings: Record<string, string>;
  secretHints: Record<string, string>;
  /** Every field it needs is set. */
  complete: boolean;
  /** When it was last saved (null: never), so the page's form starts afresh after a save. */
  savedAt: string | null;
};

type GatewayRow = typeof paymentGateways.$inferSelect;

function storedSecrets(row: GatewayRow | undefined): Record<string, string> {
  if (!row?.sealedSecrets) return {};
  return JSON.parse(openSecret("payment-gateway-secrets", row.sealedSecrets)) as Record<string, string>;
}

function isComplete(gateway: ConfigurableGateway, values: Record<string, string>): boolean {
  return GATEWAY_FIELDS[gateway].fields.every((field) => Boolean(values[field.name]));
}

function setupOf(gateway: ConfigurableGateway, row: GatewayRow | undefined): GatewaySetup {
  return {
    gateway,
    saved: row !== undefined,
    enabled: row?.enabled ?? false,
    values: { ...(row?.settings ?? {}), ...storedSecrets(row) },
    fee: { basisPoints: row?.feeBasisPoints ?? 0, fixedCents: cents(row?.feeFixedCents ?? 0) },
    bonusBasisPoints: row?.bonusBasisPoints ?? 0,
    minDepositCents: row?.minDepositCents ?? null,
    maxDepositCents: row?.maxDepositCents ?? null,
  };
}

/** Every configurable gateway as stored (off and empty when it has no row), secrets opened. */
export async function readGatewaySetups(db: Executor): Promise<GatewaySetup[]> {
  const rows = await db.select().from(paymentGateways);
  return (Object.keys(GATEWAY_FIELDS) as ConfigurableGateway[]).map((gateway) =>
    setupOf(
      gateway,
      rows.find((row) => row.gateway === gateway),
    ),
  );
}

/** One gateway as stored, secrets opened. */
export async function readGatewaySetup(db: Executor, gateway: ConfigurableGateway): Promise<GatewaySetup> {
  const [row] = await db.select().from(paymentGateways).where(eq(paymentGateways.gateway, gateway));
  return setupOf(gateway, row);
}

/** The fee and limits of each gateway an operator saved (the wallet states them before paying). */
export async function readDepositTerms(db: Executor): Promise<Partial<Record<GatewayName, DepositTerms>>> {
  const rows = await db
    .select({
      gateway: paymentGateways.gateway,
      feeBasisPoints: paymentGateways.feeBasisPoints,
      feeFixedCents: paymentGateways.feeFixedCents,
      bonusBasisPoints: paymentGateways.bonusBasisPoints,
      minDepositCents: paymentGateways.minDepositCents,
      maxDepositCents: paymentGateways.maxDepositCents,
    })
    .from(paymentGateways);
  return Object.fromEntries(rows.map(({ gateway, ...terms }) => [gateway, terms]));
}

/** The admin page's view of every configurable gateway. */
export async function readGatewaySetupViews(db: Executor): Promise<GatewaySetupView[]> {
  const rows = await db.select().from(paymentGateways);
  return (Object.keys(GATEWAY_FIELDS) as ConfigurableGateway[]).map((gateway) => {
    const row = rows.find((each) => each.gateway === gateway);
    const { values, ...setup } = setupOf(gateway, row);
    return {
      ...setup,
      settings: row?.settings ?? {},
      secretHints: row?.secretHints ?? {},
      complete: isComplete(gateway, values),
      savedAt: row?.updatedAt.toISOString() ?? null,
    };
  });
}

export type GatewaySetupForm = {
  gateway: ConfigurableGateway;
  enabled: boolean;
  /** The typed fields, by name; a blank secret keeps the stored one. */
  fields: Record<string, string | undefined>;
  feePercent: string;
  feeFixed: string;
  bonusPercent: string;
  minDeposit: string;
  maxDeposit: string;
};

const MAX_FIELD_LENGTH = 500;
const MAX_FEE_BASIS_POINTS = 2_000;
const MAX_FEE_FIXED_CENTS = 1_000;
const MAX_BONUS_BASIS_POINTS = 5_000;

/** An https URL, or http to this machine (a BTCPay Server beside the shop). */
function isAllowedUrl(text: string): boolean {
  try {
    const url = new URL(text);
    if (url.username || url.password) return false;
    return (
      url.protocol === "https:" ||
      (url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname))
    );
  } catch {
    return false;
  }
}

function fieldError(field: GatewayField, value: string): string | null {
  if (value.length > MAX_FIELD_LENGTH) return GATEWAY_SETUP_TEXT.tooLong;
  if (field.url && value && !isAllowedUrl(value)) return GATEWAY_SETUP_TEXT.invalidUrl;
  if (field.choices && value && !field.choices.includes(value)) return GATEWAY_SETUP_TEXT.unknownChoice;
  return null;
}

/** "2.5" percent as 250 basis points; null when it is not 0 to `max` with at most two decimals. */
function basisPoints(text: string, max: number): number | null {
  const match = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(text.trim() || "0");
  if (!match) return null;
  const points = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return points <= max ? points : null;
}

/**
 * Saves one gateway's setup (product rules 16.35-16.39): settings as typed, secrets sealed (a blank secret keeps the
 * stored one), the fee and limits; refused, nothing saved, with each field at fault, when a value is malformed or
 * the gateway is turned on without every field it needs. Audited with the names of the fields that changed, never
 * a secret's value. Returns whether anything changed.
 */
export async function saveGatewaySetup(
  db: Executor,
  input: { adminId: string; form: GatewaySetupForm },
): Promise<{ ok: true; changed: string[] } | Refusal> {
  const { gateway, fields } = input.form;
  const errors: Record<string, string> = {};
  const typed: Record<string, string> = {};
  for (const field of GATEWAY_FIELDS[gateway].fields) {
    const value = (fields[field.name] ?? "").trim();
    const error = fieldError(field, value);
    if (error) errors[field.name] = error;
    // A server URL is stored without its trailing slash: the gateway adds its API paths to it.
    else typed[field.name] = field.url ? value.replace(/\/+$/, "") : value;
  }
  const feePoints = basisPoints(input.form.feePercent, MAX_FEE_BASIS_POINTS);
  if (feePoints === null) errors.feePercent = GATEWAY_SETUP_TEXT.feePercent;
  const bonusPoints = basisPoints(input.form.bonusPercent, MAX_BONUS_BASIS_POINTS);
  if (bonusPoints === null) errors.bonusPercent = GATEWAY_SETUP_TEXT.bonusPercent;
  const fixed = input.form.feeFixed.trim() ? parseDollars(input.form.feeFixed) : cents(0);
  if (fixed === null || fixed > MAX_FEE_FIXED_CENTS) errors.feeFixed = GATEWAY_SETUP_TEXT.feeFixed;
  const limit = (text: string, name: string): Cents | null => {
    if (!text.trim()) return null;
    const amount = parseDollars(text);
    if (amount === null || amount <= 0) errors[name] = GATEWAY_SETUP_TEXT.limit;
    return amount;
  };
  const minDeposit = limit(input.form.minDeposit, "minDeposit");
  const maxDeposit = limit(input.form.maxDeposit, "maxDeposit");
  if (minDeposit !== null && maxDeposit !== null && minDeposit > maxDeposit && !errors.maxDeposit) {
    errors.minDeposit = GATEWAY_SETUP_TEXT.minAboveMax;
  }
  if (Object.keys(errors).length > 0) return formRefusal(GATEWAY_SETUP_TEXT.saveFailed, errors);

  return db.transaction(async (tx) => {
    // One save of a gateway at a time, so the audit row's "before" is what it replaced.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`boostly.payment_gateway.${gateway}`}))`);
    const [row] = await tx.select().from(paymentGateways).where(eq(paymentGateways.gateway, gateway));
    const before = setupOf(gateway, row);
    const settings: Record<string, string> = {};
    const secrets: Record<string, string> = {};
    for (const field of GATEWAY_FIELDS[gateway].fields) {
      const value = typed[field.name] || (field.secret ? (before.values[field.name] ?? "") : "");
      if (!value) continue;
      if (field.secret) secrets[field.name] = value;
      else settings[field.name] = value;
    }
    const values = { ...settings, ...secrets };
    if (input.form.enabled && !isComplete(gateway, values)) {
      const missing = GATEWAY_FIELDS[gateway].fields.filter((field) => !values[field.name]);
      return formRefusal(
        GATEWAY_SETUP_TEXT.saveFailed,
        Object.fromEntries(missing.map((field) => [field.name, GATEWAY_SETUP_TEXT.missingToEnable])),
      );
    }
    const after: GatewaySetup = {
      gateway,
      saved: true,
      enabled: input.form.enabled,
      values,
      fee: { basisPoints: feePoints ?? 0, fixedCents: fixed ?? cents(0) },
      bonusBasisPoints: bonusPoints ?? 0,
      minDepositCents: minDeposit,
      maxDepositCents: maxDeposit,
    };
    const changed = changedSetupFields(before, after);
    if (changed.length === 0) return { ok: true as const, changed };
    const stored = {
      enabled: after.enabled,
      settings,
      sealedSecrets:
        Object.keys(secrets).length > 0
          ? sealSecret("payment-gateway-secrets", JSON.stringify(secrets))
          : null,
      secretHints: Object.fromEntries(
        Object.entries(secrets).map(([name, value]) => [name, secretHint(value)]),
      ),
      feeBasisPoints: after.fee.basisPoints,
      feeFixedCents: after.fee.fixedCents,
      bonusBasisPoints: after.bonusBasisPoints,
      minDepositCents: after.minDepositCents,
      maxDepositCents: after.maxDepositCents,
      updatedBy: input.adminId,
      updatedAt: sql`now()`,
    };
    await tx
      .insert(paymentGateways)
      .values({ gateway, ...stored })
      .onConflictDoUpdate({ target: paymentGateways.gateway, set: stored });
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "payment_gateway.update",
      subjectType: "payment_gateway",
      subjectId: gateway,
      details: { changed },
    });
    return { ok: true as const, changed };
  });
}

/** The names of what a save changes; a secret is named, never shown. */
function changedSetupFields(before: GatewaySetup, after: GatewaySetup): string[] {
  const changed: string[] = [];
  if (before.enabled !== after.enabled) changed.push("enabled");
  for (const field of GATEWAY_FIELDS[after.gateway].fields) {
    if ((before.values[field.name] ?? "") !== (after.values[field.name] ?? "")) changed.push(field.name);
  }
  if (before.fee.basisPoints !== after.fee.basisPoints) changed.push("feePercent");
  if (before.fee.fixedCents !== after.fee.fixedCents) changed.push("feeFixed");
  if (before.bonusBasisPoints !== after.bonusBasisPoints) changed.push("bonusPercent");
  if (before.minDepositCents !== after.minDepositCents) changed.push("minDeposit");
  if (before.maxDepositCents !== after.maxDepositCents) changed.push("maxDeposit");
  return changed;
}
