<?php
/*
 * A reseller's API v2 client in the shape of the sample class the panels publish on their API pages (an `Api`
 * class whose methods post `key`, `action` and the action's fields with curl and json_decode the answer), written
 * here from the protocol so the test runs what resellers run (docs/decisions/049).
 */
class Api
{
    /** The panel's endpoint. */
    public $api_url = '';

    /** The reseller's key. */
    public $api_key = '';

    /** Places an order: the service's type decides the fields (link, quantity, runs, comments, username...). */
    public function order($data)
    {
        $post = array_merge(['key' => $this->api_key, 'action' => 'add'], $data);
        return json_decode((string) $this->connect($post));
    }

    public function status($order_id)
    {
        return json_decode((string) $this->connect([
            'key' => $this->api_key,
            'action' => 'status',
            'order' => $order_id,
        ]));
    }

    public function multiStatus($order_ids)
    {
        return json_decode((string) $this->connect([
            'key' => $this->api_key,
            'action' => 'status',
            'orders' => implode(',', (array) $order_ids),
        ]));
    }

    public function services()
    {
        return json_decode((string) $this->connect(['key' => $this->api_key, 'action' => 'services']));
    }

    public function refill(int $orderId)
    {
        return json_decode((string) $this->connect([
            'key' => $this->api_key,
            'action' => 'refill',
            'order' => $orderId,
        ]));
    }

    public function multiRefill(array $orderIds)
    {
        return json_decode((string) $this->connect([
            'key' => $this->api_key,
            'action' => 'refill',
            'orders' => implode(',', $orderIds),
        ]), true);
    }

    public function refillStatus(int $refillId)
    {
        return json_decode((string) $this->connect([
            'key' => $this->api_key,
            'action' => 'refill_status',
            'refill' => $refillId,
        ]));
    }

    public function multiRefillStatus(array $refillIds)
    {
        return json_decode((string) $this->connect([
            'key' => $this->api_key,
            'action' => 'refill_status',
            'refills' => implode(',', $refillIds),
        ]), true);
    }

    public function cancel(array $orderIds)
    {
        return json_decode((string) $this->connect([
            'key' => $this->api_key,
            'action' => 'cancel',
            'orders' => implode(',', $orderIds),
        ]), true);
    }

    public function balance()
    {
        return json_decode((string) $this->connect(['key' => $this->api_key, 'action' => 'balance']));
    }

    /** One POST of url-encoded fields; the raw answer, or false when the request failed. */
    private function connect($post)
    {
        $fields = [];
        if (is_array($post)) {
            foreach ($post as $name => $value) {
                $fields[] = $name . '=' . urlencode((string) $value);
            }
        }
        $ch = curl_init($this->api_url);
        curl_setopt($ch, CURLOPT_RETURNTRANSFER, 1);
        curl_setopt($ch, CURLOPT_POST, 1);
        curl_setopt($ch, CURLOPT_HEADER, 0);
        curl_setopt($ch, CURLOPT_SSL_VERIFYPEER, 0);
        curl_setopt($ch, CURLOPT_SSL_VERIFYHOST, 0);
        curl_setopt($ch, CURLOPT_POSTFIELDS, join('&', $fields));
        curl_setopt($ch, CURLOPT_USERAGENT, 'Mozilla/4.0 (compatible; MSIE 5.01; Windows NT 5.0)');
        $result = curl_exec($ch);
        if (curl_errno($ch) != 0 && empty($result)) {
            $result = false;
        }
        curl_close($ch);
        return $result;
    }
}
