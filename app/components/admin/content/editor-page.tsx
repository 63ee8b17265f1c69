import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonClass } from "../../ui/button.tsx";
import { Card } from "../../ui/card.tsx";

/** The Services and Blog tabs: a heading with the "new" link, the open create/edit form if any, the list. */
export function EditorPage({
  title,
  newHref,
  newLabel,
  editor,
  children,
}: {
  title: string;
  newHref: string;
  newLabel: string;
  /** The create or edit form, or null while none is open. */
  editor: ReactNode;
  /** The list (a table). */
  children: ReactNode;
}) {
  const navigation = useNavigation();
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
        <Link to={newHref} className={buttonClass("primary")}>
          {newLabel}
        </Link>
      </div>
      {editor}
      <Card className="mt-6 p-0 sm:overflow-x-auto" aria-busy={navigation.state === "loading"}>
        {children}
      </Card>
    </main>
  );
}

/**
 * The create/edit form of those tabs: it posts intent "create", or "update" with the item's id under
 * `idField`, and ends with the form-wide error, the save button and Cancel (back to `listHref`).
 */
export function EditorForm({
  title,
  idField,
  id,
  formError,
  submitLabel,
  listHref,
  auditHref,
  children,
}: {
  title: string;
  idField: string;
  /** The item being edited; undefined while creating. */
  id: string | undefined;
  formError: string | undefined;
  submitLabel: string;
  listHref: string;
  /** The edited item's audit trail (product rules 2.9); shown while editing. */
  auditHref?: string;
  /** The fields, laid out on a two-column grid. */
  children: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Card className="mt-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        {id && auditHref ? (
          <Link to={auditHref} className="text-sm font-medium text-brand-700 hover:underline">
            Audit trail
          </Link>
        ) : null}
      </div>
      <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value={id ? "update" : "create"} />
        {id ? <input type="hidden" name={idField} value={id} /> : null}
        {children}
        {formError ? (
          <p role="alert" className="text-sm text-red-600 sm:col-span-2">
            {formError}
          </p>
        ) : null}
        <div className="flex gap-3 sm:col-span-2">
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : submitLabel}
          </Button>
          <Link to={listHref} className={buttonClass("secondary")}>
            Cancel
          </Link>
        </div>
      </Form>
    </Card>
  );
}
