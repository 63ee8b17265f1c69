/**
 * One service a mass order line may name: its id (the API's), name, rate (per 1000, or per package for a Package:
 * product rules 13.10) and limits.
 */
export type ServiceIdEntry = {
  id: number;
  name: string;
  rate: string;
  perPackage: boolean;
  min: string;
  max: string;
};

/** The services' ids, folded away until asked for: a mass order line starts with one. */
export function ServiceIds({ services }: { services: ServiceIdEntry[] }) {
  return (
    <details className="rounded-xl border border-slate-200 bg-white p-4">
      <summary className="cursor-pointer font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
        Service ids ({services.length})
      </summary>
      <div className="mt-3 max-h-96 overflow-auto">
        <table className="w-full table-fixed text-left text-sm">
          <caption className="sr-only">
            The service id of each service, with its price (per 1000, or per package) and limits
          </caption>
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="w-16 py-1 pr-2 font-semibold">
                Id
              </th>
              <th scope="col" className="py-1 pr-2 font-semibold">
                Service
              </th>
              <th scope="col" className="hidden w-24 py-1 pr-2 font-semibold sm:table-cell">
                Price
              </th>
              <th scope="col" className="w-28 py-1 font-semibold">
                Quantity
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {services.map((service) => (
              <tr key={service.id}>
                <td className="py-1 pr-2 font-mono tabular-nums">{service.id}</td>
                <td className="break-words py-1 pr-2">{service.name}</td>
                <td className="hidden py-1 pr-2 tabular-nums sm:table-cell">
                  {service.perPackage ? `$${service.rate} per package` : `$${service.rate}/1000`}
                </td>
                <td className="py-1 tabular-nums">
                  {service.min === service.max ? service.min : `${service.min}–${service.max}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
