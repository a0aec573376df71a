// Preloaded into a `quire` child (NODE_OPTIONS=--import) by test/cli-helper-threads.test.ts: notes the threads the
// process has when it starts (Node's and V8's own), and at its exit writes to $QUIRE_THREAD_PROBE the nice value of
// the main thread and of each of those threads still running.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const nice = (tid) => {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
};
const atStart = readdirSync('/proc/self/task').filter((tid) => Number(tid) !== process.pid);
process.on('exit', () => {
  const running = new Set(readdirSync('/proc/self/task'));
  writeFileSync(process.env.QUIRE_THREAD_PROBE, JSON.stringify({ main: nice(process.pid), startup: atStart.filter((tid) => running.has(tid)).map(nice) }));
});
