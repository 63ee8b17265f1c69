import { describe, expect, it } from "vitest";
import { COMMENT_MAX_LENGTH } from "../../app/domain/orders/order-types.ts";
import {
  API_ORDER_TYPE_TEXT,
  API_PACKAGE_FACTS,
  type ApiTypedService,
  apiOrderTypeFacts,
  readApiOrderRequest,
} from "../../app/domain/reseller/api-order-types.ts";

// The panels' `add` by order type (docs/decisions/021 and 020).

const LINK = "https://www.instagram.com/p/Abc123/";
const likes: ApiTypedService = {
  id: "likes-id",
  minQuantity: 10,
  maxQuantity: 50_000,
  orderType: "default",
  dripfeed: true,
};
const plain: ApiTypedService = { ...likes, id: "plain-id", dripfeed: false };
const comments: ApiTypedService = {
  id: "comments-id",
  minQuantity: 2,
  maxQuantity: 5,
  orderType: "custom_comments",
  dripfeed: false,
};

const refusal = (message: string, field: string) => ({ ok: false, kind: "invalid", message, field });

describe("a Default order", () => {
  it("is its link and quantity", () => {
    expect(readApiOrderRequest({ link: LINK, quantity: " 150 " }, { service: plain })).toEqual({
      type: "Default",
      serviceId: "plain-id",
      targetLink: LINK,
      quantity: 150,
    });
  });

  it.each([
    [{ link: LINK }, refusal(API_ORDER_TYPE_TEXT.incorrectQuantity, "quantity")],
    [{ link: LINK, quantity: "1.5" }, refusal(API_ORDER_TYPE_TEXT.incorrectQuantity, "quantity")],
    [{ link: LINK, quantity: "-3" }, refusal(API_ORDER_TYPE_TEXT.incorrectQuantity, "quantity")],
    [{ link: LINK, quantity: "9" }, refusal("Quantity less than minimal 10", "quantity")],
    [{ link: LINK, quantity: "50001" }, refusal("Quantity more than maximal 50000", "quantity")],
    [{ quantity: "100" }, refusal(API_ORDER_TYPE_TEXT.incorrectLink, "link")],
    [{ link: "  ", quantity: "100" }, refusal(API_ORDER_TYPE_TEXT.incorrectLink, "link")],
    [
      { link: LINK, quantity: "100", comments: "nice" },
      refusal(API_ORDER_TYPE_TEXT.commentsUnavailable, "comments"),
    ],
  ])("refuses %j", (params, expected) => {
    expect(readApiOrderRequest(params, { service: plain })).toEqual(expected);
  });

  it("takes runs and interval where the service allows drip-feed (each run within the limits, not the total)", () => {
    expect(
      readApiOrderRequest(
        { link: LINK, quantity: "50000", runs: "100", interval: "1440" },
        { service: likes },
      ),
    ).toEqual({
      type: "Default",
      serviceId: "likes-id",
      targetLink: LINK,
      quantity: 50_000,
      dripFeed: { runs: 100, intervalMinutes: 1_440 },
    });
  });

  it("treats blank runs and interval as absent (clients send every field)", () => {
    expect(
      readApiOrderRequest({ link: LINK, quantity: "100", runs: "", interval: " " }, { service: plain }),
    ).toEqual({ type: "Default", serviceId: "plain-id", targetLink: LINK, quantity: 100 });
  });

  it.each([
    [plain, { runs: "3", interval: "10" }, refusal(API_ORDER_TYPE_TEXT.dripFeedUnavailable, "runs")],
    [likes, { runs: "3" }, refusal(API_ORDER_TYPE_TEXT.runsWithInterval, "interval")],
    [likes, { interval: "10" }, refusal(API_ORDER_TYPE_TEXT.runsWithInterval, "runs")],
    [likes, { runs: "1", interval: "10" }, refusal(API_ORDER_TYPE_TEXT.incorrectRuns, "runs")],
    [likes, { runs: "101", interval: "10" }, refusal(API_ORDER_TYPE_TEXT.incorrectRuns, "runs")],
    [likes, { runs: "2.5", interval: "10" }, refusal(API_ORDER_TYPE_TEXT.incorrectRuns, "runs")],
    [likes, { runs: "3", interval: "0" }, refusal(API_ORDER_TYPE_TEXT.incorrectInterval, "interval")],
    [likes, { runs: "3", interval: "1441" }, refusal(API_ORDER_TYPE_TEXT.incorrectInterval, "interval")],
  ])("refuses drip-feed %#", (service, dripFeed, expected) => {
    expect(readApiOrderRequest({ link: LINK, quantity: "100", ...dripFeed }, { service })).toEqual(expected);
  });

  it("refuses runs x quantity beyond what an order can hold", () => {
    const huge = { ...likes, maxQuantity: 1_000_000_000 };
    expect(
      readApiOrderRequest(
        { link: LINK, quantity: "100000000", runs: "50", interval: "5" },
        { service: huge },
      ),
    ).toEqual(refusal(API_ORDER_TYPE_TEXT.tooManyUnits, "runs"));
  });
});

describe("a Custom Comments order", () => {
  it("is one unit per comment line; blank lines are dropped and the quantity sent is ignored", () => {
    expect(
      readApiOrderRequest(
        { link: LINK, quantity: "999", comments: " Nice!\r\n\r\nGreat shot \n\n  Wow  \n" },
        { service: comments },
      ),
    ).toEqual({
      type: "Custom Comments",
      serviceId: "comments-id",
      targetLink: LINK,
      quantity: 3,
      comments: ["Nice!", "Great shot", "Wow"],
    });
  });

  it.each([
    [{}, refusal(API_ORDER_TYPE_TEXT.commentsRequired, "comments")],
    [{ comments: "\n \n" }, refusal(API_ORDER_TYPE_TEXT.commentsRequired, "comments")],
    [{ comments: "only one" }, refusal("Quantity less than minimal 2", "comments")],
    [{ comments: "1\n2\n3\n4\n5\n6" }, refusal("Quantity more than maximal 5", "comments")],
    [
      { comments: `ok\n${"x".repeat(COMMENT_MAX_LENGTH + 1)}` },
      refusal(API_ORDER_TYPE_TEXT.commentTooLong, "comments"),
    ],
    [
      { comments: "a\nb", runs: "2", interval: "5" },
      refusal(API_ORDER_TYPE_TEXT.dripFeedUnavailable, "runs"),
    ],
  ])("refuses %j", (params, expected) => {
    expect(readApiOrderRequest({ link: LINK, ...params }, { service: comments })).toEqual(expected);
  });

  it("keeps a comment of exactly the longest length", () => {
    const longest = "y".repeat(COMMENT_MAX_LENGTH);
    expect(
      readApiOrderRequest({ link: LINK, comments: `${longest}\nok` }, { service: comments }),
    ).toMatchObject({
      quantity: 2,
      comments: [longest, "ok"],
    });
  });
});

describe("a Package order", () => {
  it("is the pack and a link; other fields are not read", () => {
    expect(readApiOrderRequest({ link: LINK, quantity: "abc" }, { pack: { id: "pack-id" } })).toEqual({
      type: "Package",
      packId: "pack-id",
      targetLink: LINK,
    });
    expect(readApiOrderRequest({}, { pack: { id: "pack-id" } })).toEqual(
      refusal(API_ORDER_TYPE_TEXT.incorrectLink, "link"),
    );
  });
});

describe("a Package service's order (docs/decisions/037)", () => {
  const starter: ApiTypedService = {
    id: "starter-id",
    minQuantity: 1,
    maxQuantity: 1,
    orderType: "package",
    dripfeed: false,
  };

  it("is one package to a link: quantity absent or 1", () => {
    const one = { type: "Package", serviceId: "starter-id", targetLink: LINK, quantity: 1 };
    expect(readApiOrderRequest({ link: LINK }, { service: starter })).toEqual(one);
    expect(readApiOrderRequest({ link: LINK, quantity: " 1 ", runs: "" }, { service: starter })).toEqual(one);
  });

  it.each([
    [{ link: LINK, quantity: "2" }, "quantity"],
    [{ link: LINK, quantity: "0" }, "quantity"],
    [{ link: LINK, runs: "2", interval: "5" }, "quantity"],
    [{ link: LINK, comments: "nice" }, "quantity"],
  ])("refuses %j in the panels' plain words", (params, field) => {
    expect(readApiOrderRequest(params, { service: starter })).toEqual(
      refusal(API_ORDER_TYPE_TEXT.packageLinkOnly, field),
    );
  });

  it("is listed as a Package", () => {
    expect(apiOrderTypeFacts(starter)).toEqual({ type: "Package", dripfeed: false });
  });
});

describe("what services says of a type", () => {
  it("names the type and whether drip-feed is offered", () => {
    expect(apiOrderTypeFacts(likes)).toEqual({ type: "Default", dripfeed: true });
    expect(apiOrderTypeFacts(plain)).toEqual({ type: "Default", dripfeed: false });
    expect(apiOrderTypeFacts(comments)).toEqual({ type: "Custom Comments", dripfeed: false });
    expect(API_PACKAGE_FACTS).toEqual({ type: "Package", dripfeed: false });
  });
});
