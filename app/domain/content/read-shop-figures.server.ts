import type { Executor } from "../../db/client.server.ts";
import { countCustomers } from "../accounts/count-customers.server.ts";
import { measureSupportReplies } from "../tickets/measure-support-replies.server.ts";
import { customerCountText, type ShopFigures, supportReplyText } from "./shop-figures.ts";

/** The shop's figures from its own data (product rules 7.10, 7.11): the customer count and support's reply time. */
export async function readShopFigures(db: Executor): Promise<ShopFigures> {
  const [customers, replies] = await Promise.all([countCustomers(db), measureSupportReplies(db)]);
  return { customers: customerCountText(customers), supportReply: supportReplyText(replies) };
}
