// The floating button that opens the dialog (a Radix trigger: it toggles the dialog and carries
// aria-haspopup and aria-expanded; focus returns to it on close).
import * as Dialog from '@radix-ui/react-dialog';
import type { Ref } from 'react';
import { useWidget } from './widgetContext.ts';

interface LauncherProps {
  /** e.g. '⌘ I', shown as a hint; absent when the shortcut is off. */
  shortcutHint?: string;
  /** The same shortcut for assistive technology, e.g. 'Meta+I'. */
  keyShortcut?: string;
  /** Called before the click can clear the page's text selection. */
  onPointerDown?: () => void;
  /** The open dialog's id (the dialog box is the widget's own, so Radix cannot know it). */
  controls?: string;
  buttonRef?: Ref<HTMLButtonElement>;
}

export function Launcher({ shortcutHint, keyShortcut, onPointerDown, controls, buttonRef }: LauncherProps) {
  const { translations } = useWidget();
  return (
    <Dialog.Trigger ref={buttonRef} className="da-launcher" onPointerDown={onPointerDown} aria-keyshortcuts={keyShortcut} aria-controls={controls}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="da-icon">
        <path d="M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8zM18 15l.9 2.1L21 18l-2.1.9L18 21l-.9-2.1L15 18l2.1-.9z" />
      </svg>
      <span className="da-launcher-label">{translations.launcherLabel}</span>
      {shortcutHint ? (
        <kbd className="da-kbd" aria-hidden="true">
          {shortcutHint}
        </kbd>
      ) : null}
    </Dialog.Trigger>
  );
}
