import { Link } from "react-router";
import { buttonClass } from "../components/ui/button.tsx";
import { Card } from "../components/ui/card.tsx";
import { db } from "../db/client.server.ts";
import { listOrdersForAdmin } from "../domain/admin/list-orders.server.ts";
import { requireAdmin } from "../lib/session.server.ts";
import type { Route } from "./+types/admin.orders";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const orders = await listOrdersForAdmin(db());
  return { orders: orders.map((order) => ({ ...order, createdAt: order.createdAt.toISOString() })) };
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const dateFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

export default function AdminOrdersPage({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <title>Orders Management | Boostly Admin</title>
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-slate-900">Orders Management</h1>
        <Link to="/admin/orders" className={buttonClass("secondary")} reloadDocument={false}>
          Refresh
        </Link>
      </div>
      <Card className="mt-6 overflow-x-auto p-0">
        {loaderData.orders.length === 0 ? (
          <p className="p-6 text-slate-600">No orders found</p>
        ) : (
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  Order
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Customer
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Service
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Details
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Status
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {loaderData.orders.map((order) => (
                <tr key={order.id}>
                  <td className="px-4 py-3">
                    <div className="font-medium text-slate-900">{order.orderNumber || "No order number"}</div>
                    <div className="text-slate-500">{dateFormat.format(new Date(order.createdAt))}</div>
                  </td>
                  <td className="px-4 py-3">
                    <div>{order.customerEmail ?? "Unknown"}</div>
                    <Link to={`/admin/users/${order.userId}`} className="text-brand-700 hover:underline">
                      View Details
                    </Link>
                  </td>
                  <td className="px-4 py-3">
                    {order.serviceName ? (
                      <>
                        <div>{order.serviceName}</div>
                        <div className="capitalize text-slate-500">{order.platform}</div>
                      </>
                    ) : (
                      "Unknown"
                    )}
                  </td>
                  <td className="px-4 py-3">
                    <div>Quantity: {order.quantity.toLocaleString("en-US")}</div>
                    <div>Total: {usd.format(order.totalCents / 100)}</div>
                    <a
                      href={order.targetLink}
                      target="_blank"
                      rel="noopener noreferrer nofollow"
                      className="break-all text-brand-700 hover:underline"
                    >
                      {order.targetLink}
                    </a>
                  </td>
                  <td className="px-4 py-3">
                    <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium capitalize text-slate-700">
                      {order.status.replace("_", " ")}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </main>
  );
}
