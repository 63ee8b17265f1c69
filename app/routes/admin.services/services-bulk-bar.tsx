import { BulkBar, type BulkPreviewView } from "../../components/admin/bulk-bar.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Select } from "../../components/ui/select.tsx";
import {
  BULK_SERVICE_ACTIONS,
  BULK_SERVICE_LABELS,
  SERVICE_NOUN,
} from "../../domain/catalog/bulk-service-actions.ts";
import type { PlatformLink, ServiceCategory } from "../../domain/catalog/platforms.ts";

/** The services list's bulk bar: enable, disable, a price (for "Set price") or a category (for "Set category"). */
export function ServicesBulkBar({
  formId,
  platforms,
  categories,
  preview,
  refused,
}: {
  formId: string;
  platforms: readonly PlatformLink[];
  categories: readonly ServiceCategory[];
  preview: BulkPreviewView | null;
  refused: { title: string; message: string } | null;
}) {
  const platformName = new Map(platforms.map((platform) => [platform.slug, platform.name]));
  return (
    <BulkBar
      formId={formId}
      noun={SERVICE_NOUN}
      actions={BULK_SERVICE_ACTIONS.map((value) => ({ value, label: BULK_SERVICE_LABELS[value] }))}
      preview={preview}
      refused={refused}
    >
      <Input
        label="Price / 1000 (for Set price)"
        name="price"
        size="sm"
        inputMode="decimal"
        placeholder="2.50"
        className="w-full"
        fieldClassName="w-44"
      />
      <Select
        label="Category (for Set category)"
        name="categoryId"
        size="sm"
        className="w-full"
        fieldClassName="w-64"
        options={categories.map((category) => ({
          value: category.id,
          label: `${platformName.get(category.platform) ?? category.platform}: ${category.name}`,
        }))}
      >
        <option value="">No category</option>
      </Select>
    </BulkBar>
  );
}
