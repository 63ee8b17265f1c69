/** Customer spec section 9: minimum password length 6. */
export const CUSTOMER_MIN_PASSWORD_LENGTH = 6;
/** Admin spec section 9: admin passwords are at least 8 characters. */
export const ADMIN_MIN_PASSWORD_LENGTH = 8;
