import { Link } from "react-router";
import { AdminTable } from "../../components/admin/admin-table.tsx";
import { RowCheckbox } from "../../components/admin/bulk-bar.tsx";
import { DeleteButton } from "../../components/admin/content/delete-button.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import type { PlatformLink, ServiceCategory } from "../../domain/catalog/platforms.ts";
import { serviceChangeLabel } from "../../domain/catalog/service-changes.ts";
import type { AdminService } from "../../domain/catalog/service-form.ts";
import type { ServiceMargin } from "../../domain/fulfilment/provider-costs.server.ts";
import { formatCount, formatPackagePrice, formatRate } from "../../lib/format-money.ts";
import { MARGIN_HEADINGS, ServiceMarginCells } from "./service-margin-cells.tsx";

const HEADINGS = [
  "Service",
  "Platform",
  "Type",
  "Price / 1000",
  ...MARGIN_HEADINGS,
  "Quantity",
  "Status",
  "Actions",
];

/** Every service, enabled or not, with its platform and category, its cost and margin at its provider, Edit and Delete. */
export function ServicesTable({
  services,
  margins,
  platforms,
  categories,
  emptyText,
  selectForm,
}: {
  services: AdminService[];
  margins: Record<string, ServiceMargin>;
  platforms: readonly PlatformLink[];
  categories: readonly ServiceCategory[];
  emptyText: string;
  /** The bulk form the rows' checkboxes belong to (product rules 14.34). */
  selectForm: string;
}) {
  const platformName = new Map(platforms.map((platform) => [platform.slug, platform.name]));
  const categoryName = new Map(categories.map((category) => [category.id, category.name]));
  return (
    <AdminTable headings={["Select", ...HEADINGS]} items={services} empty={emptyText}>
      {(service) => {
        const category = service.categoryId ? categoryName.get(service.categoryId) : undefined;
        return (
          <tr key={service.id} data-testid="admin-service-row" className="align-top">
            <td className="px-4 py-3">
              <RowCheckbox formId={selectForm} id={service.id} label={service.name} />
            </td>
            <td className="px-4 py-3">
              <div className="font-medium text-slate-900">{service.name}</div>
              <div className="text-slate-500">{service.slug}</div>
            </td>
            <td className="px-4 py-3">
              {platformName.get(service.platform) ?? service.platform}
              {category ? <div className="text-slate-500">{category}</div> : null}
            </td>
            <td className="px-4 py-3">
              {service.serviceType === "auto" ? `Auto (${service.defaultPosts ?? "-"} posts)` : "One-time"}
              {service.orderType === "custom_comments" ? (
                <div className="text-slate-500">Custom Comments</div>
              ) : service.orderType === "package" ? (
                <div className="text-slate-500">Package</div>
              ) : null}
              {service.dripfeed ? <div className="text-slate-500">Drip-feed</div> : null}
            </td>
            <td className="px-4 py-3" data-testid="admin-service-price">
              {service.orderType === "package"
                ? formatPackagePrice(service.pricePer1000)
                : formatRate(service.pricePer1000)}
            </td>
            <ServiceMarginCells margin={margins[service.id]} perPackage={service.orderType === "package"} />
            <td className="px-4 py-3">
              {formatCount(service.minQuantity)} - {formatCount(service.maxQuantity)}
            </td>
            <td className="px-4 py-3">
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ${service.enabled ? "bg-emerald-100 text-emerald-800" : "bg-slate-200 text-slate-700"}`}
              >
                {service.enabled ? "Enabled" : "Disabled"}
              </span>
              {service.lastSyncChange ? (
                <div className="mt-1 text-xs text-slate-500" data-testid="admin-service-sync-change">
                  {serviceChangeLabel(service.lastSyncChange)}
                </div>
              ) : null}
            </td>
            <td className="px-4 py-3">
              <div className="flex gap-1">
                <Link
                  to={`/admin/services?edit=${service.id}`}
                  aria-label={`Edit ${service.name}`}
                  className={buttonClass("ghost", "px-3 py-1.5")}
                >
                  Edit
                </Link>
                <DeleteButton
                  label={`Delete ${service.name}`}
                  title="Delete this service?"
                  question={`"${service.name}" will be deleted. A service that has orders is disabled instead, so its order history stays intact.`}
                  fields={{ intent: "delete", serviceId: service.id }}
                />
              </div>
            </td>
          </tr>
        );
      }}
    </AdminTable>
  );
}
