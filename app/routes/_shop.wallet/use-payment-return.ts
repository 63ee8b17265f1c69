import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useToast } from "../../components/ui/toaster.tsx";
import { safeNextPath } from "../../domain/accounts/safe-next.ts";
import { PAYMENT_RETURN_DELAY_MS } from "../../domain/payments/deposit-form.ts";
import { DEPOSIT_TEXT } from "../../domain/payments/messages.ts";

/** After a paid checkout: the toast, then (2 s later) fresh data and the page the customer came from. */
export function usePaymentReturn() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const toasted = useRef<string | null>(null);
  const paid = params.get("payment") === "success";
  const next = params.get("next");
  useEffect(() => {
    const key = `${paid}:${next}`;
    if (!paid) toasted.current = null;
    if (!paid || toasted.current === key) return;
    toasted.current = key;
    toast({ title: DEPOSIT_TEXT.paymentSuccessTitle, description: DEPOSIT_TEXT.paymentSuccess });
  }, [paid, next, toast]);
  useEffect(() => {
    if (!paid) return;
    // The credit itself came from the provider's webhook; this only refreshes what the page shows.
    const timer = window.setTimeout(() => {
      const target = safeNextPath(next, "");
      navigate(target || "/wallet", { replace: !target });
    }, PAYMENT_RETURN_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [paid, next, navigate]);
  return paid ? null : next;
}
