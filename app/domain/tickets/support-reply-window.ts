/** How far back support's reply time looks: the tickets opened in the last 30 days (product rules 7.11). */
export const SUPPORT_REPLY_WINDOW_DAYS = 30;
