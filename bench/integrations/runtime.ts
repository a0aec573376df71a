// bench/integrations/runtime: what running integration scripts in workerd costs (issue 16: "measure start-up and
// memory per integration, and choose"). Starts `count` integrations (one workerd process each, as the runtime
// does), then dispatches `dispatches` ui_render events to each. Prints the cold start (process start + first
// dispatch), the warm dispatch latency (p50, p99) and the resident memory of each workerd process.
// Usage: npx tsx bench/integrations/runtime.ts [count=4] [dispatches=200]
import { cpus, totalmem } from 'node:os';
import { IntegrationRuntime } from '../../src/service/integrations/integration-runtime.ts';
import { childProcesses, processUsage } from '../../src/service/integrations/process-usage.ts';

const count = Number(process.argv[2] ?? 4);
const dispatches = Number(process.argv[3] ?? 200);
const script = `export default { async fetch(request) {
  const form = await request.formData();
  const event = JSON.parse(form.get('event'));
  return Response.json({ type: 'element', element: { type: 'block', children: [{ type: 'text', children: ['Hello ' + event.props.name] }] }, state: {}, props: event.props });
} };`;
const event = (index: number) => ({ event: { type: 'ui_render', eventId: `e${index}`, componentId: 'hello', props: { name: `n${index}` } }, environment: { secrets: {} } });
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

const runtime = new IntegrationRuntime();
try {
  const cold: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await runtime.dispatch({ name: `bench-${i}`, version: 1, script }, event(0));
    cold.push(performance.now() - started);
  }
  const warm: number[] = [];
  for (let d = 0; d < dispatches; d++) {
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      await runtime.dispatch({ name: `bench-${i}`, version: 1, script }, event(d));
      warm.push(performance.now() - started);
    }
  }
  const memory = await Promise.all((await childProcesses('workerd')).map(async (pid) => (await processUsage(pid))?.rssMb ?? 0));
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model.split(' ').slice(0, 2).join(' ')}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`);
  console.log(`${count} integrations, one workerd process each`);
  console.log(`cold start (process + first dispatch): median ${percentile(cold, 50).toFixed(0)} ms, max ${Math.max(...cold).toFixed(0)} ms`);
  console.log(`warm dispatch (${warm.length}): p50 ${percentile(warm, 50).toFixed(1)} ms, p99 ${percentile(warm, 99).toFixed(1)} ms`);
  console.log(`resident memory per process: ${memory.map((mb) => mb.toFixed(0)).join(', ')} MB`);
} finally {
  await runtime.close();
}
