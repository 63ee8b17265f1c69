import { Link } from "react-router";
import { AdminTable } from "../../components/admin/admin-table.tsx";
import { DeleteButton } from "../../components/admin/content/delete-button.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import type { AdminPlatform } from "../../domain/catalog/platform-form.ts";
import { OTHER_PLATFORM, platformListPath } from "../../domain/catalog/platforms.ts";

const COLUMNS = ["Platform", "Link rule", "Menus", "Order", "Services", "Actions"];
const td = "px-4 py-3 align-top";

/**
 * Every platform with its link rule, whether it is listed, its place, its services and categories, Edit and Delete:
 * an admin list like the others (AdminTable: labelled cards below 640 px).
 */
export function PlatformsTable({ platforms, emptyText }: { platforms: AdminPlatform[]; emptyText: string }) {
  return (
    <AdminTable headings={COLUMNS} items={platforms} empty={emptyText}>
      {(platform) => (
        <tr key={platform.slug} data-testid="admin-platform-row">
          <td className={td}>
            <div className="font-medium text-slate-900">{platform.name}</div>
            <div className="text-slate-500">{platformListPath(platform.slug)}</div>
          </td>
          <td className={`${td} wrap-anywhere`}>
            {platform.linkHosts.length ? platform.linkHosts.join(", ") : "Any http(s) link"}
          </td>
          <td className={td}>
            {platform.listed ? (
              <Link to={platformListPath(platform.slug)} className="text-brand-700 hover:underline">
                Listed
              </Link>
            ) : (
              <span className="text-slate-500">Not listed</span>
            )}
          </td>
          <td className={td}>{platform.sortOrder}</td>
          <td className={td}>
            {platform.services}
            <div className="text-slate-500">
              {platform.categories.length === 1 ? "1 category" : `${platform.categories.length} categories`}
            </div>
          </td>
          <td className={td}>
            <div className="flex gap-1">
              <Link
                to={`/admin/platforms?edit=${platform.slug}`}
                aria-label={`Edit ${platform.name}`}
                className={buttonClass("ghost", "px-3 py-1.5")}
              >
                Edit
              </Link>
              {platform.slug === OTHER_PLATFORM ? null : (
                <DeleteButton
                  label={`Delete ${platform.name}`}
                  title="Delete this platform?"
                  question={
                    platform.services > 0
                      ? `"${platform.name}" has ${platform.services} services: it can be deleted once none uses it.`
                      : `"${platform.name}" and its categories will be deleted, and its list removed from the menus.`
                  }
                  fields={{ intent: "delete", slug: platform.slug }}
                />
              )}
            </div>
          </td>
        </tr>
      )}
    </AdminTable>
  );
}
