import { Form, useNavigation } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import type { Settings } from "../../domain/settings/defaults.ts";
import { PAGE_TEXT_MAX } from "../../domain/settings/settings-form-text.ts";
import { dollarsAsTyped } from "../../lib/format-money.ts";

function SaveButton({ part, label }: { part: string; label: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === part;
  return (
    <Button type="submit" disabled={busy}>
      {busy ? "Saving..." : label}
    </Button>
  );
}

/** Deposit limits, bonuses and the shop's switches; amounts in dollars. */
export function ShopSettingsForm({
  settings,
  errors,
}: {
  settings: Settings;
  errors: Record<string, string>;
}) {
  return (
    <Card className="mt-6">
      <h2 className="text-lg font-semibold text-slate-900">Shop</h2>
      <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="shop" />
        <Input
          label="Minimum deposit ($)"
          name="minDepositCents"
          inputMode="decimal"
          defaultValue={dollarsAsTyped(settings.minDepositCents)}
          error={errors.minDepositCents}
        />
        <Input
          label="Maximum deposit ($)"
          name="maxDepositCents"
          inputMode="decimal"
          defaultValue={dollarsAsTyped(settings.maxDepositCents)}
          error={errors.maxDepositCents}
        />
        <Input
          label="New-user bonus ($)"
          name="newUserBonusCents"
          inputMode="decimal"
          defaultValue={dollarsAsTyped(settings.newUserBonusCents)}
          hint="Credited once to each account when its e-mail is confirmed; 0 for none."
          error={errors.newUserBonusCents}
        />
        <Input
          label="Hold before refund (hours)"
          name="refundHoldHours"
          inputMode="numeric"
          defaultValue={String(settings.refundHoldHours)}
          hint="A submission its provider keeps refusing waits this long in Needs manual work, to be resent, before it is failed and refunded; 0 refunds at once."
          error={errors.refundHoldHours}
        />
        <Checkbox
          label="Auto orders enabled"
          name="autoOrdersEnabled"
          defaultChecked={settings.autoOrdersEnabled}
          hint="When off, customers cannot start new auto orders."
        />
        <Checkbox
          label="Maintenance mode"
          name="maintenanceMode"
          defaultChecked={settings.maintenanceMode}
          hint="The storefront shows a notice and refuses new orders and deposits; browsing, sign-in and admin keep working."
        />
        <div className="sm:col-span-2">
          <SaveButton part="shop" label="Save Shop Settings" />
        </div>
      </Form>
    </Card>
  );
}

/** The affiliate programme (product rules 16.10): commission, attribution, payouts and the referral bonus. */
export function AffiliateSettingsForm({
  settings,
  errors,
}: {
  settings: Settings;
  errors: Record<string, string>;
}) {
  return (
    <Card className="mt-6">
      <h2 className="text-lg font-semibold text-slate-900">Affiliate programme</h2>
      <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="affiliates" />
        <Input
          label="Commission (%)"
          name="affiliateCommissionPercent"
          inputMode="numeric"
          defaultValue={String(settings.affiliateCommissionPercent)}
          hint="The share of a referred customer's paid orders, net of refunds, that their affiliate earns; orders already paid keep their rate."
          error={errors.affiliateCommissionPercent}
        />
        <Input
          label="Attribution window (days)"
          name="affiliateAttributionDays"
          inputMode="numeric"
          defaultValue={String(settings.affiliateAttributionDays)}
          hint="How long a visit through a referral link counts for a sign-up."
          error={errors.affiliateAttributionDays}
        />
        <Input
          label="Minimum payout ($)"
          name="affiliateMinimumPayoutCents"
          inputMode="decimal"
          defaultValue={dollarsAsTyped(settings.affiliateMinimumPayoutCents)}
          hint="The least commission balance an affiliate may ask to be paid."
          error={errors.affiliateMinimumPayoutCents}
        />
        <Input
          label="Payout interval (days)"
          name="affiliatePayoutIntervalDays"
          inputMode="numeric"
          defaultValue={String(settings.affiliatePayoutIntervalDays)}
          hint="Days after a paid request before the next may be asked; 7 is weekly."
          error={errors.affiliatePayoutIntervalDays}
        />
        <Input
          label="Referral bonus ($)"
          name="referralBonusCents"
          inputMode="decimal"
          defaultValue={dollarsAsTyped(settings.referralBonusCents)}
          hint="Credited once to the referrer's wallet when a customer they referred has a first deposit credited; 0 for none."
          error={errors.referralBonusCents}
        />
        <div className="sm:col-span-2">
          <SaveButton part="affiliates" label="Save Affiliate Settings" />
        </div>
      </Form>
    </Card>
  );
}

/** The texts the home page hero and the footer show. */
export function PageContentForm({
  settings,
  errors,
}: {
  settings: Settings;
  errors: Record<string, string>;
}) {
  return (
    <Card className="mt-6">
      <h2 className="text-lg font-semibold text-slate-900">Page content</h2>
      <Form method="post" className="mt-4 grid gap-4" noValidate>
        <input type="hidden" name="intent" value="content" />
        <Input
          label="Home page title"
          name="heroTitle"
          maxLength={PAGE_TEXT_MAX.heroTitle}
          defaultValue={settings.heroTitle}
          error={errors.heroTitle}
        />
        <Textarea
          label="Home page subtitle"
          name="heroSubtitle"
          rows={3}
          maxLength={PAGE_TEXT_MAX.heroSubtitle}
          defaultValue={settings.heroSubtitle}
          error={errors.heroSubtitle}
        />
        <Input
          label="Support e-mail"
          name="supportEmail"
          type="email"
          defaultValue={settings.supportEmail}
          error={errors.supportEmail}
        />
        <Textarea
          label="Footer text"
          name="footerText"
          rows={2}
          maxLength={PAGE_TEXT_MAX.footerText}
          defaultValue={settings.footerText}
          error={errors.footerText}
        />
        <div>
          <SaveButton part="content" label="Save Page Content" />
        </div>
      </Form>
    </Card>
  );
}
