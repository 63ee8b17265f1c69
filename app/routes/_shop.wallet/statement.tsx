import { Form, Link } from "react-router";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { Card, CardHeader } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Pagination } from "../../components/ui/pagination.tsx";
import { Select } from "../../components/ui/select.tsx";
import { TransactionList } from "../../components/wallet/transaction-list.tsx";
import type { StatementPage } from "../../domain/wallet/list-statement.server.ts";
import {
  STATEMENT_TEXT,
  STATEMENT_TYPE_LABELS,
  STATEMENT_TYPES,
  type StatementFilter,
  showingLines,
  statementSearch,
} from "../../domain/wallet/statement-query.ts";

const TYPE_OPTIONS = STATEMENT_TYPES.map((value) => ({ value, label: STATEMENT_TYPE_LABELS[value] }));

/**
 * The customer's whole statement (product rules 2.10): filters by type and UTC days as a GET form (the address
 * keeps them, a new filter starts at page 1), the page's lines with the balance each left, the pages, and the
 * CSV of every line the filters match.
 */
export function Statement({
  statement,
  filter,
  loading,
}: {
  statement: StatementPage;
  filter: StatementFilter;
  loading: boolean;
}) {
  const { lines, total, page, pageCount, pageSize } = statement;
  const filtered = Boolean(filter.type || filter.from || filter.to);
  const first = (page - 1) * pageSize + 1;
  return (
    <Card>
      <CardHeader title={STATEMENT_TEXT.title} description={STATEMENT_TEXT.description} />
      <Form
        method="get"
        role="search"
        aria-label={STATEMENT_TEXT.filters}
        className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-[12rem_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end"
      >
        <div className="col-span-2 sm:col-span-1">
          <Select
            key={`type:${filter.type ?? ""}`}
            label={STATEMENT_TEXT.typeLabel}
            name="type"
            defaultValue={filter.type ?? ""}
            options={TYPE_OPTIONS}
          >
            <option value="">{STATEMENT_TEXT.allTypes}</option>
          </Select>
        </div>
        <Input
          key={`from:${filter.from ?? ""}`}
          label={STATEMENT_TEXT.fromLabel}
          name="from"
          type="date"
          defaultValue={filter.from ?? ""}
        />
        <Input
          key={`to:${filter.to ?? ""}`}
          label={STATEMENT_TEXT.toLabel}
          name="to"
          type="date"
          defaultValue={filter.to ?? ""}
        />
        <Button type="submit" variant="secondary" className="col-span-2 sm:col-span-1">
          {STATEMENT_TEXT.apply}
        </Button>
      </Form>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600" data-testid="statement-showing" aria-live="polite">
          {total > 0 ? showingLines(first, first + lines.length - 1, total) : null}
        </p>
        <div className="flex flex-wrap gap-2">
          {filtered ? (
            <Link to="/wallet" className={buttonClass("secondary")}>
              {STATEMENT_TEXT.clear}
            </Link>
          ) : null}
          {total > 0 ? (
            // A file, not a page: the browser downloads it (reloadDocument keeps the router out of it).
            <Link
              to={`/wallet/statement.csv${statementSearch(filter)}`}
              reloadDocument
              download
              className={buttonClass("secondary")}
            >
              {STATEMENT_TEXT.download}
            </Link>
          ) : null}
        </div>
      </div>
      <TransactionList
        transactions={lines}
        place="wallet"
        loading={loading}
        empty={filtered ? STATEMENT_TEXT.noMatch : STATEMENT_TEXT.empty}
      />
      <Pagination
        page={page}
        pageCount={pageCount}
        href={(target) => `/wallet${statementSearch(filter, target)}`}
        label={STATEMENT_TEXT.pagination}
      />
    </Card>
  );
}
