import { Pool } from 'undici';

export interface LoadResult {
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  bytesPerResponse: number;
}

/**
 * Sends GET `path` as fast as `connections` keep-alive connections allow for `seconds`, from this process, and
 * reports throughput and latency percentiles. A load generator, not a test: no assertion here.
 *
 * @example
 * const result = await load('http://127.0.0.1:8787', '/v1/spaces/x/content/page/y', { token, seconds: 10 });
 */
export async function load(origin: string, path: string, options: { token: string; seconds: number; connections: number }): Promise<LoadResult> {
  const pool = new Pool(origin, { connections: options.connections, pipelining: 1 });
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  const deadline = performance.now() + options.seconds * 1000;
  const started = performance.now();
  const worker = async () => {
    while (performance.now() < deadline) {
      const sent = performance.now();
      const response = await pool.request({ method: 'GET', path, headers: { authorization: `Bearer ${options.token}` } });
      const body = await response.body.arrayBuffer();
      latencies.push(performance.now() - sent);
      bytes += body.byteLength;
      if (response.statusCode !== 200) errors++;
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    seconds,
    requestsPerSecond: latencies.length / seconds,
    p50Ms: percentile(50),
    p99Ms: percentile(99),
    errors,
    bytesPerResponse: latencies.length === 0 ? 0 : bytes / latencies.length,
  };
}
