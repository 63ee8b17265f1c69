import { describe, expect, it } from "vitest";
import { readMassOrderLines } from "../../app/domain/orders/mass-order-lines.ts";
import { MASS_ORDER_MAX_LINES, MASS_ORDER_TEXT } from "../../app/domain/orders/mass-order-text.ts";

describe("reading a mass order's paste (product rules 4.8)", () => {
  it("reads service id | link | quantity with or without spaces, numbering lines as pasted", () => {
    const read = readMassOrderLines("12 | https://x.test/a | 100\r\n\n  7|https://x.test/b|1,500  \n");
    expect(read).toEqual({
      ok: true,
      lines: [
        {
          line: 1,
          text: "12 | https://x.test/a | 100",
          fields: { serviceApiId: 12, link: "https://x.test/a", quantity: 100 },
        },
        {
          line: 3,
          text: "7|https://x.test/b|1,500",
          fields: { serviceApiId: 7, link: "https://x.test/b", quantity: 1_500 },
        },
      ],
    });
  });

  it.each([
    ["12 | https://x.test/a", MASS_ORDER_TEXT.badFormat],
    ["12 | https://x.test/a | 100 | extra", MASS_ORDER_TEXT.badFormat],
    ["12 |  | 100", MASS_ORDER_TEXT.badFormat],
    ["likes | https://x.test/a | 100", MASS_ORDER_TEXT.badServiceId],
    ["12 | https://x.test/a | 1.5", MASS_ORDER_TEXT.badQuantity],
    ["12 | https://x.test/a | -3", MASS_ORDER_TEXT.badQuantity],
  ])("%s is refused with its reason", (text, error) => {
    expect(readMassOrderLines(text)).toMatchObject({ ok: true, lines: [{ line: 1, fields: { error } }] });
  });

  it("refuses an empty paste and more lines than the maximum, as a whole", () => {
    expect(readMassOrderLines("\n  \n")).toMatchObject({ ok: false, ...MASS_ORDER_TEXT.empty });
    const lines = Array.from({ length: MASS_ORDER_MAX_LINES + 1 }, () => "1 | a | 1").join("\n");
    expect(readMassOrderLines(lines)).toMatchObject({
      ok: false,
      title: "Too many lines",
      message: `A mass order takes at most ${MASS_ORDER_MAX_LINES} lines. Split it into several. This one has ${MASS_ORDER_MAX_LINES + 1}.`,
    });
    expect(readMassOrderLines(lines.split("\n").slice(1).join("\n"))).toMatchObject({ ok: true });
  });
});
