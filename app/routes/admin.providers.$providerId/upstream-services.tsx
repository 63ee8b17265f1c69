import { useId } from "react";
import { Form } from "react-router";
import { PostButton } from "../../components/admin/providers/post-button.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Select } from "../../components/ui/select.tsx";
import type { ProviderService } from "../../domain/fulfilment/provider-client.server.ts";

const HEADINGS = ["ID", "Service", "Rate /1000", "Limits", "Use it"];

/** The provider's own services, each importable as a new shop service or mappable to an existing one. */
export function UpstreamServices({
  services,
  shopServices,
  busy,
}: {
  services: ProviderService[];
  shopServices: { id: string; name: string }[];
  busy: boolean;
}) {
  return (
    <table className="w-full text-left text-sm">
      <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-500">
        <tr>
          {HEADINGS.map((heading) => (
            <th key={heading} scope="col" className="px-3 py-2">
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {services.map((service) => (
          <UpstreamRow key={service.service} service={service} shopServices={shopServices} busy={busy} />
        ))}
      </tbody>
    </table>
  );
}

function UpstreamRow({
  service,
  shopServices,
  busy,
}: {
  service: ProviderService;
  shopServices: { id: string; name: string }[];
  busy: boolean;
}) {
  const id = useId();
  return (
    <tr data-testid="upstream-service">
      <td className="px-3 py-2 font-mono">{service.service}</td>
      <td className="px-3 py-2">
        <div className="font-medium text-slate-900">{service.name}</div>
        <div className="text-xs text-slate-500">
          {service.category} · {service.type}
        </div>
      </td>
      <td className="px-3 py-2">{service.rate}</td>
      <td className="px-3 py-2">
        {service.min} to {service.max}
      </td>
      <td className="px-3 py-2">
        <div className="flex flex-wrap items-center gap-2">
          <PostButton
            fields={{ intent: "import", providerServiceId: service.service }}
            variant="secondary"
            className="px-2 py-1"
            disabled={busy}
            aria-label={`Import as a new service: ${service.name}`}
          >
            Import as a new service
          </PostButton>
          <Form method="post" className="flex items-center gap-1">
            <input type="hidden" name="intent" value="map" />
            <input type="hidden" name="providerServiceId" value={service.service} />
            <Select
              label={`Shop service to map to ${service.name}`}
              hideLabel
              size="sm"
              id={`${id}-map`}
              name="serviceId"
              required
              defaultValue=""
            >
              <option value="" disabled>
                Map to…
              </option>
              {shopServices.map((shop) => (
                <option key={shop.id} value={shop.id}>
                  {shop.name}
                </option>
              ))}
            </Select>
            <Button
              type="submit"
              variant="ghost"
              className="px-2 py-1"
              disabled={busy}
              aria-label={`Map to ${service.name}`}
            >
              Map
            </Button>
          </Form>
        </div>
      </td>
    </tr>
  );
}
