import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../server/docs/markdown.ts';
import { buildPage } from '../../server/docs/sections.ts';

function textsOf(file: string, source: string): { id: string; text: string }[] {
  return buildPage(file, source, { siteUrl: 'https://docs.example.com' }).page.sections.map((section) => ({ id: section.id, text: section.text }));
}

describe('given an MDX page as Astro and Starlight write them', () => {
  const page = [
    "import { Steps, Tabs, TabItem } from '@astrojs/starlight/components';",
    'export const config = {',
    '  label: "Install",',
    '',
    '  order: 2,',
    '};',
    '',
    '# Install Astro {#install}',
    '',
    '{/* A comment the reader never sees */}',
    '',
    '<Steps>',
    '1. Run the wizard:',
    '',
    '    <Tabs>',
    '      <TabItem label="npm">',
    '      ```sh',
    '      npm create astro@latest',
    '      ```',
    '      </TabItem>',
    '    </Tabs>',
    '',
    '2. Open the <Badge text={"new"} variant="tip" /> project folder.',
    '</Steps>',
    '',
    '<Card',
    '  title="Deploy"',
    '  href={`/${lang}/guides/deploy/`}',
    '>',
    '  Deploy anywhere.',
    '</Card>',
  ].join('\n');

  it('leaves out imports, exports (blank lines inside braces too), expressions and tags, and reads what the tags wrap as Markdown', () => {
    expect(textsOf('install.mdx', page)).toEqual([
      {
        id: '/install#install',
        text: '1. Run the wizard:\n   ```sh [npm]\n   npm create astro@latest\n   ```\n2. Open the project folder.\n\nDeploy anywhere.',
      },
    ]);
  });

  it('reads indented lines inside components as text, never as code', () => {
    expect(textsOf('tabs.mdx', '# Tabs\n\n<Tabs>\n  <Tab title="npm">\n    Install with **npm**.\n  </Tab>\n</Tabs>')).toEqual([{ id: '/tabs#tabs', text: 'Install with **npm**.' }]);
  });

  it('keeps every word of a file MDX would reject, and reads the same text as Markdown in a .md file', () => {
    const broken = '# Legacy\n\nThis page has <Broken unclosed JSX.\n\nIts text {still counts.';
    expect(textsOf('legacy.mdx', broken)[0]?.text).toBe('This page has <Broken unclosed JSX.\n\nIts text {still counts.');
    expect(textsOf('legacy.md', '# Tabs\n\n<Tabs>\n  <Tab title="npm">\n\n    npm install\n\n  </Tab>\n</Tabs>')[0]?.text).toBe('```text [npm]\nnpm install\n```');
  });
});

describe('given VitePress fences with line highlights, options and code-group titles', () => {
  it('labels each code block with its language and keeps its title, a code group\'s tab or a file name, in brackets', () => {
    const source = '# Code\n\n```vue{4-6}\n<p/>\n```\n\n```ts:line-numbers {1}\nlet a\n```\n\n```[.env]\nA=1\n```\n\n```js title="a.js"\nb()\n```\n\n```bash [npm]\nnpm i\n```';
    expect(textsOf('code.md', source)[0]?.text).toBe('```vue\n<p/>\n```\n\n```ts\nlet a\n```\n\n```text [.env]\nA=1\n```\n\n```js [a.js]\nb()\n```\n\n```bash [npm]\nnpm i\n```');
  });
});

describe('given twoslash code blocks (Hono\'s and Vite\'s docs)', () => {
  it('leaves out the directives the page shows as nothing (cuts, error flags, file names, queries with their caret spaced under a word), and keeps comments that are code', () => {
    const source = '# Code\n\n```ts twoslash\n// @filename: app.ts\n// @noErrors\nimport { Hono } from \'hono\'\n// ---cut---\nconst tags = c.req.queries(\'tags\')\n//     ^?\nconst b = a // @noErrors\n// @ts-ignore\n```';
    expect(textsOf('code.md', source)[0]?.text).toBe("```ts\nimport { Hono } from 'hono'\nconst tags = c.req.queries('tags')\nconst b = a // @noErrors\n// @ts-ignore\n```");
  });
});

describe('given a Vue docs page showing each example in both API styles', () => {
  it('titles each example with its style, and leaves code outside the style blocks and titled code as they are', () => {
    const source = [
      '# Reactivity',
      'Wait for the DOM:',
      '<div class="composition-api">',
      '```js\nawait nextTick()\n```',
      '</div>\n<div class="options-api">',
      '```js\nawait this.$nextTick()\n```',
      '</div>',
      '<div class="composition-api">\n<div class="tip">',
      '```js [App.vue]\nref(0)\n```',
      '</div>',
      '```js\nreactive({})\n```',
      '</div>',
      '```js\ncreateApp(App)\n```',
    ].join('\n\n');
    expect(textsOf('reactivity.md', source)[0]?.text).toBe(
      'Wait for the DOM:\n\n```js [Composition API]\nawait nextTick()\n```\n\n```js [Options API]\nawait this.$nextTick()\n```\n\n```js [App.vue]\nref(0)\n```\n\n```js [Composition API]\nreactive({})\n```\n\n```js\ncreateApp(App)\n```',
    );
  });
});

describe('given a page of Vue\'s Chinese docs showing an example in both API styles', () => {
  it('titles each with the style\'s Chinese name, as the page names it', () => {
    const source = ['# 响应式基础', '在 DOM 更新后执行代码，可以使用 nextTick 全局 API：', '<div class="composition-api">', '```js\nawait nextTick()\n```', '</div>\n<div class="options-api">', '```js\nawait this.$nextTick()\n```', '</div>'].join('\n\n');
    expect(textsOf('reactivity.md', source)[0]?.text).toBe(
      '在 DOM 更新后执行代码，可以使用 nextTick 全局 API：\n\n```js [组合式 API]\nawait nextTick()\n```\n\n```js [选项式 API]\nawait this.$nextTick()\n```',
    );
  });

  it('keeps a name written in both styles as two code spans, not one ("onMounted``mounted")', () => {
    const source = '# 生命周期钩子\n\n<span class="composition-api">`onMounted`</span><span class="options-api">`mounted`</span> 钩子可以用来在组件完成初始渲染后运行代码。';
    expect(textsOf('lifecycle.md', source)[0]?.text).toBe('`onMounted` `mounted` 钩子可以用来在组件完成初始渲染后运行代码。');
  });
});

describe('given code in tabs, as Docusaurus, Starlight and Mintlify write them', () => {
  it('titles each tab\'s code with its label, in MDX and in Markdown, inside a list too, and reads no text from the tags', () => {
    const docusaurus = [
      '# Install',
      "import Tabs from '@theme/Tabs';",
      '<Tabs groupId="pkg">',
      '  <TabItem value="npm" label="npm" default>',
      '```bash\nnpm install relay\n```',
      '  </TabItem>',
      '  <TabItem value="yarn" label={"Yarn"}>',
      '```bash\nyarn add relay\n```',
      '  </TabItem>',
      '</Tabs>',
      '```bash\nrelay --version\n```',
    ].join('\n\n');
    expect(textsOf('install.mdx', docusaurus)[0]?.text).toBe('```bash [npm]\nnpm install relay\n```\n\n```bash [Yarn]\nyarn add relay\n```\n\n```bash\nrelay --version\n```');
    const starlight = '# Start\n\n1. Run the wizard:\n\n    <Tabs>\n      <TabItem label="pnpm" icon={<Icon name="pnpm" />}>\n      ```sh\n      pnpm create relay\n      ```\n      </TabItem>\n    </Tabs>';
    expect(textsOf('start.mdx', starlight)[0]?.text).toBe('1. Run the wizard:\n   ```sh [pnpm]\n   pnpm create relay\n   ```');
    const mintlify = '# Start\n\n<Tabs>\n<Tab title="Python">\n\n```py\nrelay.start()\n```\n\n</Tab>\n</Tabs>';
    expect(textsOf('start.md', mintlify)[0]?.text).toBe('```py [Python]\nrelay.start()\n```');
  });
});

describe('given a VitePress page with a script block and a style block', () => {
  it('reads no text from them, in any case of their tags, and the HTML around them as text', () => {
    const source = "# Vite\n\n<script setup>\nimport Home from './.vitepress/theme/Home.vue'\n</script>\n\n<Home />\n\n<STYLE scoped>\n.hero { color: red }\n</Style>\n\n<div class=\"note\">Vite is a build tool.</div>";
    expect(textsOf('index.md', source)[0]?.text).toBe('Vite is a build tool.');
  });
});

describe('given GitHub-flavoured Markdown', () => {
  it('reads task lists without their boxes, struck text, tables with escaped pipes, and autolinks (but not file names) as links', () => {
    const source = '# Tasks\n\n- [x] done item\n- [ ] open item ~~old~~ new\n- see https://astro.build and vite.config.js\n\n| a | b |\n|---|---|\n| `x\\|y` | 2 |';
    expect(textsOf('tasks.md', source)[0]?.text).toBe(
      '- done item\n- open item old new\n- see [https://astro.build](https://astro.build) and vite.config.js\n\na | b\n`x\\|y` | 2',
    );
  });

  it('reads e-mail addresses and links of every scheme as links, each paragraph on its own', () => {
    const source = '# Contact\n\nWrite to team@example.com, or MAILTO:help@example.com.\n\nSee ftp://files.example.com/a and https://astro.build/x.\n\nA note: nothing here.';
    expect(textsOf('contact.md', source)[0]?.text).toBe(
      'Write to [team@example.com](mailto:team@example.com), or [MAILTO:help@example.com](MAILTO:help@example.com).\n\nSee [ftp://files.example.com/a](ftp://files.example.com/a) and [https://astro.build/x](https://astro.build/x).\n\nA note: nothing here.',
    );
  });

  it('reads no text from a paragraph of pictures alone, and the alt text of a picture within a sentence', () => {
    const source = '# Transition\n\nThe classes change in six steps:\n\n![Transition diagram](./images/transition-classes.png)\n\n![](/a.png) ![](/b.png)\n\nClick ![the gear icon](./gear.png) to open the settings.';
    expect(textsOf('transition.md', source)[0]?.text).toBe('The classes change in six steps:\n\nClick the gear icon to open the settings.');
  });

  it('reads an alert without its marker, and keeps a marker that does not open a quote as the text it is', () => {
    const source = '# Bearer auth\n\n> [!NOTE]\n> Your `token` must match the regex.\n\n> [!warning]\n>\n> Keep it secret.\n\nWrite [!NOTE] to add a note.';
    expect(textsOf('auth.md', source)[0]?.text).toBe('Your `token` must match the regex.\n\nKeep it secret.\n\nWrite [!NOTE] to add a note.');
  });

  it('keeps link targets as written (non-ASCII, spaces in <>), resolved to published URLs', () => {
    const source = '# 指南\n\n见[配置](./配置.md#选项)和[the guide](<../a guide.md>)。';
    expect(textsOf('zh/指南.md', source)[0]?.text).toBe('见[配置](https://docs.example.com/zh/配置#选项)和[the guide](<https://docs.example.com/a guide>)。');
  });
});

describe('given list items of several paragraphs', () => {
  it('reads a Chinese or Japanese item as its language writes it, with no break after a full stop, and the paragraphs of an English one apart', () => {
    const source = [
      '# Page',
      '',
      '4. ハッシュを付加されたファイル名でリンクをレンダリングできます。',
      '',
      '   以下は HTML テンプレートの例です。',
      '',
      '- Render links with the hashed file names.',
      '',
      '  Here is an example template.',
    ].join('\n');
    expect(textsOf('page.md', source)[0]?.text).toBe(
      '4. ハッシュを付加されたファイル名でリンクをレンダリングできます。以下は HTML テンプレートの例です。\n\n- Render links with the hashed file names.\n\n  Here is an example template.',
    );
  });

  it("keeps every block of an item inside it, as the page renders it: a paragraph apart from the label before it, a nested list's items at one depth, a code block's indentation, the paragraph after that list outside it", () => {
    // Vite's transformIndexHtml: a hook's description, the values it returns and its example are all under its last bullet.
    const source = [
      '# Hooks',
      '',
      '* **Type:** `IndexHtmlTransformHook`',
      '* **Scope:** [per environment](./environments.md)',
      '',
      '    A hook to transform the HTML entry. It can return:',
      '    * the transformed HTML string',
      '    * an array of tags to inject',
      '',
      '    By default the hook runs after the HTML is transformed.',
      '',
      '    ```js',
      '    const htmlPlugin = () => {',
      '      return { name: "html-transform" }',
      '    }',
      '    ```',
      '',
      '10. Tenth step',
      '',
      '     + a detail',
    ].join('\n');
    expect(textsOf('hooks.md', source)[0]?.text).toBe(
      [
        '- **Type:** `IndexHtmlTransformHook`',
        '- **Scope:** [per environment](https://docs.example.com/environments)',
        '',
        '  A hook to transform the HTML entry. It can return:',
        '  - the transformed HTML string',
        '  - an array of tags to inject',
        '',
        '  By default the hook runs after the HTML is transformed.',
        '  ```js',
        '  const htmlPlugin = () => {',
        '    return { name: "html-transform" }',
        '  }',
        '  ```',
        '',
        '10. Tenth step',
        '    - a detail',
      ].join('\n'),
    );
    // A table's rows after the item's text, as the loader writes rows, apart from it as the page shows them.
    expect(textsOf('options.md', '# Options\n\n- The options:\n\n  | Name | Default |\n  | --- | --- |\n  | port | 5173 |')[0]?.text).toBe('- The options:\n\n  Name | Default\n  port | 5173');
  });
});

describe('given links on several lines of a paragraph', () => {
  it('gives each link the line it is on (the agent reports broken links by line)', () => {
    const tree = parseMarkdown('# Title\n\nFirst [one](a.md) and\nsecond line  \nthird [two](b.md).\n\n- item [three](c.md)', 'page.md');
    const lines: [string, number | undefined][] = [];
    const visit = (node: { type: string; url?: string; position?: { start: { line: number } }; children?: unknown[] }) => {
      if (node.type === 'link') lines.push([node.url ?? '', node.position?.start.line]);
      for (const child of (node.children ?? []) as (typeof node)[]) visit(child);
    };
    visit(tree);
    expect(lines).toEqual([
      ['a.md', 3],
      ['b.md', 5],
      ['c.md', 7],
    ]);
  });
});

/** A page's sections, and each one's heading with its anchor. */
function headingsAndAnchors(file: string, source: string) {
  const sections = buildPage(file, source, {}).page.sections;
  return { sections, headings: sections.map((section) => [section.headingPath.at(-1), section.anchor]) };
}

describe('given headings with markers and explicit anchors (Vue marks a section of one API style with asterisks)', () => {
  it('leaves the marker out of the heading readers see, and keeps the anchor the site gives', () => {
    const { headings } = headingsAndAnchors('reactivity.md', '# Reactivity\n\n## `reactive()` \\*\\* {#reactive}\n\nText.\n\n## Limits \\*\n\nMore text.\n\n## \\*\\*\n\nStars alone.');
    expect(headings).toEqual([
      ['reactive()', 'reactive'],
      ['Limits', 'limits-'],
      ['**', ''],
    ]);
  });

  it("keeps each anchor out of the text readers see: the section's heading, and a heading quoted as a line of its section, in bold", () => {
    const source = '# Props\n\n## 传递不同的值类型 {#passing-different-value-types}\n\n任何类型的值都可以作为 props 的值被传递。\n\n#### Boolean {#boolean}\n\n仅写上 prop 但不传值，会隐式转换为 `true`。\n\n## 无障碍 (WAI-ARIA) {#web-–-aria}\n\nText.';
    const { sections, headings } = headingsAndAnchors('props.md', source);
    expect(headings).toEqual([
      ['传递不同的值类型', 'passing-different-value-types'],
      ['无障碍 (WAI-ARIA)', 'web-–-aria'],
    ]);
    expect(sections[0]?.text).toBe('任何类型的值都可以作为 props 的值被传递。\n\n**Boolean**\n\n仅写上 prop 但不传值，会隐式转换为 `true`。');
  });
});

describe('given a heading with nothing under it but deeper headings (an Options heading over one heading per option)', () => {
  it('keeps it as a section that lists those headings, escaped and linked to their sections, and marks the list as not its own text', () => {
    const source = '# CORS\n\nAdds CORS headers.\n\n## Options\n\n### origin: `string[]`\n\nThe allowed origins.\n\n### maxAge: `number`\n\nHow long a preflight is cached.\n\n## Usage\n\nCall cors().';
    const sections = buildPage('cors.md', source, {}).page.sections;
    const options = sections.find((section) => section.anchor === 'options');
    expect(options?.text).toBe('- [origin: string\\[\\]](/cors#origin-string)\n- [maxAge: number](/cors#maxage-number)');
    expect(options?.listsSubsections).toBe(true);
    expect(sections.filter((section) => section.listsSubsections).map((section) => section.anchor)).toEqual(['options']);
  });

  it('lists none under a heading over more than 50 of them, nor for a single one', () => {
    const many = Array.from({ length: 51 }, (_unused, option) => `### option${option}\n\nText.`).join('\n\n');
    const sections = buildPage('many.md', `# Many\n\nIntro.\n\n## Options\n\n${many}\n\n## Single\n\n### only\n\nText.`, {}).page.sections;
    expect(sections.some((section) => section.listsSubsections)).toBe(false);
    expect(sections.map((section) => section.anchor)).not.toContain('options');
  });
});
