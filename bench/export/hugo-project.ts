// The same content as a Hugo project, for comparison: one content file per page (SUMMARY.md order as weights),
// the assets as static files, and layouts in the spirit of the export: header, title, content, table of contents,
// previous/next, footer, and the navigation in ONE shared file (`nav.js`, an output format of the home page)
// loaded by a script tag, never inlined into each page. With `search`, the home page also writes the site's search
// data (`search-data.json`: every page's title, address and plain text), as Hugo's documentation themes do for their
// in-browser search (the hugo-book theme writes every page's `.Plain` so): Quire's export writes a search index,
// which the plain project has no counterpart for.
const encoder = new TextEncoder();
const decoder = new TextDecoder();

const config = `baseURL = "/"
title = "Bench handbook"
relativeURLs = true
disableKinds = ["taxonomy", "term", "RSS"]
[markup.goldmark.renderer]
unsafe = true
[markup.tableOfContents]
startLevel = 2
endLevel = 4
[outputFormats.navjs]
mediaType = "text/javascript"
baseName = "nav"
isPlainText = true
[outputs]
home = ["HTML", "navjs"]
`;

/** The output format and home-page output list of a project with search data (`hugoProject(…, { search: true })`). */
const searchConfig = `[outputFormats.searchjson]
mediaType = "application/json"
baseName = "search-data"
isPlainText = true
`;

/** Every page's title, address and plain text, one JSON array (the fields hugo-book's search data has). */
const searchData = `[{{ range $index, $page := .Site.Pages }}{{ if $index }},{{ end }}{"id":{{ $index }},"title":{{ $page.Title | jsonify }},"href":{{ $page.RelPermalink | jsonify }},"content":{{ $page.Plain | jsonify }}}{{ end }}]
`;

/** The project's configuration, with the search data's output format when asked. */
function hugoConfig(search: boolean): string {
  return search ? config.replace('[outputs]\nhome = ["HTML", "navjs"]', `${searchConfig}[outputs]\nhome = ["HTML", "navjs", "searchjson"]`) : config;
}

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }} | {{ .Site.Title }}</title><link rel="stylesheet" href="{{ "style.css" | relURL }}">
<script src="{{ "nav.js" | relURL }}" defer></script></head>
<body><header><a href="{{ "" | relURL }}">{{ .Site.Title }}</a></header>
<aside><nav id="nav" data-page="{{ .RelPermalink }}"></nav></aside>
<main><h1>{{ .Title }}</h1>{{ with .Description }}<p>{{ . }}</p>{{ end }}
{{ .Content }}
<nav class="pagination">{{ with .PrevInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}{{ with .NextInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}</nav></main>
<aside class="outline">{{ .TableOfContents }}</aside>
<footer>{{ .Site.Title }}</footer></body></html>
`;

const navigation = `window.nav=[{{ range $index, $page := .Site.Pages }}{{ if $index }},{{ end }}{"t":{{ $page.Title | jsonify }},"h":{{ $page.RelPermalink | jsonify }}}{{ end }}];
`;

/**
 * The files of a Hugo project holding the same pages and assets as `repository`; with `search`, one that also writes
 * the site's search data.
 */
export function hugoProject(repository: ReadonlyMap<string, Uint8Array>, options: { search?: boolean } = {}): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  const put = (path: string, text: string) => out.set(path, encoder.encode(text));
  put('hugo.toml', hugoConfig(options.search === true));
  if (options.search === true) put('layouts/index.searchjson.json', searchData);
  put('layouts/_default/single.html', page);
  put('layouts/_default/list.html', page);
  put('layouts/index.html', page);
  put('layouts/index.navjs.js', navigation);
  put('static/style.css', 'body{font-family:system-ui;margin:0}main{max-width:768px;margin:auto}\n');
  const order = new Map<string, number>();
  const summary = decoder.decode(repository.get('SUMMARY.md') ?? new Uint8Array());
  for (const match of summary.matchAll(/\]\(([^)]+\.md)\)/g)) if (!order.has(match[1]!)) order.set(match[1]!, order.size + 1);
  for (const [path, bytes] of repository) {
    if (path.startsWith('.gitbook/assets/')) out.set(`static/${path}`, bytes);
    if (!path.endsWith('.md') || path === 'SUMMARY.md' || path.startsWith('.gitbook/')) continue;
    const text = decoder.decode(bytes);
    const front = /^---\n([\s\S]*?)\n---\n+/.exec(text);
    const rest = front ? text.slice(front[0].length) : text;
    const title = /^# (.*)\n+/.exec(rest);
    const body = title ? rest.slice(title[0].length) : rest;
    const description = front ? /^description: (.*)$/m.exec(front[1]!)?.[1] : undefined;
    const target = path === 'README.md' ? 'content/_index.md' : `content/${path.replace(/README\.md$/, '_index.md')}`;
    const header = [`title: ${JSON.stringify(title?.[1] ?? path)}`, `weight: ${order.get(path) ?? 0}`, ...(description ? [`description: ${JSON.stringify(description)}`] : [])];
    put(target, `---\n${header.join('\n')}\n---\n\n${body}`);
  }
  return out;
}
