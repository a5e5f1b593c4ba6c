// The first of a parser's two threads (parsePool.ts): docs files become pages here, never on the thread that
// answers requests, and a file that takes too long can be stopped by ending the thread. Each page goes on to
// the parser's terms thread (termsWorker.ts), which cuts it into index terms and replies to the pool.
import { parentPort, workerData } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import { buildPage } from './sections.ts';
import type { PageMessage, ParseRequest } from './parsePool.ts';
import { encodedEntry } from './pageEntry.ts';

const toTerms = (workerData as { terms: MessagePort }).terms;
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

parentPort?.on('message', (request: ParseRequest) => {
  let message: PageMessage;
  try {
    // Bytes are decoded here (as Buffer#toString does: a byte order mark kept, bad sequences replaced).
    const source = typeof request.source === 'string' ? request.source : decoder.decode(request.source);
    const { page } = buildPage(request.file, source, { siteUrl: request.siteUrl });
    // The page as the page cache keeps it: the terms thread reads it back, and the thread that answers
    // requests stores it as it is.
    message = { id: request.id, entry: encodedEntry(page) };
  } catch (error) {
    message = { id: request.id, error: error instanceof Error ? (error.message.split('\n')[0] ?? '').replace(/:$/, '') : String(error) };
  }
  // Errors go the same way as pages, so the pool gets its replies in the order it sent the files.
  toTerms.postMessage(message, 'entry' in message ? [message.entry.buffer] : []);
});

// Loaded (the parser's modules imported): the pool starts a file's time budget only from here.
parentPort?.postMessage('ready');
