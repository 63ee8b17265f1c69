import {
  ADMIN_ORDER_STATUSES,
  type AdminOrderStatus,
  ORDER_STATUS_LABELS,
} from "../../domain/orders/order-status-labels.ts";
import { Select } from "../ui/select.tsx";

/** The admin's choice of an order's status (every status of product rules 4.1), for the row form and the override. */
export function OrderStatusSelect({
  label,
  hideLabel,
  id,
  value,
  onChange,
}: {
  label: string;
  hideLabel?: boolean;
  id: string;
  value: AdminOrderStatus;
  onChange: (status: AdminOrderStatus) => void;
}) {
  return (
    <Select
      label={label}
      hideLabel={hideLabel}
      size="sm"
      id={id}
      name="status"
      value={value}
      onChange={(event) => onChange(event.target.value as AdminOrderStatus)}
    >
      {ADMIN_ORDER_STATUSES.map((option) => (
        <option key={option} value={option}>
          {ORDER_STATUS_LABELS[option]}
        </option>
      ))}
    </Select>
  );
}
