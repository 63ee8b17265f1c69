/**
 * CSV as the admin's exports write it (product rules 13.35): RFC 4180 (fields separated by commas, records ended by
 * CRLF, a field holding a comma, a quote or a line break enclosed in double quotes with its quotes doubled), UTF-8,
 * and no text a spreadsheet would run as a formula.
 */

/**
 * Whole cents as dollars with two decimals, the way a spreadsheet reads a number: 123456 -> "1234.56",
 * -5 -> "-0.05". Text, since 0.10 written as a number would lose its zero, but never guarded: the shop wrote it.
 */
export class CsvMoney {
  readonly text: string;
  constructor(cents: number) {
    if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
    const absolute = Math.abs(cents);
    this.text = `${cents < 0 ? "-" : ""}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, "0")}`;
  }
}

/**
 * A cell: text (people's words or the shop's, guarded), a count or an amount the shop computed (written as it
 * is, so a negative margin stays a number), or nothing (an empty field).
 */
export type CsvCell = string | number | CsvMoney | null;

/**
 * The characters that make a spreadsheet read a cell as a formula when they start it (= + - @, and tab and
 * carriage return, which some read past): such a text cell is prefixed with an apostrophe.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field, guarded and quoted as needed. */
export function csvField(cell: CsvCell): string {
  if (cell === null) return "";
  if (cell instanceof CsvMoney) return cell.text;
  if (typeof cell === "number") {
    if (!Number.isFinite(cell)) throw new RangeError(`Not a number to write: ${cell}`);
    return String(cell);
  }
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, ended by CRLF. */
export function csvRecord(cells: readonly CsvCell[]): string {
  return `${cells.map(csvField).join(",")}\r\n`;
}

/** Cents as an amount cell (two decimals); null stays an empty field (unknown). */
export function csvDollars(cents: number | null): CsvCell {
  return cents === null ? null : new CsvMoney(cents);
}

/** An instant as a spreadsheet reads it, in UTC: "2026-11-22 14:05:09". */
export function utcTime(instant: Date): string {
  return instant.toISOString().slice(0, 19).replace("T", " ");
}

const encoder = new TextEncoder();

/**
 * A CSV body read batch by batch: the header, then each batch's records as one chunk, pulled only as fast as the
 * client reads (the page handler waits for the socket to drain), so an export of any size holds one batch in
 * memory. A client that goes away stops the batches.
 */
export function csvBody<R>(
  header: readonly string[],
  batches: AsyncIterable<readonly R[]>,
  toCells: (row: R) => readonly CsvCell[],
): ReadableStream<Uint8Array> {
  const iterator = batches[Symbol.asyncIterator]();
  let headerSent = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(encoder.encode(csvRecord(header)));
          return;
        }
        const next = await iterator.next();
        if (next.done) {
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(next.value.map((row) => csvRecord(toCells(row))).join("")));
      },
      async cancel() {
        await iterator.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}

/** The answer of an export: a CSV attachment named `fileName`, private and never stored by a cache. */
export function csvResponse(fileName: string, body: ReadableStream<Uint8Array>): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
