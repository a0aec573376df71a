import { afterEach, describe, expect, it } from 'vitest';
import { isQuireError } from '../../errors/index.ts';
import { defaultIntegrationRuntimeLimits, IntegrationRuntime, type IntegrationRuntimeLimits } from './integration-runtime.ts';
import { childProcesses } from './process-usage.ts';

// A script in the published runtime's conventions, written by hand (what `createIntegration` of @gitbook/runtime
// builds): a module whose `fetch` reads the dispatch form (`event`, `environment`) and answers per event type.
const helloScript = `
export default {
  async fetch(request) {
    if (new URL(request.url).pathname !== '/v1') return new Response('Unsupported version', { status: 400 });
    const form = await request.formData();
    const event = JSON.parse(form.get('event'));
    const environment = JSON.parse(form.get('environment'));
    console.log('handling ' + event.type);
    if (event.type === 'ui_render') {
      const element = { type: 'block', children: [{ type: 'text', children: ['Hello ' + (event.props.name ?? 'world') + ' from ' + environment.integration.name] }] };
      return Response.json({ type: 'element', element, state: {}, props: event.props });
    }
    if (event.type === 'installation_setup') {
      return new Response('set up with key ' + environment.secrets.API_KEY.length + ' characters');
    }
    if (event.type === 'spin') { let n = 0; for (;;) n++; }
    if (event.type === 'wait') { await new Promise((resolve) => setTimeout(resolve, 60000)); return new Response('late'); }
    if (event.type === 'hog') { const kept = []; for (;;) kept.push(new Array(1e6).fill(kept.length)); }
    if (event.type === 'peek') {
      return Response.json({ env: typeof process === 'undefined' ? null : process.env ?? null, fs: typeof require });
    }
    return new Response('Integration does not handle ' + event.type + ' events');
  },
};`;

const script = (version = 1) => ({ name: 'hello-block', version, script: helloScript });
const environment = { integration: { name: 'hello-block' }, secrets: { API_KEY: 'k-12345' } };
const event = (type: string, extra: Record<string, unknown> = {}) => ({ event: { type, eventId: `e-${type}`, ...extra }, environment });

let runtime: IntegrationRuntime | undefined;
const open = (limits: Partial<IntegrationRuntimeLimits> = {}) => (runtime = new IntegrationRuntime({ ...defaultIntegrationRuntimeLimits, ...limits }));
afterEach(async () => {
  await runtime?.close();
  runtime = undefined;
});

async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(isQuireError(error, 'INTEGRATION_FAILED')).toBe(true);
    return (error as Error).message;
  }
  throw new Error('the dispatch did not fail');
}

describe('IntegrationRuntime', () => {
  it('hands a script the published dispatch form and returns its ContentKit answer and its log lines', async () => {
    const answer = await open().dispatch(script(), event('ui_render', { componentId: 'hello', props: { name: 'Ada' } }));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({
      type: 'element',
      element: { type: 'block', children: [{ type: 'text', children: ['Hello Ada from hello-block'] }] },
      state: {},
      props: { name: 'Ada' },
    });
    expect(answer.logs).toEqual([expect.objectContaining({ message: expect.stringContaining('handling ui_render'), level: 'log' })]);
    const setup = await runtime!.dispatch(script(), event('installation_setup'));
    expect(setup.body).toBe('set up with key 7 characters');
    expect(runtime!.processCount).toBe(1);
  });

  it('runs a script in its own workerd process, one per published version, and ends them on close', async () => {
    const before = await childProcesses('workerd');
    await open().dispatch(script(1), event('ui_render', { componentId: 'hello', props: {} }));
    await runtime!.dispatch(script(2), event('ui_render', { componentId: 'hello', props: {} }));
    expect(runtime!.processCount).toBe(2);
    expect((await childProcesses('workerd')).length - before.length).toBe(2);
    await runtime!.close();
    expect(await childProcesses('workerd')).toEqual(before);
  });

  it('gives a script nothing of the service: no environment variables, no require', async () => {
    process.env.QUIRE_RUNTIME_TEST_SECRET = 'must-not-leak';
    try {
      const answer = await open().dispatch(script(), event('peek'));
      expect(answer.body).not.toContain('must-not-leak');
      expect(JSON.parse(answer.body).fs).toBe('undefined');
    } finally {
      delete process.env.QUIRE_RUNTIME_TEST_SECRET;
    }
  });

  it('stops a script past its CPU limit by ending its process; the next dispatch gets a fresh one', async () => {
    open({ cpuMs: 300, wallMs: 20_000 });
    expect(await failureOf(runtime!.dispatch(script(), event('spin')))).toMatch(/hello-block \(version 1\) went past its CPU limit of 300 ms/);
    expect(runtime!.processCount).toBe(0);
    const again = await runtime!.dispatch(script(), event('installation_setup'));
    expect(again.status).toBe(200);
  });

  it('stops a script that never answers at its wall-clock limit', async () => {
    open({ wallMs: 400 });
    expect(await failureOf(runtime!.dispatch(script(), event('wait')))).toMatch(/went past its wall-clock limit of 400 ms/);
  });

  it('stops a script that allocates without end, at its memory limit or the isolate heap limit', async () => {
    open({ memoryMb: 160, cpuMs: 20_000, wallMs: 30_000 });
    const outcome = await runtime!.dispatch(script(), event('hog')).then(
      (answer) => `answered ${answer.status}`,
      (error: Error) => error.message,
    );
    // workerd ends an isolate past its own heap limit with a 500; our watchdog ends the process first when the
    // process grows past the runtime's memory limit. Either way the service is not the one that runs out.
    expect(outcome).toMatch(/went past its memory limit of 160 MB|answered 500/);
    expect(runtime!.processCount).toBe(outcome.startsWith('answered') ? 1 : 0);
  });
});
