import { Form } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Select } from "../../components/ui/select.tsx";
import { CUSTOMER_ORDERS_SEARCH_MAX_LENGTH } from "../../domain/orders/list-customer-orders-query.ts";
import { ADMIN_ORDER_STATUSES, ORDER_STATUS_LABELS } from "../../domain/orders/order-status-labels.ts";
import { ORDERS_PAGE_TEXT } from "../../domain/orders/orders-page-text.ts";

/** The stored statuses (product rules 4.1) with the words the shop shows for them. */
const STATUS_OPTIONS = ADMIN_ORDER_STATUSES.map((value) => ({ value, label: ORDER_STATUS_LABELS[value] }));

/**
 * Search by order number or link and filter by status: a GET form, so it works without JavaScript and the URL
 * keeps the list (a new search starts at page 1).
 */
export function OrdersFilters({ q, status }: { q: string; status: string }) {
  return (
    <Form
      method="get"
      role="search"
      aria-label={ORDERS_PAGE_TEXT.searchForm}
      className="mt-6 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-end"
    >
      <Input
        key={`q:${q}`}
        label={ORDERS_PAGE_TEXT.searchLabel}
        name="q"
        type="search"
        defaultValue={q}
        placeholder={ORDERS_PAGE_TEXT.searchPlaceholder}
        maxLength={CUSTOMER_ORDERS_SEARCH_MAX_LENGTH}
        autoComplete="off"
      />
      <Select
        key={`status:${status}`}
        label={ORDERS_PAGE_TEXT.statusLabel}
        name="status"
        defaultValue={status}
        options={STATUS_OPTIONS}
      >
        <option value="">{ORDERS_PAGE_TEXT.allStatuses}</option>
      </Select>
      <Button type="submit" variant="secondary">
        {ORDERS_PAGE_TEXT.searchButton}
      </Button>
    </Form>
  );
}
