import { Button } from "../../components/ui/button.tsx";
import { VIEW_AS_TEXT } from "../../domain/accounts/view-as-text.ts";

/**
 * "View as customer" (product rules 15.31): a plain form post, so the browser lands on the customer's dashboard
 * with the view's banner. Shown for customers only; the server refuses a staff account whatever is posted.
 */
export function ViewAsButton({ customerId }: { customerId: string }) {
  return (
    <form method="post" action="/admin/view-as">
      <input type="hidden" name="intent" value="start" />
      <input type="hidden" name="customerId" value={customerId} />
      <Button type="submit" variant="secondary">
        {VIEW_AS_TEXT.button}
      </Button>
    </form>
  );
}
