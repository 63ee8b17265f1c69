import { type ReactNode, useRef } from "react";
import { useFetcher } from "react-router";
import { DeleteButton } from "../../components/admin/content/delete-button.tsx";
import { type ToastAnswer, useAnswerToast } from "../../components/admin/use-answer-toast.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardHeader } from "../../components/ui/card.tsx";
import { fieldErrorsOf, useFocusFirstInvalid } from "../../components/ui/field-errors.ts";
import { Input } from "../../components/ui/input.tsx";
import type { AdminCategory, AdminPlatform } from "../../domain/catalog/platform-form.ts";
import { PLATFORM_MAX } from "../../domain/catalog/platform-form-text.ts";

type CategoryAnswer = ToastAnswer & {
  message?: string;
  field?: string | null;
  fieldErrors?: Record<string, string>;
};

const FIELDS = ["name", "sortOrder"] as const;

/**
 * A platform's categories (docs/decisions/038): each renamed or moved in its own row, deleted after a confirmation
 * (its services stay, in no category), and a form to add one. Each form posts on its own, so a refusal is said
 * beside the row it is about.
 */
export function CategoriesEditor({ platform }: { platform: AdminPlatform }) {
  const nextOrder = (platform.categories.at(-1)?.sortOrder ?? 0) + 10;
  return (
    <Card className="mt-6">
      <CardHeader
        title={`Categories of ${platform.name}`}
        description="They group the platform's services on its list, lowest order first. Deleting one leaves its services in no category."
      />
      {platform.categories.length === 0 ? (
        <p className="text-sm text-slate-600">No categories yet: the list shows its services together.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label={`Categories of ${platform.name}`}>
          {platform.categories.map((category) => (
            <CategoryRow key={category.id} platform={platform.slug} category={category} />
          ))}
        </ul>
      )}
      <CategoryForm
        key={platform.categories.length}
        platform={platform.slug}
        intent="add-category"
        defaults={{ name: "", sortOrder: nextOrder }}
        submitLabel="Add Category"
        className="mt-6 border-t border-slate-100 pt-6"
      />
    </Card>
  );
}

function CategoryRow({ platform, category }: { platform: string; category: AdminCategory }) {
  const services = category.services === 1 ? "1 service" : `${category.services} services`;
  return (
    <li className="py-4" data-testid="category-row">
      <CategoryForm
        platform={platform}
        intent="save-category"
        category={category}
        defaults={category}
        submitLabel="Save"
        aside={
          <>
            <span className="text-sm text-slate-500">{services}</span>
            <DeleteButton
              label={`Delete ${category.name}`}
              title="Delete this category?"
              question={`"${category.name}" will be deleted. Its ${services} stay on the platform, in no category.`}
              fields={{ intent: "delete-category", slug: platform, categoryId: category.id }}
            />
          </>
        }
      />
    </li>
  );
}

/** One category's fields, posted on their own: a new category, or a row's rename and move. */
function CategoryForm({
  platform,
  intent,
  category,
  defaults,
  submitLabel,
  aside,
  className = "",
}: {
  platform: string;
  intent: "add-category" | "save-category";
  category?: AdminCategory;
  defaults: { name: string; sortOrder: number };
  submitLabel: string;
  aside?: ReactNode;
  className?: string;
}) {
  const fetcher = useFetcher<CategoryAnswer>();
  const form = useRef<HTMLFormElement>(null);
  const answer = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  const errors = fieldErrorsOf(answer && { ...answer, message: answer.message ?? "" }, FIELDS) ?? {};
  useAnswerToast(fetcher.data);
  useFocusFirstInvalid(form, errors);
  const label = category ? `${category.name}: ` : "New category ";
  return (
    <fetcher.Form
      ref={form}
      method="post"
      className={`flex flex-wrap items-end gap-3 ${className}`}
      aria-label={category ? `Category ${category.name}` : "Add a category"}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="slug" value={platform} />
      {category ? <input type="hidden" name="categoryId" value={category.id} /> : null}
      <Input
        label={category ? "Name" : "New category"}
        aria-label={`${label}name`}
        name="name"
        required
        maxLength={PLATFORM_MAX.name}
        defaultValue={defaults.name}
        error={errors.name}
        fieldClassName="min-w-0 flex-1 basis-48"
      />
      <Input
        label="Order"
        aria-label={`${label}order`}
        name="sortOrder"
        inputMode="numeric"
        required
        defaultValue={defaults.sortOrder}
        error={errors.sortOrder}
        fieldClassName="w-24"
      />
      <div className="flex items-center gap-2">
        <Button
          type="submit"
          variant={category ? "secondary" : "primary"}
          disabled={fetcher.state !== "idle"}
        >
          {fetcher.state === "submitting" ? "Saving..." : submitLabel}
        </Button>
        {aside}
      </div>
    </fetcher.Form>
  );
}
