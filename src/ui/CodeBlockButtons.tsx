// "Ask AI" over the host page's code blocks. The button lives in the widget's own layer and is
// positioned over the hovered or focused block; nothing is injected into the host's DOM.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { codeBlockAt } from '../chat/pageContext.ts';
import { useWidget } from './widgetContext.ts';

interface CodeBlockButtonsProps {
  selector: string;
  widgetRoot: HTMLElement | null;
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

export function CodeBlockButtons({ selector, widgetRoot, hidden, shortcutHint, onAsk }: CodeBlockButtonsProps) {
  const { translations } = useWidget();
  // byFocus: shown because keyboard focus is in the block, where the shortcut attaches its code.
  const [target, setTarget] = useState<{ block: Element; byFocus: boolean } | null>(null);
  const block = target?.block ?? null;
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (typeof document === 'undefined') return;
    const isOwnButton = (event: Event) => buttonRef.current !== null && event.composedPath().includes(buttonRef.current);
    const show = (found: Element | null, byFocus: boolean) =>
      setTarget((current) => {
        if (found === null) return null;
        return current?.block === found && current.byFocus === byFocus ? current : { block: found, byFocus };
      });
    const track = (event: Event) => {
      if (isOwnButton(event)) return;
      show(codeBlockAt(event.target, selector, widgetRoot), event.type === 'focusin');
    };
    const onFocusOut = (event: FocusEvent) => {
      // Leaving a block by keyboard hides its button, unless focus moved onto the button itself.
      if (event.relatedTarget === null || !(event.relatedTarget instanceof Element)) return;
      if (buttonRef.current?.contains(event.relatedTarget)) return;
      show(codeBlockAt(event.relatedTarget, selector, widgetRoot), true);
    };
    // Mounted on intent (the script tag mounts the chat when the pointer or focus reaches a code block):
    // the block already under the pointer, or focused, gets its button now.
    const focused = codeBlockAt(document.activeElement, selector, widgetRoot);
    if (focused) show(focused, true);
    else show(hoveredCodeBlock(selector, widgetRoot), false);
    document.addEventListener('pointerover', track, { passive: true });
    document.addEventListener('focusin', track);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('pointerover', track);
      document.removeEventListener('focusin', track);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, [selector, widgetRoot]);

  // Follow the block while the page scrolls or resizes. Positions are CSS variables set through
  // the CSSOM, which strict CSPs allow (unlike style attributes).
  useLayoutEffect(() => {
    const button = buttonRef.current;
    if (!button || !block) return;
    const place = () => {
      const rect = block.getBoundingClientRect();
      const visible = rect.bottom > 0 && rect.top < window.innerHeight && rect.width > 0;
      button.dataset.visible = String(visible);
      button.style.setProperty('--da-code-button-top', `${Math.max(rect.top, 0) + EDGE_OFFSET_PX}px`);
      button.style.setProperty('--da-code-button-left', `${rect.right - EDGE_OFFSET_PX}px`);
    };
    place();
    window.addEventListener('scroll', place, { passive: true, capture: true });
    window.addEventListener('resize', place, { passive: true });
    return () => {
      window.removeEventListener('scroll', place, { capture: true });
      window.removeEventListener('resize', place);
    };
  }, [block]);

  if (!block || hidden || !block.isConnected) return null;
  const label = shortcutHint ? `${translations.askAboutCode} (${shortcutHint})` : translations.askAboutCode;
  return (
    <button ref={buttonRef} type="button" className="da-button da-code-ask" title={label} onClick={() => onAsk(block)}>
      <span aria-hidden="true">✦</span> {translations.askAboutCode}
      {target?.byFocus && shortcutHint ? (
        <kbd className="da-kbd" aria-hidden="true">
          {shortcutHint}
        </kbd>
      ) : null}
    </button>
  );
}
