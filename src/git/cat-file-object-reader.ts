/**
 * Reads objects through the git binary: one long-lived `git cat-file --batch` per repository handle, fed oids on
 * its stdin and answering, in order, `<oid> <type> <size>\n<content>\n` (or `<oid> missing\n`). Git maps its packs
 * and reads only the objects asked for. The child is started on the first read, lets the process exit while idle,
 * and ends after a second without reads (the next read starts another). The oids asked for in one turn of the
 * event loop go to git in one write. If it cannot start or dies, its reads, and every later one, go to `fallback`.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { GitObjectType, RawGitObject } from './git-object.ts';
import { PIPED_READ_CONCURRENCY } from './concurrency-limit.ts';
import type { ObjectReader } from './object-reader.ts';

const IDLE_MS = 1000;
const NEWLINE = 0x0a;

let gitInstalled: boolean | undefined;

/**
 * True when an executable `git` is on the PATH (checked once per process). Looked up rather than run: starting
 * `git --version` cost 10-25 ms of every sync. A `git` that is found but fails to start is still handled: its
 * reads go to the fallback reader.
 */
export function isGitInstalled(): boolean {
  gitInstalled ??= isOnPath(process.platform === 'win32' ? 'git.exe' : 'git', process.env['PATH']);
  return gitInstalled;
}

/** True when a folder of `pathVariable` (a PATH value) holds an executable file named `name`. */
export function isOnPath(name: string, pathVariable: string | undefined): boolean {
  return (pathVariable ?? '').split(delimiter).some((folder) => {
    if (folder === '') return false;
    try {
      accessSync(join(folder, name), constants.X_OK);
      return statSync(join(folder, name)).isFile();
    } catch {
      return false;
    }
  });
}

/** The environment without GIT_* variables, which could point git at another repository or object directory. */
function gitEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('GIT_')));
}

interface Request {
  oid: string;
  resolve(object: RawGitObject | undefined): void;
  reject(error: unknown): void;
}

interface Batch {
  child: ChildProcessWithoutNullStreams;
  queue: Request[];
  /** A header line split across chunks. */
  partialHeader: Buffer;
  /** The object being received: its content (and the newline after it) fill `target`. */
  body?: { type: GitObjectType; target: Buffer; filled: number };
  idle?: NodeJS.Timeout;
  /** Oid lines asked for in this turn, written together at its end. */
  unsent: string;
}

/**
 * @example
 * const reader = createCatFileObjectReader('/repo/.git', createPackObjectReader(fs, '/repo/.git'));
 * const object = await reader.read(oid); // → { type: 'tree', bytes } or undefined
 */
export function createCatFileObjectReader(gitdir: string, fallback: ObjectReader): ObjectReader {
  let batch: Batch | undefined;
  let broken = false;

  const setActive = (current: Batch, active: boolean): void => {
    for (const handle of [current.child, current.child.stdin, current.child.stdout, current.child.stderr] as Array<{ ref(): void; unref(): void }>) {
      if (active) handle.ref();
      else handle.unref();
    }
  };

  const fail = (current: Batch): void => {
    if (batch === current) batch = undefined;
    broken = true;
    for (const request of current.queue.splice(0)) fallback.read(request.oid).then(request.resolve, request.reject);
  };

  const answered = (current: Batch, object: RawGitObject | undefined): void => {
    current.queue.shift()!.resolve(object);
    if (current.queue.length > 0) return;
    setActive(current, false);
    current.idle = setTimeout(() => {
      if (batch === current) batch = undefined;
      current.child.stdin.end();
    }, IDLE_MS);
    current.idle.unref();
  };

  const receive = (current: Batch, chunk: Buffer): void => {
    let position = 0;
    while (position < chunk.length) {
      const body = current.body;
      if (body !== undefined) {
        const take = Math.min(body.target.length - body.filled, chunk.length - position);
        chunk.copy(body.target, body.filled, position, position + take);
        body.filled += take;
        position += take;
        if (body.filled === body.target.length) {
          current.body = undefined;
          const bytes = body.target.subarray(0, body.target.length - 1);
          answered(current, { type: body.type, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
        }
        continue;
      }
      const newline = chunk.indexOf(NEWLINE, position);
      if (newline < 0) {
        current.partialHeader = Buffer.concat([current.partialHeader, chunk.subarray(position)]);
        return;
      }
      const header = Buffer.concat([current.partialHeader, chunk.subarray(position, newline)]).toString('latin1');
      current.partialHeader = Buffer.alloc(0);
      position = newline + 1;
      const [, type, size] = header.split(' ');
      if (size === undefined) answered(current, undefined); // `<oid> missing`
      else current.body = { type: type as GitObjectType, target: Buffer.allocUnsafe(Number(size) + 1), filled: 0 };
    }
  };

  const start = (): Batch => {
    const child = spawn('git', ['--git-dir', gitdir, 'cat-file', '--batch'], { env: gitEnvironment(), stdio: ['pipe', 'pipe', 'pipe'] });
    const current: Batch = { child, queue: [], partialHeader: Buffer.alloc(0), unsent: '' };
    child.stdout.on('data', (chunk: Buffer) => receive(current, chunk));
    child.stderr.resume();
    child.stdin.on('error', () => undefined); // a child that died: reported by `exit` or `error`
    child.on('error', () => fail(current));
    child.on('exit', () => {
      if (batch === current) batch = undefined; // ended while idle: the next read starts another
      if (current.queue.length > 0) fail(current);
    });
    return current;
  };

  const send = (current: Batch): void => {
    const lines = current.unsent;
    current.unsent = '';
    if (current.child.stdin.writable) current.child.stdin.write(lines);
    else fail(current); // the child died since these reads were queued
  };

  return {
    readsInFlight: PIPED_READ_CONCURRENCY,
    read(oid) {
      if (broken) return fallback.read(oid);
      const current = (batch ??= start());
      clearTimeout(current.idle);
      if (current.queue.length === 0) setActive(current, true);
      return new Promise((resolve, reject) => {
        current.queue.push({ oid, resolve, reject });
        if (current.unsent === '') queueMicrotask(() => send(current));
        current.unsent += `${oid}\n`;
      });
    },
  };
}
