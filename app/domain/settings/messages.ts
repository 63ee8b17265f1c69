/** The storefront's notice while the admin has maintenance mode on (product rules 7.2). */
export const MAINTENANCE_NOTICE =
  "Boostly is under maintenance: new orders and deposits are paused for a short while. You can still browse and sign in.";
