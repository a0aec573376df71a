// The GitHub Action's entry (bundled to action/dist/index.js by scripts/build-action.ts): everything is in run-action.ts.
import { runAction } from './run-action.ts';

process.exitCode = await runAction(process.env, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
