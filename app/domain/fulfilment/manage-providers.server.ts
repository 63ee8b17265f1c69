import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.server.ts";
import { fulfilments, providerServices, providers } from "../../db/schema.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import { isUuid } from "../ids.ts";
import type { Notice } from "../notice.ts";
import { issuesByField, type Refusal, refuse } from "../refusal.ts";
import { apiKeyHint, decryptApiKey, encryptApiKey } from "./api-key-cipher.server.ts";
import { balanceColumns, checkProviderKey } from "./check-provider-key.server.ts";
import { PROVIDER_TEXT } from "./messages.ts";
import {
  isProviderApiUrl,
  PROVIDER_MARKUP_DEFAULTS,
  type ProviderEditFields,
  type ProviderFields,
} from "./provider-form.ts";

/** A new provider: the add form's fields, its markup and rate-rise policy the defaults unless given. */
type NewProvider = Omit<ProviderFields, keyof typeof PROVIDER_MARKUP_DEFAULTS> &
  Partial<Pick<ProviderFields, keyof typeof PROVIDER_MARKUP_DEFAULTS>>;

export type ProviderChange = { ok: true; providerId: string; notice: Notice } | Refusal;

/** Audits an admin's change to providers or their services (never the key itself). */
export async function auditProviderChange(
  db: Executor,
  adminId: string,
  action: string,
  subjectId: string,
  details: Record<string, unknown> = {},
) {
  await recordAdminAction(db, { adminId, action, subjectType: "provider", subjectId, details });
}

/** A provider form that does not parse: 'Check the fields' and the message beside each field at fault. */
export function providerRefused(error: z.ZodError): Refusal {
  return refuse("invalid", PROVIDER_TEXT.invalid, { fieldErrors: issuesByField(error) });
}

/**
 * Adds an upstream provider once its panel accepted the key (a `balance` call, whose answer is kept); its key is
 * stored encrypted and only its last four characters are kept in clear.
 */
export async function addProvider(
  db: Database,
  input: { adminId: string; provider: NewProvider },
): Promise<ProviderChange> {
  const { name, apiUrl, apiKey, supportsIdempotency } = input.provider;
  const { markupPercent, markupMinPer1000, onRateRise } = { ...PROVIDER_MARKUP_DEFAULTS, ...input.provider };
  if (!apiKey)
    return refuse("invalid", PROVIDER_TEXT.invalid, { fieldErrors: { apiKey: PROVIDER_TEXT.keyRequired } });
  // The key is tried before anything is stored (product rules 14.10), outside the transaction: no lock is held
  // while the panel answers.
  const checked = await checkProviderKey(apiUrl, apiKey);
  if (!checked.ok) return checked;
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(providers)
      .values({
        name,
        apiUrl,
        apiKeyEncrypted: encryptApiKey(apiKey),
        apiKeyHint: apiKeyHint(apiKey),
        supportsIdempotency,
        markupPercent,
        markupMinPer1000,
        onRateRise,
        ...balanceColumns(checked),
      })
      .returning({ id: providers.id });
    const providerId = created?.id ?? "";
    await auditProviderChange(tx, input.adminId, "provider.added", providerId, {
      name,
      api_url: apiUrl,
      markup_percent: markupPercent,
      markup_min_per_1000: markupMinPer1000,
      on_rate_rise: onRateRise,
    });
    return { ok: true as const, providerId, notice: { title: PROVIDER_TEXT.added, message: name } };
  });
}

/**
 * Edits a provider's name, address and idempotency support; a new key replaces the old one only if given. A new
 * address or key is tried on the panel first (its balance kept). The simulated provider keeps its address.
 */
export async function updateProvider(
  db: Database,
  input: { adminId: string; providerId: string; provider: ProviderEditFields },
): Promise<ProviderChange> {
  if (!isUuid(input.providerId)) return refuse("not_found", PROVIDER_TEXT.notFound);
  const [current] = await db
    .select({
      isSimulated: providers.isSimulated,
      apiUrl: providers.apiUrl,
      apiKeyEncrypted: providers.apiKeyEncrypted,
    })
    .from(providers)
    .where(eq(providers.id, input.providerId));
  if (!current) return refuse("not_found", PROVIDER_TEXT.notFound);
  // The simulated provider is answered in-process: its address is a name, not one an admin can change.
  if (!current.isSimulated && !isProviderApiUrl(input.provider.apiUrl))
    return refuse("invalid", PROVIDER_TEXT.invalid, { fieldErrors: { apiUrl: PROVIDER_TEXT.urlInvalid } });
  const { name, apiKey, supportsIdempotency, markupPercent, markupMinPer1000, onRateRise } = input.provider;
  const apiUrl = current.isSimulated ? current.apiUrl : input.provider.apiUrl;
  // A new address or key is tried first (product rules 14.10); the simulated provider answers in-process.
  const reconnected = !current.isSimulated && (Boolean(apiKey) || apiUrl !== current.apiUrl);
  const checked = reconnected
    ? await checkProviderKey(apiUrl, apiKey || decryptApiKey(current.apiKeyEncrypted))
    : null;
  if (checked && !checked.ok) return checked;
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(providers)
      .set({
        name,
        apiUrl,
        supportsIdempotency,
        markupPercent,
        markupMinPer1000,
        onRateRise,
        ...(apiKey ? { apiKeyEncrypted: encryptApiKey(apiKey), apiKeyHint: apiKeyHint(apiKey) } : {}),
        ...(checked ? balanceColumns(checked) : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(providers.id, input.providerId))
      .returning({ id: providers.id });
    if (!updated) return refuse("not_found", PROVIDER_TEXT.notFound);
    await auditProviderChange(tx, input.adminId, "provider.updated", input.providerId, {
      name,
      api_url: apiUrl,
      supports_idempotency: supportsIdempotency,
      markup_percent: markupPercent,
      markup_min_per_1000: markupMinPer1000,
      on_rate_rise: onRateRise,
      key_replaced: Boolean(apiKey),
    });
    return {
      ok: true as const,
      providerId: input.providerId,
      notice: { title: PROVIDER_TEXT.saved, message: "" },
    };
  });
}

/** Deletes a provider that no service and no submission refers to (the database refuses it otherwise too). */
export async function deleteProvider(
  db: Database,
  input: { adminId: string; providerId: string },
): Promise<ProviderChange> {
  if (!isUuid(input.providerId)) return refuse("not_found", PROVIDER_TEXT.notFound);
  return db.transaction(async (tx) => {
    const [provider] = await tx
      .select({ id: providers.id, name: providers.name })
      .from(providers)
      .where(eq(providers.id, input.providerId))
      .for("update");
    if (!provider) return refuse("not_found", PROVIDER_TEXT.notFound);
    const [mapped] = await tx
      .select({ id: providerServices.serviceId })
      .from(providerServices)
      .where(eq(providerServices.providerId, provider.id))
      .limit(1);
    const [submitted] = await tx
      .select({ id: fulfilments.id })
      .from(fulfilments)
      .where(eq(fulfilments.providerId, provider.id))
      .limit(1);
    if (mapped || submitted) return refuse("conflict", PROVIDER_TEXT.inUse);
    await tx.delete(providers).where(eq(providers.id, provider.id));
    await auditProviderChange(tx, input.adminId, "provider.deleted", provider.id, { name: provider.name });
    return {
      ok: true as const,
      providerId: provider.id,
      notice: { title: PROVIDER_TEXT.deleted, message: provider.name },
    };
  });
}
