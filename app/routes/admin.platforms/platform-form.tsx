import { EditorForm } from "../../components/admin/content/editor-page.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Input } from "../../components/ui/input.tsx";
import type { AdminPlatform } from "../../domain/catalog/platform-form.ts";
import { MAX_SORT_ORDER, PLATFORM_MAX } from "../../domain/catalog/platform-form-text.ts";

/** Add a platform, or edit one: its address is fixed once created (docs/decisions/038). */
export function PlatformForm({
  platform,
  errors,
}: {
  platform: AdminPlatform | null;
  errors: Record<string, string>;
}) {
  return (
    <EditorForm
      title={platform ? `Edit ${platform.name}` : "New platform"}
      idField="slug"
      id={platform?.slug}
      auditHref={`/admin/audit?subject=${platform?.slug}`}
      formError={errors.form}
      submitLabel={platform ? "Save Platform" : "Create Platform"}
      listHref="/admin/platforms"
    >
      <Input
        label="Name"
        name="name"
        required
        maxLength={PLATFORM_MAX.name}
        defaultValue={platform?.name}
        hint="As the menus, the lists and the link messages write it, e.g. Telegram."
        error={errors.name}
      />
      {platform ? (
        <Input
          label="Address"
          value={`/services/${platform.slug}`}
          readOnly
          hint="Its list's address; it stays as it was created."
        />
      ) : (
        <Input
          label="Address"
          name="slug"
          required
          maxLength={PLATFORM_MAX.slug}
          autoCapitalize="none"
          spellCheck={false}
          hint="Lower-case letters and digits, words joined by hyphens: its list is /services/{address}."
          error={errors.slug}
        />
      )}
      <div className="sm:col-span-2">
        <Input
          label="Link hosts"
          name="linkHosts"
          maxLength={PLATFORM_MAX.linkHosts}
          autoCapitalize="none"
          spellCheck={false}
          defaultValue={platform?.linkHosts.join(", ")}
          placeholder="t.me, telegram.me"
          hint="An order's link must be on one of these hosts (or their subdomains). Leave empty to take any http(s) link."
          error={errors.linkHosts}
        />
      </div>
      <Input
        label="Order"
        name="sortOrder"
        inputMode="numeric"
        required
        defaultValue={platform?.sortOrder ?? 100}
        hint={`Its place in the menus, lowest first (0 to ${MAX_SORT_ORDER}).`}
        error={errors.sortOrder}
      />
      <Checkbox
        label="Listed (a public list and a place in the Services menus)"
        name="listed"
        defaultChecked={platform?.listed ?? true}
        fieldClassName="sm:self-center"
      />
    </EditorForm>
  );
}
