import { CANCEL_TEXT } from "../../domain/orders/cancel-rules.ts";
import type { ApiAddExample, ApiExamples as Examples } from "../../domain/reseller/api-examples.server.ts";
import { CodeSample } from "./code-sample.tsx";

/** A POST with the caller's key and these fields, as curl sends it. */
function curlPost(endpoint: string, fields: ApiAddExample): string {
  const lines = ["key=YOUR_API_KEY", ...Object.entries(fields).map(([name, value]) => `${name}=${value}`)];
  return `curl -X POST ${endpoint} \\\n${lines.map((line) => `  -d ${line}`).join(" \\\n")}`;
}

/**
 * The /api page's request and response samples, for the endpoint of this site; the services entry and the orders
 * placed are the live catalogue's (readApiExamples), so each request works as shown.
 */
export function ApiExamples({ endpoint, examples }: { endpoint: string; examples: Examples }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <CodeSample
        label="Request: list services"
        code={`curl -X POST ${endpoint} \\\n  -d key=YOUR_API_KEY \\\n  -d action=services`}
      />
      <CodeSample
        label="Response"
        code={JSON.stringify(examples.service ? [examples.service] : [], null, 2)}
      />
      {examples.order ? (
        <>
          <CodeSample label="Request: place an order" code={curlPost(endpoint, examples.order)} />
          <CodeSample label="Response" code={`{ "order": 23501 }`} />
        </>
      ) : null}
      {examples.subscription ? (
        <>
          <CodeSample
            label={`Request: subscribe to a profile's next ${examples.subscription.posts} posts`}
            code={curlPost(endpoint, examples.subscription)}
          />
          <CodeSample
            label="Response, then its status"
            code={`{ "order": 23502 }

{
  "charge": "20.00",
  "status": "Active",
  "posts": "3",
  "orders": [23503, 23507, 23511],
  "remains": "7",
  "currency": "USD"
}`}
          />
        </>
      ) : null}
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
      {examples.dripFeed ? (
        <>
          <CodeSample
            label={`Request: a drip-feed order (${examples.dripFeed.runs} runs of ${examples.dripFeed.quantity}, one every ${examples.dripFeed.interval} minutes)`}
            code={curlPost(endpoint, examples.dripFeed)}
          />
          <CodeSample label="Response" code={`{ "order": 23503 }`} />
        </>
      ) : null}
      <CodeSample
        label="Request: balance"
        code={`curl -X POST ${endpoint} \\\n  -d key=YOUR_API_KEY \\\n  -d action=balance`}
      />
      <CodeSample label="Response" code={`{ "balance": "100.84", "currency": "USD" }`} />
    </div>
  );
}
