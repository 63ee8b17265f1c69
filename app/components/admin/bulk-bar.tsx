import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useRouteLoaderData } from "react-router";
import { BULK_TEXT } from "../../domain/bulk-change.ts";
import { buttonClass } from "../ui/button.tsx";
import { Select } from "../ui/select.tsx";
import { SecondFactorCodeField } from "./second-factor-code-field.tsx";

/** What a bulk action would do, from the list's action: the question, the details and what to post again. */
export type BulkPreviewView = {
  question: string;
  details: string[];
  ids: string[];
  /** The action and its values (a price, a category, an amount) posted again with the confirmation. */
  fields: Record<string, string>;
  /** The confirm button's words ("Cancel 7 orders"). */
  confirm: string;
  /** A change that moves money asks for a recent code with its confirmation (product rules 15.35). */
  codeNeeded?: boolean;
};

/**
 * A list's bulk actions (product rules 14.33): a form the rows' checkboxes (named `ids`, `form={formId}`) belong
 * to, so it works without JavaScript; with it, "Select all on this page" and the count of ticked rows. Review
 * posts the selection (`intent=bulk-preview`); the list answers with what will happen, shown here with Confirm,
 * which posts it again (`intent=bulk-apply`).
 */
export function BulkBar({
  formId,
  noun,
  actions,
  actionName = "action",
  children,
  preview,
  refused,
}: {
  formId: string;
  noun: { one: string; many: string };
  actions: readonly { value: string; label: string }[];
  /** The field the action menu posts as ("direction" for a credit or debit). */
  actionName?: string;
  /** More fields an action needs (a price, a category, an amount and reason). */
  children?: ReactNode;
  preview: BulkPreviewView | null;
  /** The list's answer when the form was refused (nothing ticked, a price that is not one). */
  refused?: { title: string; message: string } | null;
}) {
  const selected = useSelection(formId);
  const result = useBulkResult();
  const location = useLocation();
  const { setAll } = selected;
  // A change made (the list shown again without a question) starts a new selection.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new page shown
  useEffect(() => {
    if (!preview) setAll(false);
  }, [location.key]);
  return (
    <section
      aria-labelledby={`${formId}-heading`}
      className="mt-6 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id={`${formId}-heading`} className="text-base font-semibold text-slate-900">
        Bulk actions
      </h2>
      {result ? (
        <p role="status" className="mt-2 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
          <strong>{result.title}:</strong> {result.description}
        </p>
      ) : null}
      {refused ? (
        <p role="alert" className="mt-2 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          <strong>{refused.title}:</strong> {refused.message}
        </p>
      ) : null}
      {preview ? <BulkConfirmation formId={formId} preview={preview} /> : null}
      <Form id={formId} method="post" className="mt-3 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="bulk-preview" />
        {selected.hydrated ? (
          <div className="flex items-center gap-2 self-center">
            <input
              id={`${formId}-all`}
              type="checkbox"
              checked={selected.count > 0 && selected.count === selected.total}
              ref={(input) => {
                if (input) input.indeterminate = selected.count > 0 && selected.count < selected.total;
              }}
              onChange={(event) => selected.setAll(event.currentTarget.checked)}
              className="h-4 w-4 rounded border-slate-300 accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            />
            <label htmlFor={`${formId}-all`} className="text-sm font-medium text-slate-700">
              Select all on this page
            </label>
          </div>
        ) : null}
        <Select
          label="Action"
          name={actionName}
          size="sm"
          options={actions}
          className="w-full"
          fieldClassName="w-56"
        />
        {children}
        <button type="submit" className={buttonClass("secondary")}>
          Review
        </button>
        <p aria-live="polite" className="self-center text-sm text-slate-600" data-testid="bulk-selected">
          {selected.hydrated
            ? `${selected.count} ${selected.count === 1 ? noun.one : noun.many} selected`
            : `Tick the ${noun.many} to act on, then Review.`}
        </p>
      </Form>
    </section>
  );
}

/** The question, its details and Confirm; it takes the focus when it appears, so a keyboard is at Confirm. */
function BulkConfirmation({ formId, preview }: { formId: string; preview: BulkPreviewView }) {
  const location = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div
      role="alertdialog"
      aria-labelledby={`${formId}-question`}
      aria-describedby={`${formId}-details`}
      className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-4"
    >
      <h3 id={`${formId}-question`} ref={heading} tabIndex={-1} className="font-semibold text-slate-900">
        {preview.question}
      </h3>
      <ul id={`${formId}-details`} className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {preview.details.map((detail) => (
          <li key={detail}>{detail}</li>
        ))}
      </ul>
      <Form method="post" className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="bulk-apply" />
        {Object.entries(preview.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {preview.ids.map((id) => (
          <input key={id} type="hidden" name="ids" value={id} />
        ))}
        <SecondFactorCodeField needed={preview.codeNeeded === true} className="w-full" />
        <button type="submit" className={buttonClass("danger")} disabled={preview.ids.length === 0}>
          {preview.confirm}
        </button>
        <Link to={`${location.pathname}${location.search}`} className={buttonClass("secondary")}>
          Go back
        </Link>
      </Form>
    </div>
  );
}

/**
 * The result of a bulk change just made: the toast the change redirected with, which the root loader read. Shown
 * beside the bar as well, so it is there without JavaScript and stays while the admin reads it.
 */
function useBulkResult(): { title: string; description?: string } | null {
  const root = useRouteLoaderData("root") as
    | { toast?: { title: string; description?: string } | null }
    | undefined;
  return root?.toast?.title === BULK_TEXT.done ? root.toast : null;
}

/** The rows ticked for `formId`, kept in step with the checkboxes once the page is hydrated. */
function useSelection(formId: string) {
  const [state, setState] = useState({ hydrated: false, count: 0, total: 0 });
  useEffect(() => {
    const boxes = () => [
      ...document.querySelectorAll<HTMLInputElement>(`input[name="ids"][form="${formId}"]`),
    ];
    const count = () =>
      setState({ hydrated: true, count: boxes().filter((box) => box.checked).length, total: boxes().length });
    count();
    document.addEventListener("change", count);
    return () => document.removeEventListener("change", count);
  }, [formId]);
  const setAll = useCallback(
    (checked: boolean) => {
      for (const box of document.querySelectorAll<HTMLInputElement>(`input[name="ids"][form="${formId}"]`))
        box.checked = checked;
      setState((now) => ({ ...now, count: checked ? now.total : 0 }));
    },
    [formId],
  );
  return { ...state, setAll };
}

/** A row's checkbox, in the bulk form `formId` wherever the row is drawn. */
export function RowCheckbox({ formId, id, label }: { formId: string; id: string; label: string }) {
  return (
    <input
      type="checkbox"
      name="ids"
      value={id}
      form={formId}
      aria-label={`Select ${label}`}
      className="h-4 w-4 rounded border-slate-300 accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    />
  );
}
