import { CANCEL_TEXT } from "../../domain/orders/cancel-rules.ts";
import { CodeSample } from "./code-sample.tsx";

/** The /api page's request and response samples, for the endpoint of this site. */
export function ApiExamples({ endpoint }: { endpoint: string }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <CodeSample
        label="Request: list services"
        code={`curl -X POST ${endpoint} \\\n  -d key=YOUR_API_KEY \\\n  -d action=services`}
      />
      <CodeSample
        label="Response"
        code={`[
  {
    "service": 1,
    "name": "Instagram Likes",
    "type": "Default",
    "category": "Instagram Likes",
    "rate": "4.00",
    "min": "100",
    "max": "100000",
    "dripfeed": false,
    "refill": true,
    "cancel": true
  }
]`}
      />
      <CodeSample
        label="Request: place an order"
        code={`curl -X POST ${endpoint} \\\n  -d key=YOUR_API_KEY \\\n  -d action=add \\\n  -d service=1 \\\n  -d link=https://www.instagram.com/p/AbC123/ \\\n  -d quantity=1000`}
      />
      <CodeSample label="Response" code={`{ "order": 23501 }`} />
      <CodeSample
        label="Request: subscribe to a profile's next 10 posts"
        code={`curl -X POST ${endpoint} \\\n  -d key=YOUR_API_KEY \\\n  -d action=add \\\n  -d service=40 \\\n  -d username=https://www.instagram.com/yourbrand/ \\\n  -d min=500 \\\n  -d max=500 \\\n  -d posts=10 \\\n  -d delay=0`}
      />
      <CodeSample
        label="Response, then its status"
        code={`{ "order": 23502 }

{
  "charge": "20.00",
  "status": "In progress",
  "posts": "3",
  "remains": "7",
  "currency": "USD"
}`}
      />
      <CodeSample
        label="Request: order status (GET works too)"
        code={`curl "${endpoint}?key=YOUR_API_KEY&action=status&order=23501"`}
      />
      <CodeSample
        label="Response"
        code={`{
  "charge": "4.00",
  "start_count": "3572",
  "status": "In progress",
  "remains": "157",
  "currency": "USD"
}`}
      />
      <CodeSample
        label="Request: cancel orders"
        code={`curl -X POST ${endpoint} \\\n  -d key=YOUR_API_KEY \\\n  -d action=cancel \\\n  -d orders=23501,23502`}
      />
      <CodeSample
        label="Response"
        code={`[
  { "order": 23501, "cancel": 1 },
  { "order": 23502, "cancel": { "error": ${JSON.stringify(CANCEL_TEXT.windowPassed.message)} } }
]`}
      />
      <CodeSample
        label="Request: refill"
        code={`curl -X POST ${endpoint} \\\n  -d key=YOUR_API_KEY \\\n  -d action=refill \\\n  -d order=23501`}
      />
      <CodeSample label="Response" code={`{ "refill": "12" }`} />
      <CodeSample
        label="Request: refill status"
        code={`curl -X POST ${endpoint} \\\n  -d key=YOUR_API_KEY \\\n  -d action=refill_status \\\n  -d refill=12`}
      />
      <CodeSample label="Response" code={`{ "status": "Completed" }`} />
      <CodeSample
        label="Request: a drip-feed order (3 runs of 500, one every 60 minutes)"
        code={`curl -X POST ${endpoint} \\\n  -d key=YOUR_API_KEY \\\n  -d action=add \\\n  -d service=1 \\\n  -d link=https://www.instagram.com/p/AbC123/ \\\n  -d quantity=500 \\\n  -d runs=3 \\\n  -d interval=60`}
      />
      <CodeSample label="Response" code={`{ "order": 23502 }`} />
      <CodeSample
        label="Request: balance"
        code={`curl -X POST ${endpoint} \\\n  -d key=YOUR_API_KEY \\\n  -d action=balance`}
      />
      <CodeSample label="Response" code={`{ "balance": "100.84", "currency": "USD" }`} />
    </div>
  );
}
