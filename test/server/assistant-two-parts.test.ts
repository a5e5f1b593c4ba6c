// A reader asking two things at once gets a quote for each: the search's first sections answered the part with more
// of the question's words, and the other part's section was not among them, or not quoted under them.
import { describe, expect, it } from 'vitest';
import { extractiveAnswer, indexOf } from './support/docs.ts';

/** Six sections on protecting routes with basic auth: more of a two-part question's words than the CORS page has. */
const BASIC_AUTH = [
  '# Basic Auth Middleware',
  'Protect your routes with basic auth: the middleware asks for a username and password before your routes run.',
  ...['Usage', 'Options', 'Realm', 'Hashing', 'Several users'].map(
    (heading) => `## ${heading}\n\nProtect routes with basic auth. ${heading} of the basic auth middleware that protects your routes.`,
  ),
].join('\n\n');

const CORS = '# CORS Middleware\n\nCall `cors()` so that a page on another origin can call your API from the browser.';

describe('given docs with a page for each of two things a question asks', () => {
  const index = indexOf({ 'basic-auth.md': BASIC_AUTH, 'cors.md': CORS, 'index.md': '# Home\n\nEnable the middleware your app needs.' });

  it('quotes the section for each part, the other part\'s page though fewer of the question\'s words are on it', async () => {
    const answer = await extractiveAnswer(index, 'How do I enable CORS and also protect my routes with basic auth?');
    expect(answer).toContain('**[Basic Auth Middleware');
    expect(answer).toContain('**[CORS Middleware](/cors#cors-middleware)**\n\nCall `cors()` so that a page on another origin can call your API from the browser.');
  });

  it('quotes one request about two things as before, from the page about them', async () => {
    const answer = await extractiveAnswer(index, 'How do I protect my routes with a username and password?');
    expect(answer).toContain('**[Basic Auth Middleware');
    expect(answer).not.toContain('CORS');
  });
});
