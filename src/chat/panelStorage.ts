// The side panel stays open across page loads of one site (sessionStorage, one tab): a reader who
// follows a source finds the panel as they left it, at the same width, scrolled to the same place, with
// the question they were typing. That it is open is the reopen mark (threadStorage.ts), which the
// script tag's loader also reads, to load the chat at once on the next page.
import { readRaw, writeRaw } from './threadStorage.ts';

export interface PanelState {
  /** CSS pixels; null until the reader resizes it. */
  width: number | null;
  /** The conversation's scroll position. */
  scrollTop: number;
  draft: string;
}

const NOTHING_KEPT: PanelState = { width: null, scrollTop: 0, draft: '' };

function panelKey(domain: string): string {
  return `docs-assistant:panel:${domain}`;
}

/** The kept state; a missing or damaged entry reads as nothing kept. */
export function readPanelState(domain: string): PanelState {
  try {
    const stored: unknown = JSON.parse(readRaw(panelKey(domain)) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return NOTHING_KEPT;
    const { width, scrollTop, draft } = stored as Partial<PanelState>;
    return {
      width: typeof width === 'number' && Number.isFinite(width) ? width : null,
      scrollTop: typeof scrollTop === 'number' && Number.isFinite(scrollTop) ? scrollTop : 0,
      draft: typeof draft === 'string' ? draft : '',
    };
  } catch {
    return NOTHING_KEPT;
  }
}

export function writePanelState(domain: string, change: Partial<PanelState>): void {
  writeRaw(panelKey(domain), JSON.stringify({ ...readPanelState(domain), ...change }));
}
