import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";
import type { Notice } from "../../domain/orders/messages.ts";
import {
  clearOrderIntent,
  type OrderIntentPayload,
  readOrderIntent,
  saveOrderIntent,
} from "../../lib/order-intent.ts";
import { goQuietly } from "../../lib/quiet-navigation.ts";
import { type FieldErrors, fieldErrorsOf, useFocusFirstInvalid } from "../ui/field-errors.ts";
import { useToast } from "../ui/toaster.tsx";

const WALLET_PATH = "/wallet";
const NO_FIELDS: readonly string[] = [];

/**
 * What an order page's action answers when no order was placed (answerOrderForm): the form shows the notice (a
 * toast and a line above Place Order) or, when it names a field the page says beside itself, the message under
 * that field (product rules 12.3), and, for insufficient funds, saves itself and goes to the wallet.
 */
export type OrderRefused = { notice: Notice; insufficient: boolean; field?: string };

/** A page's own check that found one field at fault: said beside that field (product rules 12.3). */
export type FieldProblem = { field: string; message: string };

/** An order page's flow (useOrderFlow), for the form that sends it. */
export type OrderFlow = ReturnType<typeof useOrderFlow>;

/**
 * The order-intent flow of an order page (customer spec section 4): restores the form saved for this path,
 * sends a visitor to sign up with the form saved, shows a refusal as a toast and, for insufficient funds,
 * saves the form and goes to the wallet; a successful order clears the saved form.
 */
export function useOrderFlow({
  signedIn,
  refusal,
  readForm,
  restoreForm,
  besideFields = NO_FIELDS,
}: {
  signedIn: boolean;
  refusal: OrderRefused | undefined;
  readForm: () => OrderIntentPayload;
  restoreForm: (saved: OrderIntentPayload) => void;
  /**
   * The fields whose refusals the page says beside them rather than in the spec's toasts (product rules 12.3): the
   * ones whose notice has no title of its own ('Error'). A constant of the page: a new list re-renders the errors.
   */
  besideFields?: readonly string[];
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const toast = useToast();
  const path = `${location.pathname}${location.search}`;
  const busy = navigation.formData !== undefined;
  const formRef = useRef<HTMLFormElement>(null);
  const [typedErrors, setTypedErrors] = useState<FieldErrors | null>(null);
  const answeredErrors = useMemo(
    () => fieldErrorsOf(refusal && { field: refusal.field, message: refusal.notice.message }, besideFields),
    [refusal, besideFields],
  );
  const answeredField = answeredErrors !== null;
  const fieldErrors = typedErrors ?? (busy ? null : answeredErrors);
  useFocusFirstInvalid(formRef, fieldErrors);
  // The effects below must not rerun when the page re-renders with new callbacks.
  const readRef = useRef(readForm);
  readRef.current = readForm;
  const restoreRef = useRef(restoreForm);
  restoreRef.current = restoreForm;

  useEffect(() => {
    const saved = readOrderIntent(path);
    if (saved) restoreRef.current(saved);
  }, [path]);

  const saveForm = useCallback(() => saveOrderIntent(path, readRef.current()), [path]);
  const walletHref = `${WALLET_PATH}?next=${encodeURIComponent(path)}`;

  // Each refusal is answered once, however often the page re-renders while it is the latest action data.
  const answeredRef = useRef<OrderRefused | undefined>(undefined);
  useEffect(() => {
    if (!refusal || answeredRef.current === refusal) return;
    answeredRef.current = refusal;
    if (answeredField) return;
    toast({
      title: refusal.notice.title,
      description: refusal.notice.message,
      variant: "destructive",
      // It explains the detour to the wallet, so it shows there too, and nowhere after (product rules 12.2).
      pages: refusal.insufficient ? [location.pathname, WALLET_PATH] : undefined,
    });
  }, [refusal, answeredField, toast, location.pathname]);

  // The refusal is known while the page's data is still reloading after the action; leaving for the wallet
  // then would abort that load mid-stream (an unhandled AbortError), so the detour waits until it is done.
  const detouredFor = useRef<OrderRefused | null>(null);
  const settled = navigation.state === "idle";
  useEffect(() => {
    if (!refusal?.insufficient || !settled || detouredFor.current === refusal) return;
    detouredFor.current = refusal;
    saveForm();
    goQuietly(navigate(walletHref));
  }, [refusal, settled, saveForm, navigate, walletHref]);

  // The action redirects to the dashboard only after a successful order.
  useEffect(() => {
    if (
      navigation.state === "loading" &&
      navigation.formData &&
      navigation.location.pathname === "/dashboard"
    )
      clearOrderIntent();
  }, [navigation]);

  /** Lets a customer's form go to the server; a visitor's is saved and they sign up first. */
  const sendOrSignUp = useCallback(
    (event: React.FormEvent<HTMLFormElement>) => {
      if (signedIn) return;
      event.preventDefault();
      saveForm();
      goQuietly(navigate(`/register?next=${encodeURIComponent(path)}`));
    },
    [signedIn, saveForm, navigate, path],
  );

  /**
   * The page's own checks, run before anything is sent (the server repeats every one of them): their notice is
   * shown as a toast and the form stays; with none, the form goes on (sendOrSignUp).
   */
  const sendUnless = useCallback(
    (event: React.FormEvent<HTMLFormElement>, problem: Notice | FieldProblem | null) => {
      setTypedErrors(problem && "field" in problem ? { [problem.field]: problem.message } : null);
      if (!problem) return sendOrSignUp(event);
      event.preventDefault();
      if (!("field" in problem))
        toast({ title: problem.title, description: problem.message, variant: "destructive" });
    },
    [sendOrSignUp, toast],
  );

  return {
    path,
    busy,
    signedIn,
    walletHref,
    saveForm,
    sendOrSignUp,
    sendUnless,
    formRef,
    fieldErrors,
    /** Whether the last refusal is said beside its field (so not again above Place Order). */
    refusalBesideField: answeredField,
  };
}
