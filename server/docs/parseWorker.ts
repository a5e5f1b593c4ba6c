// A worker thread that turns docs files into pages and their index terms (parsePool.ts): parsing runs here,
// never on the thread that answers requests, and a file that takes too long can be stopped by ending the worker.
import { parentPort } from 'node:worker_threads';
import { buildPage } from './sections.ts';
import type { ParseReply, ParseRequest } from './parsePool.ts';
import { encodedEntry } from './pageEntry.ts';
import { createFieldAnalyzer, numberedPageTermsOf } from './sectionTerms.ts';

const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

// Words repeat across the files one worker parses: each distinct token is stemmed once.
const analyzer = createFieldAnalyzer();

parentPort?.on('message', (request: ParseRequest) => {
  let reply: ParseReply;
  try {
    // Bytes are decoded here (as Buffer#toString does: a byte order mark kept, bad sequences replaced).
    const source = typeof request.source === 'string' ? request.source : decoder.decode(request.source);
    const { page } = buildPage(request.file, source, { siteUrl: request.siteUrl });
    // The page as the page cache keeps it, and the index's terms: the thread that answers requests only
    // stores the one and inserts the other.
    reply = { id: request.id, entry: encodedEntry({ page }), terms: numberedPageTermsOf(page.sections, analyzer) };
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? (error.message.split('\n')[0] ?? '').replace(/:$/, '') : String(error) };
  }
  // The page's bytes and the arrays of numbers are moved, not copied.
  parentPort?.postMessage(reply, 'terms' in reply ? [reply.entry.buffer, reply.terms.ids.buffer, reply.terms.counts.buffer, reply.terms.fields.buffer] : []);
});

// Loaded (the parser's modules imported): the pool starts a file's time budget only from here.
parentPort?.postMessage('ready');
