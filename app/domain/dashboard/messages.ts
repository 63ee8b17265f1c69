/** The dashboard's own texts (customer spec section 8), kept in one place. */
export const DASHBOARD_TEXT = {
  loadError: "Error loading data",
} as const;
