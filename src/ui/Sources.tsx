// The documents an answer came from, as titled links.
import type { SourceLink } from '../chat/messageParts.ts';
import { passageLanguage } from '../chat/passageLanguage.ts';
import { safeLinkHref } from '../chat/safeUrls.ts';
import { useId } from 'react';
import { withTextFragment } from '../chat/textFragment.ts';
import { DocsLink } from './DocsLink.tsx';
import { useWidget } from './widgetContext.ts';

export function Sources({ sources, answer }: { sources: SourceLink[]; answer: string }) {
  const { translations } = useWidget();
  const headingId = useId();
  const links = sources.flatMap((source) => {
    const href = safeLinkHref(source.url);
    return href === null ? [] : [{ ...source, href: withTextFragment(href, answer) }];
  });
  if (links.length === 0) return null;
  return (
    // A labelled list, not a <nav>: one navigation landmark per answer would flood landmark lists
    // with same-named entries.
    <div className="da-sources">
      <h3 className="da-sources-title" id={headingId}>
        {translations.sources}
      </h3>
      <ul className="da-sources-list" aria-labelledby={headingId}>
        {links.map((link) => (
          <li key={link.href} lang={passageLanguage(link.title)}>
            <DocsLink className="da-source" href={link.href}>
              {link.title}
            </DocsLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
