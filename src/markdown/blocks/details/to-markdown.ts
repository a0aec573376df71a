import type { Parents } from 'mdast';
import type { Info, Options, State } from 'mdast-util-to-markdown';
import type { Details } from './types.ts';

function details(node: Details, _parent: Parents | undefined, state: State, info: Info): string {
  const tracker = state.createTracker(info);
  let value = tracker.move(`${node.open ? '<details open>' : '<details>'}\n\n<summary>${node.summary}</summary>\n\n`);
  const content = state.containerFlow(node, tracker.current());
  value += tracker.move(content === '' ? '' : `${content}\n\n`);
  value += tracker.move('</details>');
  return value;
}

export const detailsToMarkdown: Options = { handlers: { details } };
