/**
 * Sample API clients in the languages resellers' scripts are written in. Each is complete: paste it, set the key,
 * run it. The Node client's source is also run against a live server by the tests
 * (tests/integration/http/api-client-samples.test.ts), so what the page shows is known to work.
 */

/** The Node client's class, on its own so a test can load and call it. */
export function nodeClientClass(): string {
  return `class BoostlyApi {
  constructor(endpoint, key) {
    this.endpoint = endpoint;
    this.key = key;
  }

  // Every answer is HTTP 200 JSON; a refusal is { error } (and our code).
  async call(action, fields = {}) {
    const body = new URLSearchParams({ key: this.key, action, ...fields });
    const response = await fetch(this.endpoint, { method: "POST", body });
    return response.json();
  }

  services() { return this.call("services"); }
  add(order) { return this.call("add", order); }
  status(order) { return this.call("status", { order: String(order) }); }
  multiStatus(orders) { return this.call("status", { orders: orders.join(",") }); }
  cancel(orders) { return this.call("cancel", { orders: orders.join(",") }); }
  refill(order) { return this.call("refill", { order: String(order) }); }
  refillStatus(refill) { return this.call("refill_status", { refill: String(refill) }); }
  balance() { return this.call("balance"); }
}`;
}

export function nodeClient(endpoint: string): string {
  return `// Node 18 or later (fetch is built in).
${nodeClientClass()}

const api = new BoostlyApi("${endpoint}", "YOUR_API_KEY");

const services = await api.services();
const placed = await api.add({ service: 1, link: "https://www.instagram.com/p/AbC123/", quantity: 1000 });
if (placed.error) throw new Error(placed.error);
console.log(await api.status(placed.order));
console.log(await api.balance());`;
}

export function pythonClient(endpoint: string): string {
  return `# Python 3, standard library only.
import json
import urllib.parse
import urllib.request


class BoostlyApi:
    def __init__(self, endpoint, key):
        self.endpoint = endpoint
        self.key = key

    def call(self, action, **fields):
        # Every answer is HTTP 200 JSON; a refusal is {"error": ...}.
        data = urllib.parse.urlencode({"key": self.key, "action": action, **fields}).encode()
        with urllib.request.urlopen(self.endpoint, data=data, timeout=30) as response:
            return json.load(response)

    def services(self):
        return self.call("services")

    def add(self, **order):
        return self.call("add", **order)

    def status(self, order):
        return self.call("status", order=order)

    def multi_status(self, orders):
        return self.call("status", orders=",".join(map(str, orders)))

    def cancel(self, orders):
        return self.call("cancel", orders=",".join(map(str, orders)))

    def refill(self, order):
        return self.call("refill", order=order)

    def refill_status(self, refill):
        return self.call("refill_status", refill=refill)

    def balance(self):
        return self.call("balance")


api = BoostlyApi("${endpoint}", "YOUR_API_KEY")
placed = api.add(service=1, link="https://www.instagram.com/p/AbC123/", quantity=1000)
if "error" in placed:
    raise SystemExit(placed["error"])
print(api.status(placed["order"]))
print(api.balance())`;
}

export function phpClient(endpoint: string): string {
  return `<?php
// PHP 7.4 or later, with the curl extension.
class BoostlyApi
{
    private string $endpoint;
    private string $key;

    public function __construct(string $endpoint, string $key)
    {
        $this->endpoint = $endpoint;
        $this->key = $key;
    }

    // Every answer is HTTP 200 JSON; a refusal is {"error": ...}.
    public function call(string $action, array $fields = [])
    {
        $curl = curl_init($this->endpoint);
        curl_setopt_array($curl, [
            CURLOPT_POST => true,
            CURLOPT_POSTFIELDS => http_build_query(array_merge(['key' => $this->key, 'action' => $action], $fields)),
            CURLOPT_RETURNTRANSFER => true,
            CURLOPT_TIMEOUT => 30,
        ]);
        $answer = curl_exec($curl);
        curl_close($curl);
        return json_decode($answer);
    }

    public function services() { return $this->call('services'); }
    public function order(array $order) { return $this->call('add', $order); }
    public function status($order) { return $this->call('status', ['order' => $order]); }
    public function multiStatus(array $orders) { return $this->call('status', ['orders' => implode(',', $orders)]); }
    public function cancel(array $orders) { return $this->call('cancel', ['orders' => implode(',', $orders)]); }
    public function refill($order) { return $this->call('refill', ['order' => $order]); }
    public function refillStatus($refill) { return $this->call('refill_status', ['refill' => $refill]); }
    public function balance() { return $this->call('balance'); }
}

$api = new BoostlyApi('${endpoint}', 'YOUR_API_KEY');
$placed = $api->order(['service' => 1, 'link' => 'https://www.instagram.com/p/AbC123/', 'quantity' => 1000]);
if (isset($placed->error)) exit($placed->error);
print_r($api->status($placed->order));
print_r($api->balance());`;
}

export function curlClient(endpoint: string): string {
  return `# Any shell: form fields with POST (GET with a query string works too).
curl -X POST ${endpoint} -d key=YOUR_API_KEY -d action=services
curl -X POST ${endpoint} -d key=YOUR_API_KEY -d action=add \\
  -d service=1 -d link=https://www.instagram.com/p/AbC123/ -d quantity=1000
curl "${endpoint}?key=YOUR_API_KEY&action=status&order=23501"
curl -X POST ${endpoint} -d key=YOUR_API_KEY -d action=balance`;
}

export const CLIENT_LANGUAGES = [
  { id: "curl", label: "curl", sample: curlClient },
  { id: "php", label: "PHP", sample: phpClient },
  { id: "python", label: "Python", sample: pythonClient },
  { id: "node", label: "Node.js", sample: nodeClient },
] as const;
