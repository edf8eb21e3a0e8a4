declare module 'autocannon' {
  interface Result {
    requests: { average: number };
    latency: { p99: number };
    errors: number;
    non2xx: number;
  }
  function autocannon(opts: {
    url: string;
    connections: number;
    duration: number;
    pipelining?: number;
  }): Promise<Result>;
  export default autocannon;
}
