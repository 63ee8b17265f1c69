import { requireUser } from "../../domain/accounts/session.server.ts";
import { exportStatement, type StatementLine } from "../../domain/wallet/export-statement.server.ts";
import {
  readStatementQuery,
  STATEMENT_TEXT,
  STATEMENT_TYPE_LABELS,
  statementFileName,
} from "../../domain/wallet/statement-query.ts";
import { csvBody, csvDollars, csvResponse, utcTime } from "../../lib/csv.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import type { Route } from "./+types/route";

/** A line of the statement as the CSV writes it: the page's words, amounts in dollars, formulas kept as text. */
function cells(line: StatementLine) {
  return [
    utcTime(line.createdAt),
    STATEMENT_TYPE_LABELS[line.type],
    line.description,
    csvDollars(line.amountCents),
    csvDollars(line.balanceAfterCents),
  ];
}

/**
 * /wallet/statement.csv?type=&from=&to=: the signed-in customer's own statement with the page's filters, oldest
 * first, streamed batch by batch (product rules 2.10); a visitor is sent to sign in.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { page: _page, ...filter } = readStatementQuery(new URL(request.url));
  const lines = exportStatement(shopDatabase(context), user.id, filter);
  return csvResponse(statementFileName(new Date()), csvBody(STATEMENT_TEXT.csvHeader, lines, cells));
}
