import { Link } from "react-router";
import { DeleteButton } from "../../components/admin/content/delete-button.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import type { AdminPlatform } from "../../domain/catalog/platform-form.ts";
import { OTHER_PLATFORM, platformListPath } from "../../domain/catalog/platforms.ts";

const COLUMNS = ["Platform", "Link rule", "Menus", "Order", "Services", "Actions"];

// Columns side by side from 640 px; below it each row is a card, two cells a line, each carrying its column's name.
const CELL =
  "px-4 py-3 align-top max-sm:block max-sm:py-1.5 max-sm:before:block max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)]";
const WIDE = "max-sm:col-span-2";

/** Every platform with its link rule, whether it is listed, its place, its services and categories, Edit and Delete. */
export function PlatformsTable({ platforms, emptyText }: { platforms: AdminPlatform[]; emptyText: string }) {
  if (platforms.length === 0) return <p className="p-6 text-slate-600">{emptyText}</p>;
  return (
    <table className="min-w-full text-left text-sm max-sm:block">
      <thead className="bg-slate-50 text-slate-600 max-sm:sr-only">
        <tr>
          {COLUMNS.map((column) => (
            <th key={column} scope="col" className="px-4 py-3 font-medium">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 max-sm:block">
        {platforms.map((platform) => (
          <tr
            key={platform.slug}
            data-testid="admin-platform-row"
            className="max-sm:grid max-sm:grid-cols-2 max-sm:py-2"
          >
            <td data-label={COLUMNS[0]} className={`${CELL} ${WIDE}`}>
              <div className="font-medium text-slate-900">{platform.name}</div>
              <div className="text-slate-500">{platformListPath(platform.slug)}</div>
            </td>
            <td data-label={COLUMNS[1]} className={`${CELL} ${WIDE} wrap-anywhere`}>
              {platform.linkHosts.length ? platform.linkHosts.join(", ") : "Any http(s) link"}
            </td>
            <td data-label={COLUMNS[2]} className={CELL}>
              {platform.listed ? (
                <Link to={platformListPath(platform.slug)} className="text-brand-700 hover:underline">
                  Listed
                </Link>
              ) : (
                <span className="text-slate-500">Not listed</span>
              )}
            </td>
            <td data-label={COLUMNS[3]} className={CELL}>
              {platform.sortOrder}
            </td>
            <td data-label={COLUMNS[4]} className={CELL}>
              {platform.services}
              <div className="text-slate-500">
                {platform.categories.length === 1 ? "1 category" : `${platform.categories.length} categories`}
              </div>
            </td>
            <td data-label={COLUMNS[5]} className={CELL}>
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
        ))}
      </tbody>
    </table>
  );
}
