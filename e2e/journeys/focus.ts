// What a keyboard reader sees of focus: the element focused (looking through shadow roots, where the
// script-tag widget lives), whether it matches :focus-visible, and whether it draws an indicator.
import type { Page } from '@playwright/test';

export interface FocusState {
  /** e.g. `button "Ask AI"` or `textarea "Your question"`; null when nothing is focused. */
  element: string | null;
  focusVisible: boolean;
  /** An outline or a box-shadow is drawn around it. */
  indicatorDrawn: boolean;
}

export function focusState(page: Page): Promise<FocusState> {
  return page.evaluate(() => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    if (!active || active === document.body) return { element: null, focusVisible: false, indicatorDrawn: false };
    const style = getComputedStyle(active);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
    const name = active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 40) ?? '';
    const label = active instanceof HTMLTextAreaElement || active instanceof HTMLInputElement ? (active.labels?.[0]?.textContent ?? name) : name;
    return { element: `${active.tagName.toLowerCase()} "${label}"`, focusVisible: active.matches(':focus-visible'), indicatorDrawn: outline || shadow };
  });
}
