// The language of a passage of the conversation, for screen readers (WCAG 3.1.2, language of parts): a reader
// who asks in Chinese on a docs site in English hears their question and the answer's Chinese sentences in a
// Chinese voice, not read out by the page's English one. Told by the script: kana is Japanese, Hangul Korean,
// Han alone Chinese. Latin text, and a passage in the page's own language, keep the page's (a zh-TW page keeps
// its Taiwanese voice for Chinese passages).
const KANA = /[\u3040-\u30ff]/;
const HANGUL = /[\uac00-\ud7af]/;
const HAN = /[\u4e00-\u9fff]/;

export function passageLanguage(text: string): string | undefined {
  const language = KANA.test(text) ? 'ja' : HANGUL.test(text) ? 'ko' : HAN.test(text) ? 'zh' : undefined;
  const page = typeof document === 'undefined' ? '' : document.documentElement.lang.toLowerCase();
  return language !== undefined && !page.startsWith(language) ? language : undefined;
}
