/**
 * A Package's order (product rules 13.10): one package at its price, so no quantity to choose: the form sends 1 and
 * says so.
 */
export function PackageQuantity() {
  return (
    <p data-testid="package-quantity" className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
      <input type="hidden" name="quantity" value="1" />
      Quantity: <strong className="text-slate-900">1 package</strong>
    </p>
  );
}
