// A button that copies text and says so for a moment.
import { useEffect, useState } from 'react';
import { useWidget } from './widgetContext.ts';

interface CopyButtonProps {
  /** Read at click time, so streamed text is copied as it is then. */
  getText: () => string;
  label: string;
  className?: string;
  onCopied?: (text: string) => void;
}

async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function CopyButton({ getText, label, className, onCopied }: CopyButtonProps) {
  const { translations } = useWidget();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    const text = getText();
    if (await writeClipboard(text)) {
      setCopied(true);
      onCopied?.(text);
    }
  };

  return (
    <button type="button" className={className ?? 'da-icon-button'} title={copied ? translations.copied : label} onClick={() => void copy()} data-copied={copied || undefined}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="da-icon">
        {copied ? <path d="M5 12l5 5L20 7" /> : <path d="M9 9h10v10H9zM5 15V5h10" />}
      </svg>
      <span className="da-visually-hidden">{copied ? translations.copied : label}</span>
    </button>
  );
}
