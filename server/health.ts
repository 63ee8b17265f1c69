/**
 * The path an app server answers 200 on once it serves requests: what a load balancer, the test suite and the
 * benches wait for before sending traffic, defined here so the server and everything that waits for it agree.
 */
export const HEALTH_PATH = "/healthz";
