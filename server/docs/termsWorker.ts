// The second of a parser's two threads (parsePool.ts): each page from the first (parseWorker.ts) is cut into
// the index's terms here, and the page and its terms go to the pool, in the order the files were sent. Each
// thread runs only its own code, so V8 compiles and warms up the Markdown parser and the analyzer once each.
import { parentPort, workerData } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import type { PageMessage, ParseReply } from './parsePool.ts';
import { entryOf } from './pageEntry.ts';
import { createFieldAnalyzer, numberedPageTermsOf } from './sectionTerms.ts';

const fromPages = (workerData as { pages: MessagePort }).pages;

// Words repeat across the pages one thread analyses: each distinct token is stemmed once.
const analyzer = createFieldAnalyzer();

fromPages.on('message', (message: PageMessage) => {
  let reply: ParseReply;
  try {
    const page = 'error' in message ? undefined : entryOf(message.entry);
    // The thread that answers requests only stores the page and inserts its terms.
    if ('error' in message) reply = message;
    else if (!page) reply = { id: message.id, error: 'the parser made a page it could not read back' };
    else reply = { id: message.id, entry: message.entry, terms: numberedPageTermsOf(page.sections, analyzer) };
  } catch (error) {
    reply = { id: message.id, error: error instanceof Error ? (error.message.split('\n')[0] ?? '').replace(/:$/, '') : String(error) };
  }
  // The page's bytes and the arrays of numbers are moved, not copied.
  parentPort?.postMessage(reply, 'terms' in reply ? [reply.entry.buffer, reply.terms.ids.buffer, reply.terms.counts.buffer, reply.terms.fields.buffer] : []);
});

parentPort?.postMessage('ready');
