// A local website for the import tests: the converter's fixture site (test/fixtures/import-site) served from the
// root, plus hostile routes under /hostile/. Listens on 127.0.0.1, port 0.
import { readFile } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const siteRoot = fileURLToPath(new URL('../../test/fixtures/import-site/', import.meta.url));
const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.png': 'image/png', '.svg': 'image/svg+xml', '.md': 'text/markdown' };

export interface HostileSite {
  origin: string;
  port: number;
  /** Paths requested, in order (to assert what was and was not fetched). */
  requests: string[];
  close(): Promise<void>;
}

/** Options: a robots.txt to serve, and the origin that off-site links and redirects point at. */
export async function startHostileSite(options: { robots?: string; elsewhere?: string } = {}): Promise<HostileSite> {
  const requests: string[] = [];
  const open = new Set<ServerResponse>();
  let origin = '';
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    requests.push(path);
    open.add(response);
    response.on('close', () => open.delete(response));
    void answer(path, response, origin, options).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of open) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function answer(path: string, response: ServerResponse, origin: string, options: { robots?: string; elsewhere?: string }): Promise<void> {
  const elsewhere = options.elsewhere ?? 'http://elsewhere.invalid';
  const html = (body: string) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!DOCTYPE html><html><head><title>${path}</title></head><body><main>${body}</main></body></html>`);
  };
  switch (path) {
    case '/robots.txt':
      if (options.robots === undefined) break;
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(options.robots);
      return;
    case '/hostile/':
    case '/hostile/index.html':
      return html(
        [
          '<h1>Hostile</h1>',
          '<p><a href="/hostile/loop-a.html">loop</a> <a href="/hostile/off-site-redirect.html">redirect</a></p>',
          '<p><a href="/hostile/never-ends.html">slow</a> <a href="/hostile/huge.html">huge</a></p>',
          '<p><a href="/hostile/private/secret.html">private</a> <a href="/hostile/scripts.html">scripts</a></p>',
          `<p><a href="${elsewhere}/hostile/internal.html">internal</a> <a href="/hostile/picture.png">picture</a></p>`,
        ].join(''),
      );
    case '/hostile/loop-a.html':
      return html('<h1>Loop A</h1><p><a href="loop-b.html">B</a> <a href="loop-a.html#again">A again</a> <a href="./loop-a.html?">A?</a></p>');
    case '/hostile/loop-b.html':
      return html('<h1>Loop B</h1><p><a href="loop-a.html">A</a> <a href="/hostile/">up</a></p>');
    case '/hostile/off-site-redirect.html':
      response.writeHead(302, { location: `${elsewhere}/hostile/internal.html` });
      response.end();
      return;
    case '/hostile/never-ends.html':
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<html><body><main><h1>Slow</h1>');
      {
        const timer = setInterval(() => response.write('<p>.</p>'), 50);
        response.on('close', () => clearInterval(timer));
      }
      return;
    case '/hostile/huge.html': {
      // 50 MB announced and streamed (no Content-Length, chunked): the reader must stop at its limit.
      response.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(1024 * 1024, 'a');
      let sent = 0;
      const pump = () => {
        while (sent < 50 && response.write(chunk)) sent++;
        if (sent >= 50) response.end();
        else response.once('drain', pump);
      };
      pump();
      return;
    }
    case '/hostile/private/secret.html':
      return html('<h1>Secret</h1><p>robots.txt disallows this page.</p>');
    case '/hostile/scripts.html':
      return html('<h1>Scripts</h1><p onclick="steal()">Text stays.</p><script>window.stolen = document.cookie;</script><noscript>no</noscript>');
    case '/hostile/picture.png':
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(Buffer.from('89504e470d0a1a0a', 'hex'));
      return;
    default:
      if (await serveFile(path, response)) return;
  }
  response.writeHead(404, { 'content-type': 'text/plain' });
  response.end('not found');
  void origin;
}

async function serveFile(path: string, response: ServerResponse): Promise<boolean> {
  const relative = normalize(decodeURIComponent(path.endsWith('/') ? `${path}index.html` : path)).replace(/^(\.\.[/\\])+/, '');
  if (relative.includes('..') || relative.startsWith('/expected') || relative.endsWith('.md')) return false;
  try {
    const bytes = await readFile(join(siteRoot, relative));
    response.writeHead(200, { 'content-type': types[extname(relative)] ?? 'application/octet-stream' });
    response.end(bytes);
    return true;
  } catch {
    return false;
  }
}
