// Reads a script-tag instance's options from the tag's data-* attributes over window.DocsAssistantConfig.
// data-foo-bar sets the option fooBar, so every option of the widget has an attribute. Values are read
// as JSON when they parse (numbers, true/false, arrays, objects) and as text otherwise; the few options
// that are always text are never parsed (a numeric domain stays a string).
import type { EmbedOptions } from './contract.ts';

const textOptions = /^(domain|apiKey|baseUrl)$/;

/** Options from the attributes of `script` (when given), over `globalConfig`; baseUrl defaults to the script's origin. */
export function readEmbedOptions(script: HTMLScriptElement | null, globalConfig: Partial<EmbedOptions> | undefined): Partial<EmbedOptions> {
  const options: Record<string, unknown> = { ...globalConfig };
  const dataset = script?.dataset;
  for (const name in dataset) {
    const text = dataset[name]!;
    let value: unknown = text;
    if (!textOptions.test(name)) {
      try {
        value = JSON.parse(text);
      } catch {
        // Not JSON: the text itself is the value ('mod+i', 'dark', 'pre code').
      }
    }
    options[name] = value;
  }
  if (!options.baseUrl && script?.src) options.baseUrl = new URL(script.src).origin;
  return options as Partial<EmbedOptions>;
}

/**
 * data-starter-questions="How do I start?|What does it cost?" (a JSON array works too). Split by the chat
 * module when it mounts (chat.tsx), not here: this file is in embed.js, where every byte is paid before intent.
 */
export function starterQuestionsOf(value: unknown): string[] | undefined {
  return typeof value === 'string' ? value.split('|') : (value as string[] | undefined);
}
