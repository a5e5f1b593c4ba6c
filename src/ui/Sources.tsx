// The documents an answer came from, as titled links.
import type { SourceLink } from '../chat/messageParts.ts';
import { isExternalHref, safeLinkHref } from '../chat/safeUrls.ts';
import { useId, type MouseEvent } from 'react';
import { withTextFragment } from '../chat/textFragment.ts';
import { useWidget } from './widgetContext.ts';

/** A plain left click (no new tab or window): the page itself navigates. */
export function navigatesHere(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

export function Sources({ sources, answer }: { sources: SourceLink[]; answer: string }) {
  const { translations, onFollowLink } = useWidget();
  const headingId = useId();
  const links = sources.flatMap((source) => {
    const href = safeLinkHref(source.url);
    return href === null ? [] : [{ ...source, href: withTextFragment(href, answer) }];
  });
  if (links.length === 0) return null;
  const origin = typeof location === 'undefined' ? undefined : location.origin;
  return (
    // A labelled list, not a <nav>: one navigation landmark per answer would flood landmark lists
    // with same-named entries.
    <div className="da-sources">
      <h3 className="da-sources-title" id={headingId}>
        {translations.sources}
      </h3>
      <ul className="da-sources-list" aria-labelledby={headingId}>
        {links.map((link) => (
          <li key={link.href}>
            {isExternalHref(link.href, origin) ? (
              <a className="da-source" href={link.href} target="_blank" rel="noopener noreferrer">
                {link.title}
              </a>
            ) : (
              <a className="da-source" href={link.href} onClick={(event) => navigatesHere(event) && onFollowLink()}>
                {link.title}
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
