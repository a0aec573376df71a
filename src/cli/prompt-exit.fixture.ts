// Child process of prompt-exit.test.ts: writes `bytes` bytes to stdout, leaves a timer pending for a minute, and
// exits promptly with code 3; its `exit` listener says so on stderr.
import { exitPromptly } from './prompt-exit.ts';

const bytes = Number(process.argv[2]);
setTimeout(() => {}, 60_000);
process.on('exit', (code) => process.stderr.write(`exit listener ran with ${code}\n`));
process.stdout.write('x'.repeat(bytes));
exitPromptly(3);
