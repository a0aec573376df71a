// Lint: typescript-eslint's recommended rules, plus the import direction of the layers (docs/architecture.md, "Layers").
// Outer layers import inner ones, never the reverse; the pure core (model, markdown, format, content, render)
// does no I/O, so it may not import node built-ins that touch the outside world.
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';

/** Each layer, and the layers it must never import. */
const layers = {
  errors: ['disk', 'model', 'markdown', 'format', 'content', 'render', 'store', 'service', 'server', 'client', 'git', 'sync', 'export', 'cli', 'action', 'openapi'],
  model: ['disk', 'markdown', 'format', 'content', 'render', 'store', 'service', 'server', 'client', 'git', 'sync', 'export', 'cli', 'action', 'openapi'],
  markdown: ['disk', 'format', 'content', 'render', 'store', 'service', 'server', 'client', 'git', 'sync', 'export', 'cli', 'action', 'openapi'],
  format: ['disk', 'content', 'render', 'store', 'service', 'server', 'client', 'git', 'sync', 'export', 'cli', 'action', 'openapi'],
  content: ['disk', 'render', 'store', 'service', 'server', 'client', 'git', 'sync', 'export', 'cli', 'action', 'openapi'],
  render: ['disk', 'store', 'service', 'server', 'client', 'git', 'sync', 'export', 'cli', 'action', 'openapi'],
  disk: ['markdown', 'format', 'content', 'render', 'store', 'service', 'server', 'client', 'git', 'sync', 'export', 'cli', 'action', 'openapi'],
  store: ['service', 'server', 'client', 'git', 'sync', 'export', 'cli', 'action', 'openapi'],
  service: ['server', 'client', 'git', 'sync', 'export', 'cli', 'action'],
  server: ['client', 'git', 'sync', 'export', 'cli', 'action'],
  client: ['store', 'service', 'server', 'git', 'sync', 'export', 'cli', 'action'],
  git: ['store', 'service', 'server', 'client', 'sync', 'export', 'cli', 'action'],
  sync: ['store', 'service', 'server', 'export', 'cli', 'action'],
  export: ['store', 'service', 'server', 'sync', 'cli', 'action'],
  import: ['store', 'service', 'server', 'client', 'git', 'sync', 'export', 'cli', 'action'],
  openapi: ['store', 'service', 'server', 'client', 'git', 'sync', 'export', 'cli', 'action'],
  cli: ['action'],
  action: ['cli'],
};

const pureLayers = ['model', 'markdown', 'format', 'content', 'render'];
const ioModules = ['fs', 'fs/promises', 'child_process', 'net', 'http', 'https', 'dgram', 'worker_threads', 'cluster'];

const zones = Object.entries(layers).flatMap(([layer, forbidden]) =>
  forbidden.map((other) => ({
    target: `./src/${layer}`,
    from: `./src/${other}`,
    message: `src/${layer} must not import src/${other} (docs/architecture.md: outer layers import inner ones, never the reverse).`,
  })),
);

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'action/dist/**', 'bench/.out/**', '.quire/**'] },
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: pureLayers.map((layer) => `src/${layer}/**/*.ts`),
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ioModules.flatMap((name) => [
            { name, message: 'The pure core does no I/O: take bytes and callbacks as arguments instead.' },
            { name: `node:${name}`, message: 'The pure core does no I/O: take bytes and callbacks as arguments instead.' },
          ]),
        },
      ],
    },
  },
  {
    // The CLI's entry is CommonJS (bin/package.json): it starts before anything is compiled, and Node's ES module
    // loader cost each command's start 7 to 9 ms.
    files: ['bin/*.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/cli/**'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'exit', message: 'Only src/cli calls process.exit.' }],
    },
  },
);
