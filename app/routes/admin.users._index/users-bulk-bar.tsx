import { BulkBar, type BulkPreviewView } from "../../components/admin/bulk-bar.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Select } from "../../components/ui/select.tsx";
import { USER_NOUN } from "../../domain/wallet/adjustment-form.ts";
import {
  ADJUSTMENT_KINDS,
  ADJUSTMENT_LABELS,
  ADJUSTMENT_REASON_MAX,
} from "../../domain/wallet/balance-adjustment.ts";

/** The users list's bulk bar: a credit or debit of one amount to each ticked user, with its kind and reason. */
export function UsersBulkBar({
  formId,
  preview,
  refused,
}: {
  formId: string;
  preview: BulkPreviewView | null;
  refused: { title: string; message: string } | null;
}) {
  return (
    <BulkBar
      formId={formId}
      noun={USER_NOUN}
      actions={[
        { value: "credit", label: "Credit balance" },
        { value: "debit", label: "Debit balance" },
      ]}
      actionName="direction"
      preview={preview}
      refused={refused}
    >
      <Input
        label="Amount ($)"
        name="amount"
        size="sm"
        inputMode="decimal"
        placeholder="5.00"
        className="w-full"
        fieldClassName="w-36"
      />
      <Select
        label="Kind"
        name="kind"
        size="sm"
        className="w-full"
        fieldClassName="w-48"
        options={ADJUSTMENT_KINDS.map((kind) => ({ value: kind, label: ADJUSTMENT_LABELS[kind] }))}
      />
      <Input
        label="Reason"
        name="reason"
        size="sm"
        maxLength={ADJUSTMENT_REASON_MAX}
        className="w-full"
        fieldClassName="w-64"
      />
    </BulkBar>
  );
}
