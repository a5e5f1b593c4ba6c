// The question box: Enter sends, Shift+Enter adds a line; Stop while an answer streams.
import { useId, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { useWidget } from './widgetContext.ts';

interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  /** Returns whether the question was sent (then the box is cleared). */
  onSubmit: (question: string) => boolean;
  onStop: () => void;
  busy: boolean;
  /** Sending is impossible (misconfigured widget); typing still works and nothing typed is lost. */
  disabled: boolean;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  /** Down with the caret at the end of the text (so never when it moves between lines): true when taken. */
  onDownAtEnd?: () => boolean;
}

export function Composer({ value, onChange, onSubmit, onStop, busy, disabled, inputRef, onDownAtEnd }: ComposerProps) {
  const { translations } = useWidget();
  const inputId = useId();

  const submit = () => {
    if (onSubmit(value)) onChange('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // isComposing: Enter that confirms an IME candidate must not send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (!busy && !disabled) submit();
      return;
    }
    const box = event.currentTarget;
    if (event.key === 'ArrowDown' && !event.shiftKey && box.selectionStart === value.length && box.selectionEnd === value.length && onDownAtEnd?.()) {
      event.preventDefault();
    }
  };

  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  return (
    <form className="da-composer" onSubmit={onFormSubmit}>
      <label htmlFor={inputId} className="da-visually-hidden">
        {translations.composerLabel}
      </label>
      <textarea
        id={inputId}
        ref={inputRef}
        className="da-input"
        // Follows what the reader types: Arabic right to left, English left to right, on any page.
        dir="auto"
        rows={1}
        value={value}
        placeholder={translations.composerPlaceholder}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {busy ? (
        <button type="button" className="da-button da-stop" onClick={onStop}>
          {translations.stop}
        </button>
      ) : (
        <button type="submit" className="da-button da-send" disabled={disabled || value.trim() === ''}>
          {translations.send}
        </button>
      )}
    </form>
  );
}
