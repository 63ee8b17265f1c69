const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value is a well-formed UUID (our row ids); anything else is "not found" without a query. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
