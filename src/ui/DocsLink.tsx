// A link out of the widget (an answer's link, a source, a search result): on this site, a plain click
// leaves the reopen mark, so the next page opens the assistant again on the same thread; to another
// site, a new tab, so the conversation stays where it is.
import type { MouseEvent, ReactNode } from 'react';
import { isExternalHref } from '../chat/safeUrls.ts';
import { useWidget } from './widgetContext.ts';

/** A plain left click (no new tab or window): the page itself navigates. */
function navigatesHere(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

interface DocsLinkProps {
  /** Already safe (safeLinkHref). */
  href: string;
  className?: string;
  /** Links written in an answer's text: search engines need not follow them. */
  nofollow?: boolean;
  children: ReactNode;
}

export function DocsLink({ href, className, nofollow = false, children }: DocsLinkProps) {
  const { onFollowLink } = useWidget();
  const origin = typeof location === 'undefined' ? undefined : location.origin;
  if (isExternalHref(href, origin)) {
    return (
      <a className={className} href={href} target="_blank" rel={nofollow ? 'noopener noreferrer nofollow' : 'noopener noreferrer'}>
        {children}
      </a>
    );
  }
  return (
    <a className={className} href={href} onClick={(event) => navigatesHere(event) && onFollowLink()}>
      {children}
    </a>
  );
}
