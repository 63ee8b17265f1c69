import { useRef, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { AFFILIATE_PAGE_TEXT } from "../../domain/affiliates/affiliate-page-text.ts";

/** The customer's referral link, whole and selectable, with a button that copies it and says so. */
export function ReferralLink({ link }: { link: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [said, setSaid] = useState("");

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setSaid(AFFILIATE_PAGE_TEXT.copied);
    } catch {
      // A browser that refuses the clipboard: the link is selected, ready for the keyboard's own copy.
      input.current?.select();
      setSaid(AFFILIATE_PAGE_TEXT.copyFailed);
    }
  }

  return (
    <Card className="mt-6">
      <label htmlFor="referral-link" className="text-lg font-semibold text-slate-900">
        {AFFILIATE_PAGE_TEXT.linkLabel}
      </label>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <input
          ref={input}
          id="referral-link"
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2.5 font-mono text-sm text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        />
        <Button onClick={copy}>{AFFILIATE_PAGE_TEXT.copy}</Button>
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm text-slate-600 empty:mt-0" data-testid="copy-status">
        {said}
      </p>
    </Card>
  );
}
