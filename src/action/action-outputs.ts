/**
 * How the Action speaks to the workflow: outputs appended to the file at GITHUB_OUTPUT (heredoc form, so JSON
 * with newlines is safe), and workflow commands (`::error::`) on stdout, escaped as the runner expects.
 */
import { appendFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';

/** The outputs the Action always sets. */
export interface ActionOutputs {
  revision: string;
  'change-request': string;
  commit: string;
  /** The result as JSON (grouped by outcome), or `{ "error": ... }`. */
  result: string;
}

/**
 * Appends outputs to GITHUB_OUTPUT; without it (a local run), prints them as `::set-output` is gone: one line each.
 *
 * @example
 * await setOutputs(process.env, { revision: 'r1', 'change-request': '', commit: 'abc', result: '{}' }, console.log);
 */
export async function setOutputs(env: NodeJS.ProcessEnv, outputs: ActionOutputs, print: (line: string) => void): Promise<void> {
  const file = env['GITHUB_OUTPUT'];
  const text = Object.entries(outputs)
    .map(([name, value]) => {
      const delimiter = `quire_${randomUUID()}`;
      return `${name}<<${delimiter}\n${value}\n${delimiter}\n`;
    })
    .join('');
  if (file === undefined || file === '') {
    for (const [name, value] of Object.entries(outputs)) print(`${name}=${value.split('\n', 1)[0]}`);
    return;
  }
  await appendFile(file, text);
}

/**
 * An error annotation: `::error title=...::message`, with `%`, CR and LF escaped so a multi-line message stays one
 * annotation.
 *
 * @example
 * errorAnnotation('Sync conflict', 'faq.md changed on both sides') // → '::error title=Sync conflict::faq.md changed on both sides'
 */
export function errorAnnotation(title: string, message: string): string {
  const escapeData = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const escapeProperty = (text: string) => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
  return `::error title=${escapeProperty(title)}::${escapeData(message)}`;
}
