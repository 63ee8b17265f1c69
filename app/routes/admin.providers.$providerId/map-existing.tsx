import { Form } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Select } from "../../components/ui/select.tsx";

/**
 * Maps one of the shop's own services to a service of this provider (its ID as the catalogue lists it): its new
 * orders go there, at the provider's rate read now as its cost.
 */
export function MapExisting({
  shopServices,
  busy,
}: {
  shopServices: { id: string; name: string }[];
  busy: boolean;
}) {
  return (
    <Form method="post" className="flex flex-wrap items-end gap-3" aria-label="Map an existing service">
      <input type="hidden" name="intent" value="map" />
      <Select label="Shop service" name="serviceId" required defaultValue="" size="sm">
        <option value="" disabled>
          Choose a service…
        </option>
        {shopServices.map((service) => (
          <option key={service.id} value={service.id}>
            {service.name}
          </option>
        ))}
      </Select>
      <Input label="Provider's service ID" name="providerServiceId" required size="sm" maxLength={100} />
      <Button type="submit" variant="secondary" className="px-3 py-1.5" disabled={busy}>
        Map
      </Button>
    </Form>
  );
}
