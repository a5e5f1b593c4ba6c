// "Ask AI" over the host page's code blocks. The button lives in the widget's own layer and is
// positioned over the hovered or focused block; nothing is injected into the host's DOM.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { codeBlockAt } from '../chat/pageContext.ts';
import { useWidget } from './widgetContext.ts';

interface CodeBlockButtonsProps {
  selector: string;
  widgetRoot: HTMLElement | null;
  /** The launcher the button must never cover (read when placing the button). */
  getLauncher: () => Element | null;
  /** Hidden while the dialog is open. */
  hidden: boolean;
  shortcutHint?: string;
  onAsk: (block: Element) => void;
}

const EDGE_OFFSET_PX = 8;

/** The code block under the pointer, if any (`:hover` also matches the hovered element's ancestors). */
function hoveredCodeBlock(selector: string, widgetRoot: HTMLElement | null): Element | null {
  try {
    return codeBlockAt([...document.querySelectorAll(`:is(${selector}):hover`)].at(-1) ?? null, selector, widgetRoot);
  } catch {
    return null; // an invalid selector: no code-block buttons
  }
}

export function CodeBlockButtons({ selector, widgetRoot, getLauncher, hidden, shortcutHint, onAsk }: CodeBlockButtonsProps) {
  const { translations } = useWidget();
  // byFocus: shown because keyboard focus is in the block, where the shortcut attaches its code.
  // byTouch: the reader tapped: a compact button, and no key hint (a phone has no Ctrl+I).
  const [target, setTarget] = useState<{ block: Element; byFocus: boolean; byTouch: boolean } | null>(null);
  const block = target?.block ?? null;
  const byTouch = target?.byTouch ?? false;
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (typeof document === 'undefined') return;
    const isOwnButton = (event: Event) => buttonRef.current !== null && event.composedPath().includes(buttonRef.current);
    // A tap sends pointer events (pointerType "touch") before the focus it causes; until one comes (the
    // chat mounts on the tap that showed intent), a screen without hover is taken as touch.
    let lastPointer = window.matchMedia?.('(hover: none)').matches ? 'touch' : 'mouse';
    const show = (found: Element | null, byFocus: boolean) =>
      setTarget((current) => {
        if (found === null) return null;
        const tapped = lastPointer === 'touch' || lastPointer === 'pen';
        return current?.block === found && current.byFocus === byFocus && current.byTouch === tapped ? current : { block: found, byFocus, byTouch: tapped };
      });
    const track = (event: Event) => {
      if (event instanceof PointerEvent) lastPointer = event.pointerType;
      if (isOwnButton(event)) return;
      show(codeBlockAt(event.target, selector, widgetRoot), event.type === 'focusin');
    };
    const onFocusOut = (event: FocusEvent) => {
      // Leaving a block by keyboard hides its button, unless focus moved onto the button itself.
      if (event.relatedTarget === null || !(event.relatedTarget instanceof Element)) return;
      // Seen from the document, focus moving into the script tag's shadow root lands on its host element.
      const button = buttonRef.current;
      if (button && (button.contains(event.relatedTarget) || event.relatedTarget.shadowRoot === button.getRootNode())) return;
      show(codeBlockAt(event.relatedTarget, selector, widgetRoot), true);
    };
    // Mounted on intent (the script tag mounts the chat when the pointer or focus reaches a code block):
    // the block already under the pointer, or focused, gets its button now.
    const focused = codeBlockAt(document.activeElement, selector, widgetRoot);
    if (focused) show(focused, true);
    else show(hoveredCodeBlock(selector, widgetRoot), false);
    document.addEventListener('pointerover', track, { passive: true });
    document.addEventListener('pointerdown', track, { passive: true });
    document.addEventListener('focusin', track);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('pointerover', track);
      document.removeEventListener('pointerdown', track);
      document.removeEventListener('focusin', track);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, [selector, widgetRoot]);

  // Follow the block while the page scrolls or resizes. Positions are CSS variables set through
  // the CSSOM, which strict CSPs allow (unlike style attributes).
  useLayoutEffect(() => {
    const button = buttonRef.current;
    if (!button || !block) return;
    // The compact label (touch) is narrower: set before measuring the button's width.
    if (byTouch) button.dataset.compact = 'true';
    else delete button.dataset.compact;
    const launcher = getLauncher();
    const place = () => {
      const rect = block.getBoundingClientRect();
      const width = button.offsetWidth;
      const height = button.offsetHeight;
      const top = Math.max(rect.top, 0) + EDGE_OFFSET_PX;
      // The button's right edge, inside the block: at its right corner (or further right when the block
      // is narrower than the button), or at its left corner.
      const rightCorner = Math.max(rect.right - EDGE_OFFSET_PX, rect.left + EDGE_OFFSET_PX + width);
      const leftCorner = rect.left + EDGE_OFFSET_PX + width;
      // At the end of the block's first line: its left corner in a right-to-left block.
      const [preferred, other] = getComputedStyle(block).direction === 'rtl' ? [leftCorner, rightCorner] : [rightCorner, leftCorner];
      let right = preferred;
      const launcherBox = launcher?.getBoundingClientRect();
      const covers = (edge: number) => launcherBox !== undefined && launcherBox.width > 0 && edge - width < launcherBox.right && edge > launcherBox.left && top < launcherBox.bottom && top + height > launcherBox.top;
      // Never over the launcher: try the other corner, else hide until the block moves.
      if (covers(right)) right = other;
      const visible = rect.bottom > top + height && rect.top < window.innerHeight && rect.width > 0 && !covers(right);
      button.dataset.visible = String(visible);
      button.style.setProperty('--da-code-button-top', `${top}px`);
      button.style.setProperty('--da-code-button-left', `${right}px`);
    };
    place();
    window.addEventListener('scroll', place, { passive: true, capture: true });
    window.addEventListener('resize', place, { passive: true });
    return () => {
      window.removeEventListener('scroll', place, { capture: true });
      window.removeEventListener('resize', place);
    };
  }, [block, byTouch, getLauncher]);

  if (!block || hidden || !block.isConnected) return null;
  const label = shortcutHint && !byTouch ? `${translations.askAboutCode} (${shortcutHint})` : translations.askAboutCode;
  return (
    <button
      ref={buttonRef}
      type="button"
      className="da-button da-code-ask"
      title={label}
      aria-label={byTouch ? translations.askAboutCode : undefined}
      onClick={() => onAsk(block)}
    >
      <span aria-hidden="true">✦</span> {byTouch ? translations.launcherLabel : translations.askAboutCode}
      {target?.byFocus && shortcutHint && !byTouch ? (
        <kbd className="da-kbd" aria-hidden="true">
          {shortcutHint}
        </kbd>
      ) : null}
    </button>
  );
}
