import { Form, useNavigation } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Select } from "../../components/ui/select.tsx";
import { ALERT_KINDS, ALERT_MAIL_MODES } from "../../domain/alerts/kinds.ts";
import type { Settings } from "../../domain/settings/defaults.ts";

/**
 * Alerts to the operator (product rules 14.22, 14.23): where they are mailed, one by one or in a daily digest, and
 * which kinds are mailed. Every kind shows on the dashboard's needs-attention panel either way.
 */
export function AlertSettingsForm({
  settings,
  errors,
}: {
  settings: Settings;
  errors: Record<string, string>;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "alerts";
  return (
    <Card className="mt-6">
      <h2 className="text-lg font-semibold text-slate-900">Alerts</h2>
      <p className="mt-1 text-sm text-slate-600">
        What the shop tells you about by e-mail. Every alert also shows under "Needs attention" on the
        dashboard.
      </p>
      <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="alerts" />
        <Input
          label="Alerts e-mail"
          name="alertsEmail"
          type="email"
          defaultValue={settings.alertsEmail}
          placeholder={settings.supportEmail}
          hint="Empty: the support e-mail."
          error={errors.alertsEmail}
        />
        <Select
          label="Send alerts"
          name="alertsMailMode"
          defaultValue={settings.alertsMailMode}
          options={ALERT_MAIL_MODES.map((mode) => ({ value: mode.value, label: mode.label }))}
          error={errors.alertsMailMode}
        />
        <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-medium text-slate-700">Mail me about</legend>
          {ALERT_KINDS.map((kind) => (
            <Checkbox
              key={kind.kind}
              label={kind.label}
              name={kind.setting}
              defaultChecked={settings[kind.setting]}
              hint={kind.description}
            />
          ))}
        </fieldset>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Save Alert Settings"}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
