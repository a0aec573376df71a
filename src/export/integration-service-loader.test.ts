import { describe, expect, it } from 'vitest';
import { serviceIntegrationBlockLoader } from './integration-service-loader.ts';

const block = (integration: string) => ({ key: integration, integration, block: 'hello', props: { name: 'Ada' }, spaceId: 'space1' });

describe('serviceIntegrationBlockLoader', () => {
  it('asks once per integration whether it is installed, renders only installed ones with the space, and refuses a non-element answer', async () => {
    const asked: string[] = [];
    const rendered: unknown[] = [];
    const loader = serviceIntegrationBlockLoader({
      installed: async (name) => (asked.push(name), name !== 'absent'),
      render: async (name, request) => {
        rendered.push({ name, ...request });
        if (name === 'unknown') return undefined;
        if (name === 'done') return { type: 'complete', returnValue: {} };
        return { type: 'element', element: { type: 'block', children: [] }, state: { a: 1 }, props: {} };
      },
    });
    expect(await loader(block('hello-block'), { spaceId: 'space1' })).toEqual({ element: { type: 'block', children: [] }, state: { a: 1 } });
    await loader(block('hello-block'), { spaceId: 'space2' });
    expect(await loader(block('absent'), { spaceId: 'space1' })).toBeUndefined();
    expect(await loader(block('unknown'), { spaceId: 'space1' })).toBeUndefined();
    await expect(loader(block('done'), { spaceId: 'space1' })).rejects.toThrow('the done integration answered "complete" to the render of hello, not an element');
    expect(asked).toEqual(['hello-block', 'absent', 'unknown', 'done']);
    expect(rendered).toEqual([
      { name: 'hello-block', componentId: 'hello', props: { name: 'Ada' }, spaceId: 'space1' },
      { name: 'hello-block', componentId: 'hello', props: { name: 'Ada' }, spaceId: 'space2' },
      { name: 'unknown', componentId: 'hello', props: { name: 'Ada' }, spaceId: 'space1' },
      { name: 'done', componentId: 'hello', props: { name: 'Ada' }, spaceId: 'space1' },
    ]);
  });
});
