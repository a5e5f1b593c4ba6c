// The side panel (`layout: 'panel'`): docked at the end of the line (right, left on a right-to-left
// page), resizable from its inner edge, and not modal: no backdrop, no focus trap, a press on the page
// leaves it open, so the page stays usable beside it. Escape inside it closes it. With `panelMode:
// 'push'` the page's root gets a margin the panel's width, the one write to the host page the widget
// makes, only while the panel is open and undone when it closes.
import { useEffect, useLayoutEffect, useRef, type ComponentPropsWithoutRef, type KeyboardEvent, type PointerEvent, type ReactNode, type RefObject } from 'react';
import { useWidget } from './widgetContext.ts';

const PANEL_MIN_WIDTH = 320;
const PANEL_DEFAULT_WIDTH = 420;
const KEY_STEP_PX = 32;
/** Below this viewport width the panel takes the whole screen (see widget.css) and pushes nothing. */
const FULL_SCREEN_QUERY = '(max-width: 767.98px)';

/** The widest the panel may be: the page keeps at least a column beside it. */
function maxWidth(): number {
  return Math.max(PANEL_MIN_WIDTH, Math.min(960, window.innerWidth - 240));
}

function clampPanelWidth(width: number): number {
  return Math.round(Math.min(maxWidth(), Math.max(PANEL_MIN_WIDTH, width)));
}

/** A drag on the handle: the pointer's moves come to it wherever the pointer goes. */
function startResize(event: PointerEvent<HTMLElement>) {
  if (event.button !== 0) return;
  event.preventDefault();
  event.currentTarget.setPointerCapture(event.pointerId);
}

interface PanelContentProps extends Omit<ComponentPropsWithoutRef<'div'>, 'role'> {
  onClose: () => void;
  /** The question box: focused on opening when `focusOnOpen`. */
  initialFocus: RefObject<HTMLElement | null>;
  /** False when the panel reopens by itself on a new page: the reader is reading the page, keep focus there. */
  focusOnOpen: boolean;
  /** Called as the panel closes with focus inside it, to put focus back on the page. */
  onCloseWithFocus: () => void;
  width: number | null;
  onResize: (width: number) => void;
  dir: 'ltr' | 'rtl';
  mode: 'overlay' | 'push';
  children: ReactNode;
}

/** While active, a margin on the page's root the panel's width, on the side the panel is docked. */
function usePushPage(active: boolean, side: 'left' | 'right', width: number) {
  useEffect(() => {
    if (!active) return;
    const root = document.documentElement;
    const property = side === 'left' ? 'margin-left' : 'margin-right';
    const previous = root.style.getPropertyValue(property);
    const previousPriority = root.style.getPropertyPriority(property);
    const fullScreen = window.matchMedia(FULL_SCREEN_QUERY);
    const apply = () => {
      if (fullScreen.matches) root.style.setProperty(property, previous, previousPriority);
      else root.style.setProperty(property, `${width}px`);
    };
    apply();
    fullScreen.addEventListener('change', apply);
    return () => {
      fullScreen.removeEventListener('change', apply);
      root.style.setProperty(property, previous, previousPriority);
    };
  }, [active, side, width]);
}

export function PanelContent(props: PanelContentProps) {
  const { onClose, initialFocus, focusOnOpen, onCloseWithFocus, width, onResize, dir, mode, onKeyDown, children, ...boxProps } = props;
  const { translations } = useWidget();
  const boxRef = useRef<HTMLDivElement>(null);
  const shownWidth = clampPanelWidth(width ?? PANEL_DEFAULT_WIDTH);
  usePushPage(mode === 'push', dir === 'rtl' ? 'left' : 'right', shownWidth);

  // Once per opening, like the modal: focus in before the first paint, so no keystroke is lost.
  useLayoutEffect(() => {
    if (focusOnOpen) initialFocus.current?.focus({ preventScroll: true });
    const box = boxRef.current;
    return () => {
      // Closing with focus inside: the element about to go takes focus with it, so hand it back first.
      const root = box?.getRootNode() as Document | ShadowRoot | undefined;
      if (box && root?.activeElement && box.contains(root.activeElement)) onCloseWithFocus();
    };
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The width is a CSS variable set through the CSSOM (strict CSPs allow it; a style attribute they block).
  useLayoutEffect(() => {
    boxRef.current?.style.setProperty('--da-panel-width', `${shownWidth}px`);
  }, [shownWidth]);

  const widthAt = (clientX: number) => clampPanelWidth(dir === 'rtl' ? clientX : window.innerWidth - clientX);
  const onPointerMove = (event: PointerEvent<HTMLHRElement>) => {
    if (event.currentTarget.hasPointerCapture(event.pointerId)) onResize(widthAt(event.clientX));
  };
  const onHandleKeyDown = (event: KeyboardEvent<HTMLHRElement>) => {
    // The handle is on the panel's inner edge: the arrow pointing away from the panel widens it.
    const widen = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    const narrow = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const next =
      event.key === widen ? shownWidth + KEY_STEP_PX
      : event.key === narrow ? shownWidth - KEY_STEP_PX
      : event.key === 'Home' ? PANEL_MIN_WIDTH
      : event.key === 'End' ? maxWidth()
      : null;
    if (next === null) return;
    event.preventDefault();
    onResize(clampPanelWidth(next));
  };

  return (
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape closes the dialog, as in the modal
    <div
      ref={boxRef}
      // Not modal: the page beside it stays usable and visible to assistive technology.
      // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
      role="dialog"
      aria-modal="false"
      {...boxProps}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.key === 'Escape' && !event.defaultPrevented) {
          event.preventDefault();
          onClose();
        }
      }}
    >
      {/* A focusable separator is the ARIA pattern for a resize handle (the WAI-ARIA "window splitter"):
          arrows, Home and End resize; the linter takes every <hr> for a static one. */}
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <hr
        className="da-panel-resize"
        aria-orientation="vertical"
        aria-label={translations.resizePanel}
        aria-valuenow={shownWidth}
        aria-valuemin={PANEL_MIN_WIDTH}
        aria-valuemax={maxWidth()}
        // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        title={translations.resizePanel}
        onPointerDown={startResize}
        onPointerMove={onPointerMove}
        onKeyDown={onHandleKeyDown}
      />
      {children}
    </div>
  );
}
