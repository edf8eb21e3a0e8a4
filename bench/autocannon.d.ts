declare module 'autocannon' {
  interface Result {
    /** Per-second average, and the total answered in the run. */
    requests: { average: number; total: number };
    latency: { p99: number };
    errors: number;
    non2xx: number;
    timeouts: number;
  }
  function autocannon(opts: {
    url: string;
    connections: number;
    duration: number;
    pipelining?: number;
    headers?: Record<string, string>;
    /** Requests sent in turn on each connection. */
    requests?: {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      /** Reads an answer (its body as text); `context` is kept per connection. */
      onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
      /** Changes the next request (e.g. its path) from what the connection saw. */
      setupRequest?: (req: { path?: string }, context: Record<string, unknown>) => { path?: string };
    }[];
  }): Promise<Result>;
  export default autocannon;
}
