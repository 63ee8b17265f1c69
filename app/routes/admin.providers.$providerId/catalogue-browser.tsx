import { useState } from "react";
import { Form, Link } from "react-router";
import { CARD_TABLE_CLASS, labelCells } from "../../components/admin/admin-table.tsx";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Select } from "../../components/ui/select.tsx";
import { TARGET_KIND_OPTIONS } from "../../domain/catalog/service-form-text.ts";
import { pickField } from "../../domain/fulfilment/provider-form.ts";
import type { CatalogPage, CatalogQuery } from "../../domain/fulfilment/read-provider-catalog.server.ts";
import { formatDollarRate, formatUpstreamAmount } from "./dollar-rate.ts";

const HEADINGS = ["ID", "Service", "Type", "Rate", "Limits", "In the shop"];

type Place = {
  platforms: { slug: string; name: string }[];
  categories: { id: string; platform: string; name: string }[];
};

/**
 * The provider's catalogue as its last sync stored it: search, category and type filters, pages, each row's rate
 * in the provider's currency and in dollars; tick rows (or the whole page) and import them in one action.
 */
export function CatalogueBrowser({
  catalog,
  query,
  currency,
  markup,
  place,
  busy,
  errors,
}: {
  catalog: CatalogPage;
  query: CatalogQuery;
  currency: string;
  markup: { percent: string; minPer1000: string };
  place: Place;
  busy: boolean;
  errors?: Record<string, string>;
}) {
  const selectable = catalog.rows.filter((row) => !row.mappedServiceId).map((row) => row.upstreamId);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const allPicked = selectable.length > 0 && selectable.every((id) => picked.has(id));
  const toggle = (id: string, on: boolean) =>
    setPicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const pageLink = (page: number) =>
    `?${new URLSearchParams({ ...query, page: String(page) } as Record<string, string>).toString()}#catalogue`;
  return (
    <div className="space-y-4">
      <Form
        method="get"
        className="flex flex-wrap items-end gap-3"
        aria-label="Search the provider's services"
      >
        <Input label="Search by name" name="q" defaultValue={query.q} size="sm" maxLength={200} />
        <Select label="Category" name="category" defaultValue={query.category} size="sm">
          <option value="">Every category</option>
          {catalog.categories.map((category) => (
            <option key={category} value={category}>
              {category || "(none)"}
            </option>
          ))}
        </Select>
        <Select label="Type" name="type" defaultValue={query.type} size="sm">
          <option value="">Every type</option>
          {catalog.types.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </Select>
        <Button type="submit" variant="secondary" className="px-3 py-1.5">
          Search
        </Button>
      </Form>

      <Form method="post" aria-label="Import the selected services">
        <input type="hidden" name="intent" value="import-selected" />
        <div className="sm:overflow-x-auto">
          <table className={`w-full text-left text-sm ${CARD_TABLE_CLASS}`}>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-500">
              <tr>
                <th scope="col" className="px-3 py-2">
                  <input
                    type="checkbox"
                    aria-label="Select all on this page"
                    checked={allPicked}
                    disabled={selectable.length === 0}
                    onChange={(event) => setPicked(event.target.checked ? new Set(selectable) : new Set())}
                  />
                </th>
                {HEADINGS.map((heading) => (
                  <th key={heading} scope="col" className="px-3 py-2">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {catalog.rows.map((row, index) =>
                labelCells(
                  <tr key={row.upstreamId} data-testid="catalogue-row">
                    <td className="px-3 py-2">
                      {row.mappedServiceId ? null : (
                        <input
                          type="checkbox"
                          name={pickField(index)}
                          value={row.upstreamId}
                          aria-label={`Select ${row.name}`}
                          checked={picked.has(row.upstreamId)}
                          onChange={(event) => toggle(row.upstreamId, event.target.checked)}
                        />
                      )}
                    </td>
                    <td className="px-3 py-2 font-mono">{row.upstreamId}</td>
                    <td className="px-3 py-2">
                      <div className="font-medium text-slate-900">{row.name}</div>
                      <div className="text-xs text-slate-500">{row.category}</div>
                    </td>
                    <td className="px-3 py-2">
                      {row.type}
                      {row.dripfeed ? <div className="text-xs text-slate-500">Drip-feed</div> : null}
                      {row.refill ? <div className="text-xs text-slate-500">Refill</div> : null}
                    </td>
                    <td className="px-3 py-2" data-testid="catalogue-rate">
                      {formatUpstreamAmount(row.rate, currency)}
                      {currency === "USD" ? null : (
                        <div className="text-xs text-slate-500">{formatDollarRate(row.usdRate)}</div>
                      )}
                    </td>
                    <td className="px-3 py-2">
                      {row.type.toLowerCase() === "package"
                        ? "1 package"
                        : `${row.minQuantity} to ${row.maxQuantity}`}
                    </td>
                    <td className="px-3 py-2 text-xs">
                      {row.mappedServiceId ? (
                        <span className="rounded-full bg-emerald-100 px-2 py-0.5 font-semibold text-emerald-800">
                          Mapped
                        </span>
                      ) : null}
                    </td>
                  </tr>,
                  ["Select", ...HEADINGS],
                ),
              )}
            </tbody>
          </table>
        </div>
        <p className="mt-3 text-sm text-slate-600" aria-live="polite" data-testid="catalogue-count">
          {catalog.total}
          {catalog.totalCapped ? " or more" : ""} services match · page {catalog.page} of {catalog.pages} ·{" "}
          <strong>{picked.size} selected</strong>
        </p>
        <nav className="mt-2 flex gap-2" aria-label="Catalogue pages">
          {catalog.page > 1 ? (
            <Link to={pageLink(catalog.page - 1)} className={buttonClass("ghost", "px-3 py-1.5")}>
              Previous
            </Link>
          ) : null}
          {catalog.page < catalog.pages ? (
            <Link to={pageLink(catalog.page + 1)} className={buttonClass("ghost", "px-3 py-1.5")}>
              Next
            </Link>
          ) : null}
        </nav>
        <ImportFields markup={markup} place={place} errors={errors} />
        <Button type="submit" className="mt-4" disabled={busy || picked.size === 0}>
          Import {picked.size} selected
        </Button>
      </Form>
    </div>
  );
}

/** Where the selected services go and at which markup (prefilled from the provider's). */
function ImportFields({
  markup,
  place,
  errors = {},
}: {
  markup: { percent: string; minPer1000: string };
  place: Place;
  errors?: Record<string, string>;
}) {
  return (
    <fieldset className="mt-4 grid gap-4 border-t border-slate-100 pt-4 md:grid-cols-2">
      <legend className="sr-only">Import settings</legend>
      <Select label="Platform" name="platform" required defaultValue="" error={errors.platform}>
        <option value="" disabled>
          Choose a platform…
        </option>
        {place.platforms.map((platform) => (
          <option key={platform.slug} value={platform.slug}>
            {platform.name}
          </option>
        ))}
      </Select>
      <Select label="Category" name="categoryId" defaultValue="" error={errors.categoryId}>
        <option value="">No category</option>
        {place.platforms.map((platform) => {
          const own = place.categories.filter((category) => category.platform === platform.slug);
          return own.length === 0 ? null : (
            <optgroup key={platform.slug} label={platform.name}>
              {own.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </optgroup>
          );
        })}
      </Select>
      <Select
        label="Delivered to"
        name="targetKind"
        defaultValue="post"
        options={TARGET_KIND_OPTIONS}
        error={errors.targetKind}
      />
      <p className="text-sm text-slate-600 md:col-span-2">
        A platform that is not listed yet is added under <Link to="/admin/platforms">Platforms</Link>.
      </p>
      <Input
        label="Markup (%)"
        name="markupPercent"
        inputMode="decimal"
        required
        defaultValue={Number(markup.percent).toString()}
        error={errors.markupPercent}
      />
      <Input
        label="Minimum margin per 1000 ($)"
        name="markupMinPer1000"
        inputMode="decimal"
        required
        defaultValue={Number(markup.minPer1000).toString()}
        error={errors.markupMinPer1000}
      />
      <Checkbox
        label="Enable at once (customers can order them as soon as they are imported)"
        name="enable"
      />
    </fieldset>
  );
}
