import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import type { ApiNaming } from '../client/index.ts';
import { cliApiNaming } from './api-naming.ts';
import { describeFailure, exitCodeHelp, exitCodes } from './exit-codes.ts';
import type { Terminal } from './terminal.ts';

// Each command's module is loaded when the command runs: `quire --help` or `quire convert` need not load the
// service, the Git library and the renderer.

/**
 * Runs the `quire` command line with `argv` (without `node` and the script) and returns the exit code.
 * Never exits the process itself: src/cli/main.ts does, so tests can run commands in-process.
 *
 * @example
 * const code = await runCli(['convert', 'docs', 'docs.json'], processTerminal);
 */
export async function runCli(argv: readonly string[], terminal: Terminal): Promise<number> {
  let exitCode: number = exitCodes.ok;
  /** How the running command's failures name the API it was given (sync and export). */
  let apiNaming: ApiNaming | undefined;
  const program = new Command()
    .name('quire')
    .description('Keep documentation in Git and publish it: a Git Sync compatible Markdown format, a self-hosted docs service, sync between a Git branch and a space, and static export of published sites.')
    .version('0.1.0')
    .exitOverride()
    .configureOutput({ writeOut: terminal.out, writeErr: terminal.err })
    .showHelpAfterError('(run quire --help for usage)');

  program
    .command('convert')
    .description(
      'Convert a directory in the Git Sync layout (README.md, SUMMARY.md, .gitbook/...) to a revision bundle file (.json), or a bundle back to a directory.\n' +
        'Reading reports every problem with its file and line; nothing is dropped, and a directory converted to a bundle and back is the same, byte for byte.',
    )
    .argument('<from>', 'a directory, or a bundle file ending in .json')
    .argument('<to>', 'a bundle file ending in .json, or a directory')
    .option('--previous <bundle>', 'a bundle of the previous version: pages keep their ids across renames and moves')
    .option('--force', 'write into a non-empty directory, replacing its content (a .git folder is kept)')
    .option('--json', 'print the summary and the diagnostics as JSON')
    .addHelpText('after', `\n${exitCodeHelp({ 0: 'done', 1: 'the input has errors (printed, and the output is still written)', 2: 'wrong usage (an input that does not exist, a bad option)', 3: 'unexpected failure' })}\n\nExamples:\n  quire convert docs/ docs.json\n  quire convert docs.json out/ --force\n`)
    .action(async (from: string, to: string, options: { previous?: string; force?: boolean; json?: boolean }) => {
      exitCode = await (await import('./commands/convert.ts')).convert(from, to, options, terminal);
    });

  program
    .command('demo')
    .description('Run the main job end to end on the embedded default, on a sample repository, and say where to look.')
    .option('--out <dir>', 'where the demo writes', '.quire/demo')
    .addHelpText('after', `\n${exitCodeHelp({ 0: 'done', 1: 'the sample repository did not convert cleanly (printed)', 2: 'wrong usage', 3: 'unexpected failure' })}\n`)
    .action(async (options: { out: string }) => {
      exitCode = await (await import('./commands/demo.ts')).demo(options, terminal);
    });

  program
    .command('serve')
    .description(
      'Serve the documentation API (the published GitBook API, under /v1) from a local folder, or from PostgreSQL. ' +
        'On first start it creates an organization, an admin user and an API token, writes the token to DATA/admin-token (mode 0600) ' +
        'and prints it with the base URL; later starts reuse them. Ctrl-C (SIGINT) or SIGTERM stops it cleanly.',
    )
    .option('--data <dir>', 'the data folder: SQLite database, blobs and admin-token', '.quire')
    .option('--port <n>', 'the port to listen on (0 picks a free one)', parsePort, 8787)
    .option('--host <host>', 'the address to listen on (0.0.0.0 for every interface)', '127.0.0.1')
    .option('--database <url>', 'postgres://user@host:5432/db: keep records in PostgreSQL, so several processes can serve one database (blobs stay in --data)')
    .option('--public-url <url>', 'the base URL clients reach the service at, used in the urls of answers (default: the Host of each request)')
    .option('--log', 'log every request as JSON lines on stderr')
    .option('--max-file-size <size>', 'the largest file the service takes: 100mb, 1mib, 512kb or bytes (default: $QUIRE_MAX_FILE_SIZE, else 100mb)')
    .addHelpText(
      'after',
      '\nExamples:\n  quire serve\n  quire serve --data /srv/quire --port 8080 --host 0.0.0.0\n  quire serve --database postgres://quire@db:5432/quire --data /srv/quire-blobs\n\n' +
        'Then: curl -H "Authorization: Bearer $(cat .quire/admin-token)" http://127.0.0.1:8787/v1/orgs\n' +
        '\nEnvironment:\n  QUIRE_CHROMIUM   the Chromium that prints change-request PDFs (default /usr/bin/chromium; apt-get install chromium)\n' +
        '  QUIRE_PDF_PAPER  the sheets of those PDFs: A4 (default) or Letter\n' +
        `${exitCodeHelp({ 0: 'stopped by a signal', 2: 'wrong usage (a bad option, a port in use or not allowed, a host that is not of this machine)', 3: 'unexpected failure' })}\n`,
    )
    .action(async (options: { data: string; port: number; host: string; database?: string; publicUrl?: string; log?: boolean; maxFileSize?: string }) => {
      exitCode = await (await import('./commands/serve.ts')).serve(options, terminal);
    });

  program
    .command('sync')
    .description(
      'Keep a folder of a Git repository and a space in step, both ways: new commits become a change request that is merged; ' +
        'edits made in the space become commits (one per revision, "<PREFIX>-<change request>: <subject>"). When both changed, ' +
        'the changes are merged line by line; a real conflict leaves the change request open, lists the pages and exits 1. ' +
        'With no --api (nor QUIRE_API_URL) it runs the embedded service on ./.quire and creates the space on first use.',
    )
    .option('--dir <dir>', 'the folder to sync (a folder inside a repository syncs only that folder, with its own .gitbook.yaml)', '.')
    .option('--space <id>', 'the space to sync with (required with --api; remembered in .quire for the embedded service)')
    .option('--api <url>', 'the API origin, without /v1 (default: $QUIRE_API_URL, else the embedded service)')
    .option('--token <token>', 'the API token (default: $QUIRE_TOKEN)')
    .addOption(new Option('--direction <direction>', 'which way changes flow').choices(['both', 'git-to-space', 'space-to-git']).default('both'))
    .option('--branch <branch>', 'the branch to sync (default: the checked-out branch)')
    .addOption(new Option('--prefer <side>', 'which side wins on a first sync where both have content, or where both changed the same lines').choices(['git', 'space']))
    .option('--message-prefix <prefix>', 'prefix of the commit messages made from change requests', 'QUIRE')
    .option('--data <dir>', 'the embedded service\'s data folder, used when no API is given', '.quire')
    .option('--dry-run', 'print the plan and change nothing')
    .option('--json', 'print the result as JSON, grouped by outcome (created, updated, moved, deleted, skipped, failed)')
    .addHelpText(
      'after',
      `\n${exitCodeHelp({
        0: 'done (or nothing to do)',
        1: 'stopped: a conflict, a first sync that needs --prefer, refused changes, a request the API refused (a wrong token)',
        2: 'wrong usage (--space missing with --api, a bad --api URL, not a Git repository, a --dir that does not exist)',
        3: 'unexpected failure',
        4: 'the API could not be used (no answer, https asked of an http server, 5xx after every retry): the message says what to check',
      })}\n\n` +
        'Examples:\n  quire sync\n  quire sync --dir docs --dry-run\n  QUIRE_API_URL=https://docs.example.com QUIRE_TOKEN=... quire sync --space abc123 --prefer git\n',
    )
    .action(
      async (options: { dir: string; space?: string; api?: string; token?: string; direction: 'both' | 'git-to-space' | 'space-to-git'; branch?: string; prefer?: 'git' | 'space'; messagePrefix: string; data: string; dryRun?: boolean; json?: boolean }) => {
        apiNaming = cliApiNaming(options, process.env);
        exitCode = await (await import('./commands/sync.ts')).syncCommand(options, terminal);
      },
    );

  const exportCommand = program
    .command('export')
    .description(
      'Export a published site as a static bundle that works offline: one HTML page per visible page of every site space, ' +
        'relative links that open from file:// and any static web server, every referenced file copied once, offline search, ' +
        '404.html and sitemap.xml. --space exports one space as a site of its own, with the default customization, without making a site. ' +
        'With no --api (nor QUIRE_API_URL) it reads the embedded service on ./.quire.',
    )
    .option('--site <id>', 'the published site to export (quire sites list shows them)')
    .option('--space <id>', 'instead of --site: one space, exported as a site with the default customization (quire spaces list shows them)')
    .requiredOption('--out <dir>', 'the folder to write the bundle into (created when missing)')
    .option('--share-key <key>', 'the share key of a share-link site')
    .option('--claims <file.json>', 'visitor claims (a JSON object) to export adaptive content for; default: none');
  addApiOptions(exportCommand, "the site's organization (default: the embedded service's, else the token's first)")
    .option('--json', 'print the summary as JSON')
    .addHelpText(
      'after',
      '\nExactly one of --site and --space is required. A site must be published first (quire sites publish <id>).\n' +
        '\nAdaptive content: {% if %} blocks, inline expressions and page conditions (if:) are evaluated once, against the claims of --claims ' +
        '(visitor.claims in expressions, the file used as-is: the hosted service puts unsigned claims under visitor.claims.unsigned, so write ' +
        '{ "unsigned": { "plan": "pro" } } for those). Without --claims there are none: content shown only on a condition is left out. ' +
        'A bundle shows one audience; export once per audience for several.\n' +
        `\n${exitCodeHelp({
          0: 'done',
          1: 'the site or its content could not be read (the API refused: not found, no access; a site not published yet)',
          2: 'wrong usage (neither or both of --site and --space, a bad --api URL, no token with --api, no embedded service in --data, an unreadable or invalid claims file)',
          3: 'unexpected failure',
          4: 'the API could not be used (no answer, https asked of an http server, 5xx after every retry): the message says what to check',
        })}\n\nExamples:\n  quire export --site abc123 --out site\n  quire export --space def456 --out site\n  quire export --site abc123 --out site-pro --claims pro-claims.json\n  QUIRE_API_URL=https://docs.example.com QUIRE_TOKEN=... quire export --site abc123 --out site\n`,
    )
    .action(async (options: { site?: string; space?: string; out: string; organization?: string; api?: string; token?: string; shareKey?: string; data: string; json?: boolean; claims?: string }) => {
      apiNaming = cliApiNaming(options, process.env);
      exitCode = await (await import('./commands/export.ts')).exportCommand(options, terminal, process.env);
    });

  program
    .command('build')
    .description(
      'Build a static site straight from a directory in the Git Sync layout, with no service (as mdBook and Honkit do): ' +
        'the same renderer and bundle as quire export (one index.html per page, relative links that open from file:// and any static web server, ' +
        'files copied once, offline search, 404.html and sitemap.xml).',
    )
    .argument('<dir>', 'a space (README.md, SUMMARY.md or .gitbook.yaml at its top), or a folder of spaces')
    .requiredOption('--out <dir>', 'the folder to write the site into (created when missing)')
    .option('--customization <file.json>', "the site's customization: a JSON object in the published SiteCustomizationSettings shape (what GET .../customization answers), or any part of it")
    .option('--claims <file.json>', 'visitor claims (a JSON object) to build adaptive content for, as quire export --claims; default: none')
    .option('--sections <folders>', 'for a folder of spaces: the space folders to publish, comma-separated, in the order of the tabs (default: every one, by name)')
    .option('--title <text>', "the site's title (default: the space's title; for a folder of spaces, the folder's name); the customization's title, when set, is shown instead")
    .option('--url <url>', 'the address the site will be served at, for absolute locations in sitemap.xml')
    .option('--json', 'print the summary, the spaces read and the diagnostics as JSON')
    .addHelpText(
      'after',
      '\nOne space or sections: a directory with README.md, SUMMARY.md or .gitbook.yaml at its top is one space, and the site is that space. ' +
        'Otherwise it is a folder of spaces (a monorepo): each sub-folder with one of those files at its own top is a space, and becomes a section ' +
        '(a tab) titled like its README page (its first heading), at the path of its folder name; the first section is the home page. ' +
        'Sub-folders without one are skipped, and named.\n' +
        '\nProblems the format reader finds are printed with their file and line, as quire convert prints them; warnings never stop the build.\n' +
        `\n${exitCodeHelp({
          0: 'done',
          1: 'the directory has format errors (printed; the site is still written)',
          2: 'wrong usage (no such directory, no space in it, an unreadable or invalid customization or claims file: the message names the field)',
          3: 'unexpected failure',
        })}\n\n` +
        'Examples:\n  quire build docs --out site\n  quire build monorepo --out site --sections payments,identity,developers --title "Ledgerline docs"\n' +
        '  quire build docs --out site --customization customization.json --claims pro-claims.json\n',
    )
    .action(async (dir: string, options: { out: string; customization?: string; claims?: string; sections?: string; title?: string; url?: string; json?: boolean }) => {
      exitCode = await (await import('./commands/build.ts')).buildCommand(dir, options, terminal);
    });

  const apiExitCodes = `${exitCodeHelp({
    0: 'done',
    1: 'the API refused or found nothing (a space or site that does not exist: the message says which)',
    2: 'wrong usage (a bad --api URL, no token with --api, no embedded service in --data)',
    3: 'unexpected failure',
    4: 'the API could not be used (no answer, https asked of an http server, 5xx after every retry): the message says what to check',
  })}\n`;
  const spaces = program.command('spaces').description('List and create spaces: the content a site shows, kept in step with a Git folder by quire sync.');
  addApiOptions(spaces.command('list').description('List the spaces of the organization: "<id>  <title>" per line.'), 'the organization (default: the embedded service\'s, else the token\'s first)')
    .option('--json', 'print a JSON array of { id, title, visibility }')
    .addHelpText('after', `\n${apiExitCodes}\nExamples:\n  quire spaces list\n  QUIRE_API_URL=https://docs.example.com QUIRE_TOKEN=... quire spaces list --json\n`)
    .action(async (options: ApiCommandOptions) => {
      apiNaming = cliApiNaming(options, process.env);
      exitCode = await (await import('./commands/spaces.ts')).spacesList(options, terminal, process.env);
    });
  addApiOptions(spaces.command('create').description('Create an empty space and print its id; quire sync --space <id> fills it from a Git folder.'), 'the organization (default: the embedded service\'s, else the token\'s first)')
    .requiredOption('--title <title>', 'the title of the space')
    .option('--json', 'print { id, title, visibility } as JSON')
    .addHelpText('after', `\n${apiExitCodes}\nExamples:\n  quire spaces create --title Handbook\n  quire sync --space <id>\n`)
    .action(async (options: ApiCommandOptions & { title: string }) => {
      apiNaming = cliApiNaming(options, process.env);
      exitCode = await (await import('./commands/spaces.ts')).spacesCreate(options, terminal, process.env);
    });

  const sites = program
    .command('sites')
    .description('List, create, publish and unpublish sites: what quire export --site reads. A site shows one space, or several as sections (tabs).');
  addApiOptions(sites.command('list').description('List the sites of the organization: "<id>  published|unpublished  <title>" per line.'), 'the organization (default: the embedded service\'s, else the token\'s first)')
    .option('--json', 'print a JSON array of { id, title, visibility, published, siteSpaces }')
    .addHelpText('after', `\n${apiExitCodes}\nExamples:\n  quire sites list\n  quire sites list --json\n`)
    .action(async (options: ApiCommandOptions) => {
      apiNaming = cliApiNaming(options, process.env);
      exitCode = await (await import('./commands/sites.ts')).sitesList(options, terminal, process.env);
    });
  addApiOptions(
    sites
      .command('create')
      .description('Create a site of one or more spaces, not published yet. One space is the whole site; several become one section each (titled like the space), in the order given.'),
    'the organization (default: the embedded service\'s, else the token\'s first)',
  )
    .requiredOption('--title <title>', 'the title of the site')
    .option('--space <id>', 'a space the site shows (repeat it: one section per space)', (value: string, previous: string[] | undefined) => [...(previous ?? []), value])
    .addOption(new Option('--visibility <visibility>', 'who may read the site once published').choices(['public', 'unlisted', 'share-link', 'visitor-auth']).default('public'))
    .option('--json', 'print the site as JSON: { id, title, visibility, published, siteSpaces, spaces, sections? }')
    .addHelpText(
      'after',
      `\n${apiExitCodes}\nExamples:\n  quire sites create --title "Acme docs" --space abc123\n  quire sites create --title "Acme docs" --space guides1 --space api2   # two sections\n  quire sites publish <id>\n`,
    )
    .action(async (options: ApiCommandOptions & { title: string; space?: string[]; visibility: 'public' | 'unlisted' | 'share-link' | 'visitor-auth' }) => {
      apiNaming = cliApiNaming(options, process.env);
      exitCode = await (await import('./commands/sites.ts')).sitesCreate({ ...options, space: options.space ?? [] }, terminal, process.env);
    });
  for (const [action, published, description] of [
    ['publish', true, 'Publish a site: its published profile becomes readable, so quire export --site can export it.'],
    ['unpublish', false, 'Unpublish a site: it can no longer be read or exported; its content is kept.'],
  ] as const) {
    addApiOptions(sites.command(action).description(description).argument('<site>', 'the id of the site (quire sites list shows them)'), 'the organization (default: the embedded service\'s, else the token\'s first)')
      .option('--json', 'print { id, title, visibility, published, siteSpaces } as JSON')
      .addHelpText('after', `\n${apiExitCodes}\nExamples:\n  quire sites ${action} abc123\n`)
      .action(async (site: string, options: ApiCommandOptions) => {
      apiNaming = cliApiNaming(options, process.env);
        exitCode = await (await import('./commands/sites.ts')).sitesSetPublished(site, published, options, terminal, process.env);
      });
  }

  const token = program
    .command('token')
    .description(
      'Create, list and revoke API tokens of the service (quire serve). They work on its data folder (--data, --database), where every token ' +
        'can be seen and revoked, or with --api on a running service as the --token\'s user (QUIRE_API_URL is not read: without --api they use the data folder).',
    );
  const tokenExitCodes = (refused: string, usage: string) =>
    exitCodeHelp({
      0: 'done',
      1: refused,
      2: `wrong usage (${usage}, no token with --api)`,
      3: 'unexpected failure',
      4: 'the API could not be used (no answer, https asked of an http server, 5xx after every retry): the message says what to check',
    });
  addTokenLocationOptions(
    token
      .command('create')
      .description(
        'Mint an API token and print it alone on stdout. On the data folder it is for the admin user and organization quire serve created by default; ' +
          'with --user and --organization, for that user in that organization (a user who is not ' +
          'a member of the organization is added, with --role, default read; an e-mail address no user has is refused: add people with quire user add). With --api, it is for the --token\'s own user, and expires no later than that token.',
      ),
  )
    .option('--user <id|email>', 'the user the token is for, who must exist (quire user add makes users; default: the admin; data folder only)')
    .option('--organization <id>', 'the organization the user must belong to (default: the admin\'s; data folder only)')
    .addOption(new Option('--role <role>', 'set the user\'s role in the organization (guest: no role; data folder only)').choices(['admin', 'create', 'edit', 'review', 'comment', 'read', 'guest']))
    .option('--label <text>', 'a label to recognise the token by')
    .option('--expires-in <duration>', 'make it expire after 90m, 12h, 30d or 2w (at most 3650d; default: never)')
    .option('--expires-at <time>', 'make it expire at an ISO 8601 date-time with a time zone (2027-01-31T12:00:00Z)')
    .option('--json', 'print { token, id, user, organization, role, expiresAt } as JSON')
    .addHelpText(
      'after',
      `\n${tokenExitCodes('the API refused (a wrong --token, an expiry beyond the --token\'s own)', 'a bad option, an unknown --user, an --expires-in or --expires-at that is not a future time, no admin yet: start quire serve once')}\n\nExamples:\n  quire token create\n  quire user add ada@example.com --role edit\n  quire token create --user ada@example.com --organization <id> --role edit --expires-in 30d\n  TOKEN=$(quire token create --user reader@example.com --role read)\n  quire token create --api https://docs.example.com --token $QUIRE_TOKEN --label CI --expires-in 90d\n`,
    )
    .action(async (options: { data: string; database?: string; api?: string; token?: string; user?: string; organization?: string; role?: string; label?: string; expiresIn?: string; expiresAt?: string; json?: boolean }) => {
      apiNaming = tokenApiNaming(options);
      exitCode = await (await import('./commands/token.ts')).tokenCreate(options, terminal, process.env);
    });
  addTokenLocationOptions(
    token
      .command('list')
      .description(
        'List API tokens as a table: id (* marks the one in use), label, user, created, expires, last used (recorded at most once a minute). ' +
          'On the data folder: every token, or a user\'s (--user) or an organization\'s members\' (--organization). With --api: the --token\'s own, ' +
          'or with --organization its members\' (organization admins only). Token values are never shown: only their SHA-256 is kept.',
      ),
  )
    .option('--user <id|email>', 'only the tokens of this user')
    .option('--organization <id>', 'the tokens of this organization\'s members (with --api: needs the admin role there)')
    .option('--json', 'print a JSON array of { id, label, user, createdAt, expiresAt?, lastUsedAt?, current }')
    .addHelpText('after', `\n${tokenExitCodes('the API refused (a wrong --token, --organization without the admin role)', 'a bad option, an unknown --user or --organization, no service in --data yet')}\n\nExamples:\n  quire token list\n  quire token list --organization <id> --json\n  quire token list --api https://docs.example.com --token $QUIRE_TOKEN\n`)
    .action(async (options: { data: string; database?: string; api?: string; token?: string; user?: string; organization?: string; json?: boolean }) => {
      apiNaming = tokenApiNaming(options);
      exitCode = await (await import('./commands/token.ts')).tokenList(options, terminal, process.env);
    });
  addTokenLocationOptions(
    token
      .command('revoke')
      .description(
        'Revoke an API token: from the next request on it is refused (401), by every process serving the database. On the data folder any token; ' +
          'with --api one of the --token\'s own (the one in use too), or with --organization a member\'s (organization admins only).',
      )
      .argument('<id>', 'the id of the token (quire token list shows them)'),
  )
    .option('--organization <id>', 'revoke a token of this organization\'s member (with --api: needs the admin role there)')
    .option('--json', 'print { revoked: <id> } as JSON')
    .addHelpText('after', `\n${tokenExitCodes('no such token (or not yours, or not a member\'s), or the API refused', 'a bad option, no service in --data yet')}\n\nExamples:\n  quire token revoke <id>\n  quire token revoke <id> --api https://docs.example.com --token $QUIRE_TOKEN\n`)
    .action(async (id: string, options: { data: string; database?: string; api?: string; token?: string; organization?: string; json?: boolean }) => {
      apiNaming = tokenApiNaming(options);
      exitCode = await (await import('./commands/token.ts')).tokenRevoke(id, options, terminal, process.env);
    });

  const user = program
    .command('user')
    .description(
      'Add people to the service (quire serve) and list them, on its data folder (--data, --database) only: the published API has no operation ' +
        'that creates users, so there is no --api. Then give them a token with quire token create --user <email>.',
    );
  const userExitCodes = (usage: string) => exitCodeHelp({ 0: 'done', 2: `wrong usage (${usage}, no service in --data yet)`, 3: 'unexpected failure' });
  user
    .command('add')
    .description(
      'Create a user with this e-mail address (unless one exists) and make them a member of the organization with --role (default read; ' +
        'an existing member keeps their role unless --role is given). Data folder only.',
    )
    .argument('<email>', 'their e-mail address (name@example.com)')
    .option('--name <name>', 'their display name (default: the part of the address before @; changes an existing user\'s)')
    .addOption(new Option('--role <role>', 'their role in the organization (guest: no role)').choices(['admin', 'create', 'edit', 'review', 'comment', 'read', 'guest']))
    .option('--org <id>', 'the organization (default: the one quire serve created)')
    .option('--data <dir>', 'the data folder quire serve uses', '.quire')
    .option('--database <url>', 'the PostgreSQL database quire serve uses, if any')
    .option('--json', 'print { user: { id, email, name, created }, organization, role, addedToOrganization } as JSON')
    .addHelpText(
      'after',
      `\n${userExitCodes('an address that is not one, a bad --role, an unknown --org')}\n\nExamples:\n  quire user add ada@example.com --name "Ada Lovelace" --role edit\n  quire token create --user ada@example.com --expires-in 30d\n`,
    )
    .action(async (email: string, options: { name?: string; role?: string; org?: string; data: string; database?: string; json?: boolean }) => {
      exitCode = await (await import('./commands/user.ts')).userAdd(email, options, terminal);
    });
  user
    .command('list')
    .description('List the members of the organization: id, e-mail, name, role, joined, last seen (moved by pings and, at most once a minute, by token use), and who asked the admins to remove them (DELETE of a member by a member who is not an admin answers 202 and records it). Data folder only.')
    .option('--org <id>', 'the organization (default: the one quire serve created)')
    .option('--data <dir>', 'the data folder quire serve uses', '.quire')
    .option('--database <url>', 'the PostgreSQL database quire serve uses, if any')
    .option('--json', 'print a JSON array of { id, email, name, role, disabled, joinedAt, lastSeenAt, removalRequest: { requestedBy, requestedAt } or null }')
    .addHelpText('after', `\n${userExitCodes('an unknown --org')}\n\nExamples:\n  quire user list\n  quire user list --org <id> --json\n`)
    .action(async (options: { org?: string; data: string; database?: string; json?: boolean }) => {
      exitCode = await (await import('./commands/user.ts')).userList(options, terminal);
    });

  const invite = addApiOptions(
    program
      .command('invite')
      .description(
        'Invite someone to the organization by e-mail and print the join link (the service sends no mail): they join by POSTing to it with a token ' +
          'of an account with that address (quire token create --user <email> on the data folder). quire invite list and quire invite revoke manage pending invites.',
      )
      .argument('<email>', 'the e-mail address to invite'),
    "the organization (default: the embedded service's, else the token's first)",
  )
    .option('--org <id>', 'the organization (same as --organization)')
    .addOption(new Option('--role <role>', "the role they get (guest: none; default: the organization's defaultRole)").choices(['admin', 'create', 'edit', 'review', 'comment', 'read', 'guest']))
    .option('--json', 'print JSON: { organization, invited, invite: { id, email, role, url } }; for list { organization, emails, links }; for revoke { revoked }')
    .addHelpText('after', `\n${apiExitCodes}\nExamples:\n  quire invite ada@example.com --role edit\n  quire invite bob@example.com --org <id> --api https://docs.example.com --token $QUIRE_TOKEN\n`)
    .action(async (email: string, options: ApiCommandOptions & { org?: string; role?: string; json?: boolean }) => {
      apiNaming = cliApiNaming(options, process.env);
      exitCode = await (await import('./commands/invite.ts')).inviteCreate(email, options, terminal, process.env);
    });
  // The subcommands take the options of `quire invite` itself (--api, --token, --data, --organization/--org,
  // --json): Commander gives them to the parent wherever they appear, so the subcommands read them from there.
  invite
    .command('list')
    .description('List the pending e-mail invites ("<id>  email  <address>  <role>  <join link>") and invite links ("<id>  link  <role>") of the organization. Takes the options of quire invite.')
    .addHelpText('after', `\n${apiExitCodes}\nExamples:\n  quire invite list\n  quire invite list --org <id> --json\n`)
    .action(async (_options: unknown, command: Command) => {
      const options = command.optsWithGlobals<ApiCommandOptions & { org?: string; json?: boolean }>();
      apiNaming = cliApiNaming(options, process.env);
      exitCode = await (await import('./commands/invite.ts')).inviteList(options, terminal, process.env);
    });
  invite
    .command('revoke')
    .description('Revoke a pending e-mail invite or an invite link: its link stops working at once. Takes the options of quire invite.')
    .argument('<id>', 'the id of the invite (quire invite list shows them)')
    .addHelpText('after', `\n${apiExitCodes}\nExamples:\n  quire invite revoke <id>\n`)
    .action(async (id: string, _options: unknown, command: Command) => {
      const options = command.optsWithGlobals<ApiCommandOptions & { org?: string; json?: boolean }>();
      apiNaming = cliApiNaming(options, process.env);
      exitCode = await (await import('./commands/invite.ts')).inviteRevoke(id, options, terminal, process.env);
    });

  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? exitCodes.ok : exitCodes.usage;
    }
    const failure = describeFailure(error, apiNaming);
    terminal.err(`quire: ${failure.message}\n`);
    return failure.code;
  }
}

/** The options of every command that talks to the API: where it is, the token, the embedded default, the organization. */
interface ApiCommandOptions {
  api?: string;
  token?: string;
  data: string;
  organization?: string;
  json?: boolean;
}

/** Adds --api, --token, --data and --organization, the way `quire export`, `quire spaces` and `quire sites` find the API. */
function addApiOptions(command: Command, organization: string): Command {
  return command
    .option('--api <url>', 'the API origin, without /v1 (default: $QUIRE_API_URL, else the embedded service)')
    .option('--token <token>', 'the API token (default: $QUIRE_TOKEN; required with --api)')
    .option('--data <dir>', "the embedded service's data folder, used when no API is given", '.quire')
    .option('--organization <id>', organization);
}

/** Adds --data, --database, --api and --token: where `quire token` commands work (commands/token-location.ts). */
function addTokenLocationOptions(command: Command): Command {
  return command
    .option('--data <dir>', 'the data folder quire serve uses', '.quire')
    .option('--database <url>', 'the PostgreSQL database quire serve uses, if any')
    .option('--api <url>', 'work through a running service instead: its origin, without /v1')
    .option('--token <token>', 'with --api: the API token to act as (default: $QUIRE_TOKEN)');
}

/** Failures name --api and --token only when the command used the API; QUIRE_API_URL is not read by `quire token`. */
function tokenApiNaming(options: { api?: string; token?: string; data: string }): ApiNaming | undefined {
  return options.api === undefined ? undefined : cliApiNaming(options, { ...process.env, QUIRE_API_URL: undefined });
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^[0-9]+$/.test(value) || port > 65535) throw new InvalidArgumentError('a port is a number from 0 to 65535.');
  return port;
}
