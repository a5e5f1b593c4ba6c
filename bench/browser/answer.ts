// The answer streamed in the render-cost bench: about 20 kB of Markdown with headings, lists, GFM
// tables and fenced code, built deterministically so every run streams the same bytes.

/** The last line of every answer: the benches wait for it to be on screen. */
export const answerEndMarker = 'End of the benchmark answer.';

function table(index: number): string {
  const rows = Array.from({ length: 6 }, (_, row) => `| \`option${index}_${row}\` | \`${row % 2 ? 'string' : 'number'}\` | ${row * 10 + index} | Sets how the handler treats case ${row} of section ${index}. |`);
  return ['| Option | Type | Default | Description |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

function code(index: number): string {
  return [
    '```ts',
    `import { Hono } from 'hono';`,
    '',
    `const app${index} = new Hono();`,
    `app${index}.get('/items/:id', async (context) => {`,
    `  const id = context.req.param('id');`,
    `  const item = await store.find(id, { section: ${index} });`,
    `  if (!item) return context.json({ error: 'id: no such item' }, 404);`,
    `  return context.json(item);`,
    '});',
    '```',
  ].join('\n');
}

function section(index: number): string {
  return [
    `## ${index}. Configuring part ${index} of the router`,
    '',
    `Part ${index} explains how **middleware** runs before a handler, why the order of \`app.use\` calls matters, and how to ` +
      `return early with a [response](/docs/api/context#response-${index}) when a check fails.`,
    '',
    `- Register the middleware before the routes it guards (part ${index}).`,
    `- Keep handlers small; move shared work into a helper like \`load${index}()\`.`,
    `- Prefer \`context.json()\` so the content type is always set.`,
    '',
    table(index),
    '',
    code(index),
    '',
  ].join('\n');
}

/** About `targetLength` characters of Markdown (20,000 by default), ending with the end marker. */
export function benchmarkAnswer(targetLength = 20_000): string {
  let text = '# Routing and middleware\n\nHere is a complete walk-through, with options and examples.\n\n';
  for (let index = 1; text.length < targetLength - 200; index++) text += section(index);
  return `${text}\n${answerEndMarker}\n`;
}

/** Splits `text` into deltas of `size` characters, as a model would stream it. */
export function splitIntoDeltas(text: string, size: number): string[] {
  const deltas: string[] = [];
  for (let start = 0; start < text.length; start += size) deltas.push(text.slice(start, start + size));
  return deltas;
}
