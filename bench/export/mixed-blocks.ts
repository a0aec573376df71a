// The blocks of bench/export's mixed-content site: one generator per block family of FORMAT.md, each giving the
// block as Quire's format writes it and a plain Markdown/HTML equivalent for Hugo (same text, no shortcodes).
import type { SeededRandom } from '../../test/support/seeded-random.ts';

/** One block, twice: in the Git Sync format, and as plain Markdown/HTML for Hugo. */
export interface MixedBlock {
  quire: string;
  hugo: string;
}

/** What a block may point at, relative to the page it is written in. */
export interface BlockContext {
  random: SeededRandom;
  /** Another page of the same space, as a relative link, and its title. */
  otherPage: () => { href: string; title: string };
  /** An image of the space, as a relative link. */
  image: () => string;
  /** The reusable contents of the space: relative link and the text it holds. */
  include: () => { href: string; text: string };
  /** The OpenAPI specification of the space, relative link, and an operation of it; undefined when it has none. */
  openapi?: () => { href: string; path: string; method: string };
}

const words = 'service space page revision branch commit deploy token install configure request response cache index search publish export review merge conflict draft section variant header footer sidebar member role webhook retry limit'.split(' ');

/** A sentence of `length` words, with some inline emphasis and code. */
export function sentence(random: SeededRandom, length = random.between(6, 16)): string {
  const parts: string[] = [];
  for (let index = 0; index < length; index++) {
    const word = random.pick(words);
    const roll = random.next();
    parts.push(roll < 0.04 ? `**${word}**` : roll < 0.07 ? `_${word}_` : roll < 0.1 ? `\`${word}\`` : word);
  }
  const text = parts.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

export function paragraph(random: SeededRandom): string {
  return Array.from({ length: random.between(2, 4) }, () => sentence(random)).join(' ');
}

export function title(random: SeededRandom, length = 3): string {
  return sentence(random, length).slice(0, -1).replace(/[*_`]/g, '');
}

const same = (text: string): MixedBlock => ({ quire: text, hugo: text });

/** Every block family, by name: each makes one block of its family. */
export const blockFamilies = {
  hint(context: BlockContext): MixedBlock {
    const style = context.random.pick(['info', 'warning', 'danger', 'success']);
    const text = paragraph(context.random);
    return { quire: `{% hint style="${style}" %}\n${text}\n{% endhint %}`, hugo: `> **${style}**: ${text}` };
  },
  code(context: BlockContext): MixedBlock {
    const language = context.random.pick(['bash', 'javascript', 'yaml']);
    const code = language === 'bash' ? `quire ${context.random.pick(words)} --${context.random.pick(words)} ${context.random.pick(words)}\n` : language === 'yaml' ? `${context.random.pick(words)}:\n  enabled: true\n  retries: 3\n` : `const client = createClient({ token: process.env.TOKEN });\nconst page = await client.pages.get('${context.random.pick(words)}');\nconsole.log(page.title);\n`;
    return same(`\`\`\`${language}\n${code}\`\`\``);
  },
  codeWithTitle(context: BlockContext): MixedBlock {
    const file = context.random.pick(['index.js', 'server.ts', 'config.js']);
    const code = `\`\`\`javascript\nconst client = createClient({ token: process.env.TOKEN });\nconst page = await client.pages.get('${context.random.pick(words)}');\nconsole.log(page.title);\n\`\`\``;
    return { quire: `{% code title="${file}" lineNumbers="true" %}\n${code}\n{% endcode %}`, hugo: `<p class="code-title">${file}</p>\n\n${code}` };
  },
  image(context: BlockContext): MixedBlock {
    return same(`<figure><img src="${context.image()}" alt="${title(context.random, 2)}"><figcaption><p>${title(context.random, 4)}</p></figcaption></figure>`);
  },
  markdownTable(context: BlockContext): MixedBlock {
    const row = () => `| \`${context.random.pick(words)}\` | \`${context.random.between(1, 64)}\` | ${sentence(context.random, 5)} |`;
    return same(`| Option | Default | Meaning |\n| ------ | ------- | ------- |\n${row()}\n${row()}\n${row()}`);
  },
  tabs(context: BlockContext): MixedBlock {
    const [first, second] = [paragraph(context.random), paragraph(context.random)];
    return {
      quire: `{% tabs %}\n{% tab title="npm" %}\n${first}\n\n\`\`\`bash\nnpm install quire\n\`\`\`\n{% endtab %}\n\n{% tab title="yarn" %}\n${second}\n\n\`\`\`bash\nyarn add quire\n\`\`\`\n{% endtab %}\n{% endtabs %}`,
      hugo: `#### npm\n\n${first}\n\n\`\`\`bash\nnpm install quire\n\`\`\`\n\n#### yarn\n\n${second}\n\n\`\`\`bash\nyarn add quire\n\`\`\``,
    };
  },
  stepper(context: BlockContext): MixedBlock {
    const steps = ['Install', 'Configure', 'Publish'].slice(0, context.random.between(2, 3)).map((name) => ({ name, text: paragraph(context.random) }));
    return {
      quire: `{% stepper %}\n${steps.map((step) => `{% step %}\n### ${step.name}\n\n${step.text}\n{% endstep %}`).join('\n\n')}\n{% endstepper %}`,
      hugo: steps.map((step, index) => `### ${index + 1}. ${step.name}\n\n${step.text}`).join('\n\n'),
    };
  },
  cards(context: BlockContext): MixedBlock {
    const cards = Array.from({ length: 3 }, () => ({ ...context.otherPage(), text: sentence(context.random, 6) }));
    return {
      quire: `<table data-view="cards"><thead><tr><th></th><th></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody>${cards.map((card) => `<tr><td><strong>${card.title}</strong></td><td>${card.text}</td><td><a href="${card.href}">${card.href.split('/').at(-1)}</a></td></tr>`).join('')}</tbody></table>`,
      hugo: `<div class="cards">${cards.map((card) => `<a class="card" href="${card.href}"><strong>${card.title}</strong><p>${card.text}</p></a>`).join('')}</div>`,
    };
  },
  columns(context: BlockContext): MixedBlock {
    const [left, right] = [paragraph(context.random), paragraph(context.random)];
    return {
      quire: `{% columns %}\n{% column width="50%" %}\n${left}\n{% endcolumn %}\n\n{% column %}\n${right}\n{% endcolumn %}\n{% endcolumns %}`,
      hugo: `<div class="columns"><div class="column">\n\n${left}\n\n</div><div class="column">\n\n${right}\n\n</div></div>`,
    };
  },
  contentRef(context: BlockContext): MixedBlock {
    const target = context.otherPage();
    return { quire: `{% content-ref url="${target.href}" %}\n[${target.href.split('/').at(-1)}](${target.href})\n{% endcontent-ref %}`, hugo: `[${target.title}](${target.href})` };
  },
  include(context: BlockContext): MixedBlock {
    const include = context.include();
    return { quire: `{% include "${include.href}" %}`, hugo: include.text };
  },
  embed(context: BlockContext): MixedBlock {
    const url = `https://www.youtube.com/watch?v=${context.random.pick(words)}${context.random.between(1, 99)}`;
    return { quire: `{% embed url="${url}" %}`, hugo: `<p class="embed"><a href="${url}">${url}</a></p>` };
  },
  math(): MixedBlock {
    const tex = 'f(x) = \\int_{-\\infty}^\\infty \\hat f(\\xi)\\,e^{2 \\pi i \\xi x} \\,d\\xi';
    return { quire: `$$\n${tex}\n$$`, hugo: `<div class="math">\\[${tex}\\]</div>` };
  },
  htmlTable(context: BlockContext): MixedBlock {
    const rows = Array.from({ length: 3 }, () => `<tr><td>${context.random.pick(words)}</td><td>${context.random.pick(['string', 'number', 'boolean'])}</td><td>${sentence(context.random, 5)}</td></tr>`).join('');
    return same(`<table><thead><tr><th>Name</th><th>Type</th><th>Meaning</th></tr></thead><tbody>${rows}</tbody></table>`);
  },
  expandable(context: BlockContext): MixedBlock {
    const text = paragraph(context.random);
    return same(`<details>\n\n<summary>${context.random.pick(['How do I sync?', 'What are tokens?', 'Why is my page missing?'])}</summary>\n\n${text}\n\n</details>`);
  },
  openapi(context: BlockContext): MixedBlock {
    const operation = context.openapi?.();
    if (operation === undefined) return blockFamilies.codeWithTitle(context);
    return {
      quire: `{% openapi src="${operation.href}" path="${operation.path}" method="${operation.method}" %}\n[${operation.href.split('/').at(-1)}](${operation.href})\n{% endopenapi %}`,
      hugo: `### ${operation.method.toUpperCase()} \`${operation.path}\`\n\n<table><thead><tr><th>Parameter</th><th>In</th><th>Type</th></tr></thead><tbody><tr><td>id</td><td>path</td><td>string</td></tr><tr><td>expand</td><td>query</td><td>boolean</td></tr></tbody></table>\n\n\`\`\`json\n{ "id": "string", "title": "string" }\n\`\`\``,
    };
  },
} satisfies Record<string, (context: BlockContext) => MixedBlock>;

export type BlockFamily = keyof typeof blockFamilies;

/**
 * The share of pages that hold each family (at least once), in the proportions of real documentation: most
 * pages have hints, code and images; tabs, steppers, cards, columns, content-refs, includes, embeds, math and
 * HTML tables are on a fair share; OpenAPI blocks on a few pages of the API space only (`openapi` in the context).
 */
export const blockShares: Record<BlockFamily, number> = {
  hint: 0.7,
  code: 0.6,
  codeWithTitle: 0.3,
  image: 0.5,
  markdownTable: 0.3,
  tabs: 0.25,
  stepper: 0.1,
  cards: 0.1,
  columns: 0.1,
  contentRef: 0.2,
  include: 0.15,
  embed: 0.08,
  math: 0.06,
  htmlTable: 0.15,
  expandable: 0.1,
  openapi: 0.08,
};
