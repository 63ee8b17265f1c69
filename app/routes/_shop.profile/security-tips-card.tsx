import { Card, CardHeader } from "../../components/ui/card.tsx";

/** The profile's advice on keeping the account safe. */
export function SecurityTipsCard() {
  return (
    <Card>
      <CardHeader title="Security Tips" />
      <ul className="list-disc space-y-2 pl-5 text-sm text-slate-600">
        <li>Use a unique password that you don't use on any other site.</li>
        <li>Make it long: a phrase of several words is easier to remember and harder to guess.</li>
        <li>Boostly never asks for your social media passwords; we only need a username or post link.</li>
        <li>Changing your password signs you out everywhere else.</li>
        <li>If you receive a reset e-mail you did not ask for, you can safely ignore it.</li>
      </ul>
    </Card>
  );
}
