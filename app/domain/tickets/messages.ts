/** Support ticket categories and their labels (customer spec section 5, New ticket). */
export const TICKET_CATEGORIES = [
  { value: "order", label: "Order Issue" },
  { value: "payment", label: "Payment Issue" },
  { value: "request", label: "General Request" },
] as const;

export type TicketCategory = (typeof TICKET_CATEGORIES)[number]["value"];

export const TICKET_SUBJECT_MAX = 150;
export const TICKET_MESSAGE_MAX = 5_000;

/** The specs' ticket texts, in one place. */
export const TICKET_TEXT = {
  submitted: "Your ticket has been submitted successfully",
  signInRequired: "You must be logged in to submit a ticket",
  failed: "Failed to submit ticket",
  missingFields: "Please fill in all required fields",
  selectOrder: "Please select an order",
  orderNotFound: "This order was not found in your account.",
  subjectTooLong: `The subject must be at most ${TICKET_SUBJECT_MAX} characters.`,
  messageTooLong: `The message must be at most ${TICKET_MESSAGE_MAX.toLocaleString("en-US")} characters.`,
  tooMany: "You have submitted several tickets in a short time. Please wait a few minutes and try again.",
  empty: "No tickets found...",
} as const;

/** A ticket status as the customer sees it: upper case, underscores to spaces ("IN PROGRESS"). */
export function ticketStatusLabel(status: string): string {
  return status.replaceAll("_", " ").toUpperCase();
}

export const TICKET_STATUSES = ["open", "in_progress", "completed"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_RESPONSE_MAX = 5_000;

/** The admin side's ticket texts: the spec's toasts (admin spec section 8) and our refusals. */
export const TICKET_ADMIN_TEXT = {
  updated: "Ticket updated successfully",
  updateFailed: "Failed to update ticket",
  notFound: "This ticket does not exist.",
  invalid: "Choose a status (open, in progress or completed) for an existing ticket.",
  responseTooLong: `The reply must be at most ${TICKET_RESPONSE_MAX.toLocaleString("en-US")} characters.`,
  noTickets: "No tickets found",
  openTicket: "Open ticket",
  backToTickets: "Back to Tickets",
  ticketNotFound: "Ticket not found",
} as const;

/** How many messages a ticket's thread holds, as the tickets list says it: "1 message", "100 messages". */
export function ticketMessageCount(count: number): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? "message" : "messages"}`;
}

/** A reply in a ticket's thread, from either side, is at most as long as a ticket's first message. */
export const TICKET_REPLY_MAX = TICKET_MESSAGE_MAX;

/** The thread's texts (product rules 7.8): the customer's reply form, the admin's, and the status entries. */
export const TICKET_THREAD_TEXT = {
  replyLabel: "Your reply",
  send: "Send Reply",
  sending: "Sending...",
  replySent: "Your reply has been sent",
  replyFailed: "Your reply could not be sent",
  emptyReply: "Write your reply before sending it.",
  replyTooLong: `A reply must be at most ${TICKET_REPLY_MAX.toLocaleString("en-US")} characters.`,
  tooManyReplies: "You have sent several replies in a short time. Please wait a few minutes and try again.",
  notFound: "This ticket was not found in your account.",
  adminNothingToDo: "Write a reply or choose another status.",
  adminReplyLabel: "Reply to the customer",
  you: "You",
  customer: "Customer",
  support: "Support",
  reopenedHint: "Replying reopens the ticket.",
} as const;

/** A thread entry's status line: "Status: COMPLETED". */
export function ticketStatusChangeLabel(status: TicketStatus): string {
  return `Status: ${ticketStatusLabel(status)}`;
}

/**
 * The status a customer's reply leaves the ticket in (product rules 7.8): back in support's queue, `open`, whatever
 * it was; a completed ticket is reopened by a reply, as help desks do.
 */
export const STATUS_AFTER_CUSTOMER_REPLY: TicketStatus = "open";

/** What the admin form proposes for a reply: an open ticket becomes in progress (answered), others keep theirs. */
export function suggestedAdminStatus(current: TicketStatus): TicketStatus {
  return current === "open" ? "in_progress" : current;
}
