// Under an answer the docs do not cover: a way to the docs themselves, by keyword search on the
// question, since the assistant found nothing to answer with. Pages the answer already offers are left
// out: the search finds them again by the same words.
import { useId, useState } from 'react';
import type { SearchResult } from '../wire.ts';
import { safeLinkHref } from '../chat/safeUrls.ts';
import { DocsLink } from './DocsLink.tsx';
import { useWidget } from './widgetContext.ts';

type SearchState = { kind: 'idle' } | { kind: 'searching' } | { kind: 'done'; results: SearchResult[] } | { kind: 'failed' };

/** Results shown: the search asks for twice as many, so that many remain once the answer's own pages are left out. */
const SHOWN_RESULTS = 5;
/**
 * The search's score is the share of the question's weight a section's words cover, times its relevance to
 * the best: under a tenth, a section only shares the question's common words ("set", "use") with it. For
 * "How do I set up SAML single sign-on?" on the demo docs, eight of ten results scored under 0.02.
 */
const MIN_SCORE = 0.1;

/** `url` resolved against the page, so a root-relative link and an absolute one to the same place compare equal. */
function resolved(url: string): string {
  try {
    return new URL(url, location.href).href;
  } catch {
    return url;
  }
}

/** The links of the answer's Markdown text (`[title](url)`) and its sources. */
function offeredUrls(answer: string, sources: readonly string[]): Set<string> {
  const linked = [...answer.matchAll(/\]\(\s*<?([^\s)>]+)/g)].map((match) => match[1] ?? '');
  return new Set([...linked, ...sources].map(resolved));
}

export function NotFoundSearch({ question, answer, sources }: { question: string; answer: string; sources: readonly string[] }) {
  const { translations, search } = useWidget();
  const [state, setState] = useState<SearchState>({ kind: 'idle' });
  const captionId = useId();
  if (question === '') return null;
  const run = () => {
    setState({ kind: 'searching' });
    search(question, SHOWN_RESULTS * 2, MIN_SCORE).then(
      (results) => {
        const offered = offeredUrls(answer, sources);
        setState({ kind: 'done', results: results.filter((result) => !offered.has(resolved(result.metadata.url))).slice(0, SHOWN_RESULTS) });
      },
      () => setState({ kind: 'failed' }),
    );
  };
  return (
    <div className="da-not-found-search">
      {state.kind === 'idle' || state.kind === 'searching' ? (
        <button type="button" className="da-button" onClick={run} disabled={state.kind === 'searching'}>
          {translations.searchDocs}
        </button>
      ) : null}
      {/* Always present, so the results (or the failure) are announced when they arrive. */}
      <div aria-live="polite">
        {state.kind === 'failed' ? <p>{translations.searchFailed}</p> : null}
        {state.kind === 'done' && state.results.length === 0 ? <p>{translations.searchNoResults}</p> : null}
        {state.kind === 'done' && state.results.length > 0 ? (
          <>
            <h3 className="da-sources-title" id={captionId}>
              {translations.searchResults}
            </h3>
            <ul className="da-search-results" aria-labelledby={captionId}>
              {state.results.flatMap((result) => {
                const href = safeLinkHref(result.metadata.url);
                return href === null
                  ? []
                  : [
                      <li key={href}>
                        <DocsLink className="da-source" href={href}>
                          {result.metadata.title}
                        </DocsLink>
                      </li>,
                    ];
              })}
            </ul>
          </>
        ) : null}
      </div>
    </div>
  );
}
