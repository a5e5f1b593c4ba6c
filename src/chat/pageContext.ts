// Context read from the host page: the reader's text selection and code blocks. Reading only:
// nothing here writes to the host's DOM.
import type { AssistantContextItem } from '../wire.ts';

/** Longest context value sent; longer selections and code blocks are cut. */
export const CONTEXT_VALUE_MAX_LENGTH = 8000;
/** Most context items attached to one question. */
export const CONTEXT_MAX_ITEMS = 5;

function cut(text: string): string {
  return text.length > CONTEXT_VALUE_MAX_LENGTH ? text.slice(0, CONTEXT_VALUE_MAX_LENGTH) : text;
}

/** Whether `node` is inside the widget's own root (selections made in the widget are not page context). */
function isInside(root: Node | null | undefined, node: Node | null): boolean {
  return Boolean(root && node && root.contains(node));
}

/** The page's current text selection as context, or null when nothing (or only widget text) is selected. */
export function readSelectionContext(widgetRoot: Node | null | undefined, path: string | undefined): AssistantContextItem | null {
  if (typeof document === 'undefined') return null;
  const selection = document.getSelection();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  if (isInside(widgetRoot, selection.anchorNode) || isInside(widgetRoot, selection.focusNode)) return null;
  const value = selection.toString().trim();
  if (value === '') return null;
  const elementId = headingIdBefore(selection.getRangeAt(0).startContainer, widgetRoot);
  return { type: 'textSelection', value: cut(value), ...(path ? { path } : {}), ...(elementId ? { elementId } : {}) };
}

const HEADINGS = ':is(h1,h2,h3,h4,h5,h6)[id]';

/**
 * The id of the last heading of the page at or before `node`: the section a selected passage is in, which docs
 * sites give their headings as anchors (paragraphs have none). A sentence a page says twice is then found in the
 * section the reader selected it in (the server matches the id with its sections' anchors).
 */
export function headingIdBefore(node: Node, widgetRoot: Node | null | undefined): string | undefined {
  let id: string | undefined;
  // In document order: the first heading the node precedes ends the walk.
  for (const heading of document.querySelectorAll(HEADINGS)) {
    // 2: DOCUMENT_POSITION_PRECEDING, the node comes before the heading.
    if (heading.compareDocumentPosition(node) & 2) break;
    if (!isInside(widgetRoot, heading)) id = heading.id.slice(0, 200);
  }
  return id;
}

/**
 * The element's code as context; `elementId` is the block's own id, else the heading it is under (an example a
 * page shows in three sections is read in the one the reader asked from), else its nearest identified ancestor's.
 */
export function codeContextFor(element: Element, path: string | undefined, widgetRoot?: Node | null): AssistantContextItem | null {
  const value = (element.textContent ?? '').replace(/\s+$/, '');
  if (value.trim() === '') return null;
  const elementId = element.id || headingIdBefore(element, widgetRoot) || element.parentElement?.closest('[id]')?.id || '';
  return {
    type: 'code',
    value: cut(value),
    ...(path ? { path } : {}),
    ...(elementId ? { elementId: elementId.slice(0, 200) } : {}),
  };
}

/** The code block an event happened in, if any, ignoring the widget's own blocks. */
export function codeBlockAt(target: EventTarget | null, selector: string, widgetRoot: Node | null | undefined): Element | null {
  if (!(target instanceof Element)) return null;
  let block: Element | null = null;
  try {
    block = target.closest(selector);
  } catch {
    // An invalid selector from the host config: no code-block buttons rather than a crash.
    return null;
  }
  if (!block || isInside(widgetRoot, block)) return null;
  return block;
}

/** Adds an item unless the same one is already attached; keeps at most CONTEXT_MAX_ITEMS. */
export function addContextItem(items: AssistantContextItem[], item: AssistantContextItem): AssistantContextItem[] {
  if (items.some((existing) => existing.type === item.type && existing.value === item.value)) return items;
  return [...items, item].slice(-CONTEXT_MAX_ITEMS);
}
