// Child process of the crash test (store.test.ts): opens a SQLite store and writes users in one long
// transaction, printing `halfway` in the middle and then slowing down, so the parent's SIGKILL lands
// inside the transaction. Usage: node --import tsx crash-writer.fixture.ts <directory> <rows>
import { openStore } from './index.ts';

const [directory, rowsText] = process.argv.slice(2);
const rows = Number(rowsText);
const store = await openStore({ kind: 'sqlite', directory: directory! });
await store.transaction(async (tx) => {
  for (let index = 0; index < rows; index++) {
    await tx.createUser({ id: `crash-${index}`, displayName: `Crash ${index}` });
    if (index === Math.floor(rows / 2)) process.stdout.write('halfway\n');
    if (index > rows / 2) await new Promise((resolve) => setTimeout(resolve, 5));
  }
});
process.stdout.write('committed\n');
await store.close();
