// The dialog box: Radix's FocusScope (Tab trapped and looping, focus in on open and back on close)
// around Radix's DismissableLayer (Escape, a press outside), composed as Radix's Dialog.Content
// composes them, minus everything that reaches outside the widget's root: Dialog.Content inserts
// focus-guard <span>s into <body> (modal or not), and its modal variant also sets aria-hidden on every
// other element of the page and pointer-events: none on <body>. The widget stays modal inside its own
// layer instead: aria-modal="true" for assistive technology, a backdrop over the page, focus trapped.
import { DismissableLayer } from '@radix-ui/react-dismissable-layer';
import { FocusScope } from '@radix-ui/react-focus-scope';
import { useLayoutEffect, type ComponentPropsWithoutRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';

interface ModalContentProps extends Omit<ComponentPropsWithoutRef<'div'>, 'role'> {
  /** Called for Escape and for a press outside the box (on the backdrop, which covers the page). */
  onClose: () => void;
  /** Focused as the box mounts, before it is first painted. */
  initialFocus: RefObject<HTMLElement | null>;
  /** Focus on close; preventDefault() to place it yourself. */
  onCloseAutoFocus: (event: Event) => void;
  children: ReactNode;
}

/**
 * FocusScope's loop compares `document.activeElement` with the box's first and last tabbable elements;
 * inside a shadow root that is the shadow host, so at the edges Tab would leave for the page. This runs
 * the same edge check against the shadow root's own focused element (in the light DOM FocusScope does it).
 */
function loopTabInsideShadowRoot(event: KeyboardEvent<HTMLDivElement>) {
  const box = event.currentTarget;
  const root = box.getRootNode();
  if (!(root instanceof ShadowRoot) || event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
  // Rendered ones only (getClientRects: checkVisibility is too recent for Safari 16).
  const tabbable = [...box.querySelectorAll<HTMLElement>('*')].filter(
    (element) => element.tabIndex >= 0 && !(element as HTMLButtonElement).disabled && element.getClientRects().length > 0,
  );
  const first = tabbable[0];
  const last = tabbable.at(-1);
  if (!first || !last) return;
  const active = root.activeElement;
  if (!event.shiftKey && (active === last || !box.contains(active))) {
    event.preventDefault();
    first.focus();
  } else if (event.shiftKey && (active === first || active === box)) {
    event.preventDefault();
    last.focus();
  }
}

export function ModalContent({ onClose, initialFocus, onCloseAutoFocus, onKeyDown, children, ...boxProps }: ModalContentProps) {
  // FocusScope moves focus in from an effect, which waits for the frame after the box is painted: a
  // keystroke typed right after the shortcut would be lost meanwhile. Focus taken here, in the commit,
  // is already inside the scope when FocusScope looks, so it leaves it there. Once per opening: the box
  // mounts with the dialog.
  // oxlint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => initialFocus.current?.focus({ preventScroll: true }), []);
  return (
    <FocusScope
      asChild
      loop
      trapped
      // Only reached when focus is not in the box yet: then too, to `initialFocus` rather than the first button.
      onMountAutoFocus={(event) => {
        event.preventDefault();
        initialFocus.current?.focus();
      }}
      onUnmountAutoFocus={onCloseAutoFocus}
    >
      <DismissableLayer
        // Not a <dialog>: its showModal() makes the whole page inert, the page-wide effect this avoids.
        // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
        role="dialog"
        aria-modal="true"
        {...boxProps}
        onKeyDown={(event) => {
          onKeyDown?.(event);
          if (!event.defaultPrevented) loopTabInsideShadowRoot(event);
        }}
        // Like Radix's modal dialog: a press is handled on its click, so a page element that stops the
        // click keeps the dialog open, and a right click never closes it. Inside a shadow root the press
        // reaches the document retargeted to the host, so "outside" is decided by the React tree
        // (DismissableLayer's capture handler), which the retargeting does not change.
        deferPointerDownOutside
        onPointerDownOutside={(event) => {
          const original = event.detail.originalEvent;
          if (original.button === 2 || (original.button === 0 && original.ctrlKey)) event.preventDefault();
        }}
        // Escape inside a part that takes it back itself (the results under the composer: back to the question).
        onEscapeKeyDown={(event) => {
          const origin = event.composedPath()[0];
          if (origin instanceof Element && origin.closest('[data-keeps-escape]')) event.preventDefault();
        }}
        // Focus leaving the box is the trap's business (it brings focus back), never a reason to close.
        onFocusOutside={(event) => event.preventDefault()}
        onDismiss={onClose}
      >
        {children}
      </DismissableLayer>
    </FocusScope>
  );
}
