import { useState } from "react";
import { EditorForm } from "../../components/admin/content/editor-page.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Select } from "../../components/ui/select.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import type { PlatformLink, ServiceCategory } from "../../domain/catalog/platforms.ts";
import { MAX_REFILL_DAYS, REFILL_WINDOW_DAYS } from "../../domain/catalog/refill-window.ts";
import type { AdminService } from "../../domain/catalog/service-form.ts";
import { PACKAGE_LIMIT, SERVICE_MAX, TARGET_KIND_OPTIONS } from "../../domain/catalog/service-form-text.ts";

const TYPE_OPTIONS = [
  { value: "one_time", label: "One-time" },
  { value: "auto", label: "Auto (per future post)" },
];
const ORDER_TYPE_OPTIONS = [
  { value: "default", label: "Default (a quantity)" },
  { value: "custom_comments", label: "Custom Comments (one comment per line)" },
  { value: "package", label: "Package (one unit at a fixed price)" },
];

/** "4.0000" -> "4", "2.5000" -> "2.5": the stored decimal as an admin would type it (no float involved). */
function plainRate(pricePer1000: string): string {
  return pricePer1000.includes(".") ? pricePer1000.replace(/\.?0+$/, "") : pricePer1000;
}

/** Create or edit a service (admin spec section 2: the Services tab's fields). */
export function ServiceForm({
  service,
  platforms,
  categories,
  errors,
}: {
  service: AdminService | null;
  /** Every platform the shop has: a service keeps its own, whichever it is, unless the admin picks another. */
  platforms: readonly PlatformLink[];
  categories: readonly ServiceCategory[];
  errors: Record<string, string>;
}) {
  const [type, setType] = useState(service?.serviceType ?? "one_time");
  const [platform, setPlatform] = useState(service?.platform ?? platforms[0]?.slug ?? "");
  const [categoryId, setCategoryId] = useState(service?.categoryId ?? "");
  const platformCategories = categories.filter((category) => category.platform === platform);
  const [orderType, setOrderType] = useState(service?.orderType ?? "default");
  // A Package is one unit at its price (product rules 13.10): its rate is per package, its limits fixed at 1.
  const isPackage = type === "one_time" && orderType === "package";
  const limit = (value: number | undefined) =>
    isPackage ? { value: PACKAGE_LIMIT, readOnly: true } : { defaultValue: value };
  return (
    <EditorForm
      title={service ? `Edit ${service.name}` : "New service"}
      idField="serviceId"
      id={service?.id}
      auditHref={`/admin/audit?subject=${service?.id}`}
      formError={errors.form}
      submitLabel={service ? "Save Service" : "Create Service"}
      listHref="/admin/services"
    >
      <Input
        label="Name"
        name="name"
        required
        maxLength={SERVICE_MAX.name}
        defaultValue={service?.name}
        error={errors.name}
      />
      <Select
        label="Platform"
        name="platform"
        value={platform}
        onChange={(event) => {
          setPlatform(event.target.value);
          // A category belongs to one platform: another platform starts with none.
          setCategoryId("");
        }}
        options={platforms.map((option) => ({ value: option.slug, label: option.name }))}
        error={errors.platform}
      />
      <Select
        label="Category"
        name="categoryId"
        value={categoryId}
        onChange={(event) => setCategoryId(event.target.value)}
        options={platformCategories.map((category) => ({ value: category.id, label: category.name }))}
        hint="Groups the service on its platform's list; categories are set under Platforms."
        error={errors.categoryId}
      >
        <option value="">No category</option>
      </Select>
      <Select
        label="Service type"
        name="serviceType"
        value={type}
        onChange={(event) => setType(event.target.value as "one_time" | "auto")}
        options={TYPE_OPTIONS}
        error={errors.serviceType}
      />
      <Select
        label="Delivered to"
        name="targetKind"
        defaultValue={service?.targetKind ?? "post"}
        options={TARGET_KIND_OPTIONS}
        error={errors.targetKind}
      />
      <Input
        label={isPackage ? "Price per package ($)" : "Price per 1000 ($)"}
        name="pricePer1000"
        inputMode="decimal"
        required
        defaultValue={service ? plainRate(service.pricePer1000) : ""}
        hint="Up to 4 decimals, e.g. 4 or 2.5. Applies to every order placed after saving."
        error={errors.pricePer1000}
      />
      {/* Remounted when a Package is chosen or left, so the fixed 1 gives way to the service's own limits. */}
      <div className="grid grid-cols-2 gap-4" key={isPackage ? "package" : "quantity"}>
        <Input
          label="Min quantity"
          name="minQuantity"
          inputMode="numeric"
          required
          {...limit(service?.minQuantity)}
          error={errors.minQuantity}
        />
        <Input
          label="Max quantity"
          name="maxQuantity"
          inputMode="numeric"
          required
          {...limit(service?.maxQuantity)}
          error={errors.maxQuantity}
        />
      </div>
      <div className="sm:col-span-2">
        <Textarea
          label="Description"
          name="description"
          rows={2}
          maxLength={SERVICE_MAX.description}
          defaultValue={service?.description}
          error={errors.description}
        />
      </div>
      <div className="sm:col-span-2">
        <Input
          label="Features (comma-separated)"
          name="features"
          defaultValue={service?.features.join(", ")}
          error={errors.features}
        />
      </div>
      {type === "auto" ? (
        <Input
          label="Default posts"
          name="defaultPosts"
          inputMode="numeric"
          defaultValue={service?.defaultPosts ?? ""}
          hint="1 to 100; auto services only."
          error={errors.defaultPosts}
        />
      ) : (
        <>
          <Select
            label="Order type"
            name="orderType"
            value={orderType}
            onChange={(event) => setOrderType(event.target.value as AdminService["orderType"])}
            options={ORDER_TYPE_OPTIONS}
            error={errors.orderType}
          />
          <Checkbox
            label="Drip-feed allowed (Default orders: runs x quantity, one run every interval)"
            name="dripfeed"
            defaultChecked={service?.dripfeed ?? false}
          />
        </>
      )}
      <Input
        label="Refill window (days)"
        name="refillDays"
        inputMode="numeric"
        defaultValue={service ? (service.refillDays ?? "") : REFILL_WINDOW_DAYS}
        hint={`Days after an order ends in which the customer may ask a free refill (1 to ${MAX_REFILL_DAYS}); empty: not refillable. The shop's standard window is ${REFILL_WINDOW_DAYS}; the service's pages, orders and API entry show its own.`}
        error={errors.refillDays}
      />
      <div className="sm:col-span-2">
        <Checkbox
          label="Enabled (shown in the storefront and orderable)"
          name="enabled"
          defaultChecked={service?.enabled ?? true}
        />
      </div>
    </EditorForm>
  );
}
