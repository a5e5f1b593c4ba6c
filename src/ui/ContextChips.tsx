// Context attached to a question (selected text, a code block), shown as chips; removable before sending.
import type { AssistantContextItem } from '../wire.ts';
import { useWidget } from './widgetContext.ts';
import { passageLanguage } from '../chat/passageLanguage.ts';

const PREVIEW_LENGTH = 60;

function preview(value: string): string {
  const oneLine = value.replace(/\s+/g, ' ').trim();
  return oneLine.length > PREVIEW_LENGTH ? `${oneLine.slice(0, PREVIEW_LENGTH)}…` : oneLine;
}

interface ContextChipsProps {
  items: AssistantContextItem[];
  /** Present while the context is still pending: each chip gets a remove button. */
  onRemove?: (index: number) => void;
}

export function ContextChips({ items, onRemove }: ContextChipsProps) {
  const { translations } = useWidget();
  if (items.length === 0) return null;
  return (
    <ul className="da-chips">
      {items.map((item, index) => {
        const kind = item.type === 'code' ? translations.codeChip : translations.selectionChip;
        return (
          <li key={`${item.type}:${index}:${item.value.length}`} className="da-chip" data-type={item.type}>
            <span className="da-chip-kind">{kind}</span>
            <span className="da-chip-value" lang={passageLanguage(item.value)}>
              {preview(item.value)}
            </span>
            {onRemove ? (
              <button
                type="button"
                className="da-chip-remove"
                aria-label={`${translations.removeContext}: ${kind}`}
                title={translations.removeContext}
                onClick={() => onRemove(index)}
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" className="da-icon">
                  <path d="M6 6l12 12M18 6L6 18" />
                </svg>
              </button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
