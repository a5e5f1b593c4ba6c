// The few sentences an extractive answer writes itself (the rest is quoted), in the reader's language: a
// reader asking in Chinese, Japanese or Korean was told "I could not find this in the docs." in English. Chinese
// in the script the question is written in. Other languages, and a question with no letters, get English.
import { isTraditionalChinese } from '../docs/chineseScripts.ts';
import { languageOfText } from '../docs/language.ts';

export interface AnswerPhrases {
  /** The first sentence of an answer the docs do not cover (`notFound`). */
  notInDocs: string;
  /** After notInDocs, before the list of the closest pages. */
  closestPages: string;
  /** Between two sentences: a space in English, none after a Chinese or Japanese full stop. */
  sentenceGap: string;
  /** After notInDocs when there is nothing to suggest. */
  tryOtherWords: string;
  /** Names the docs never use, quoted, before what they say about the rest of the question. */
  unknownNames(names: readonly string[]): string;
  /** A selection's own section has nothing more to quote than the selection. */
  nothingMoreThere(titleLink: string): string;
  /** Under a quote: other sections whose text is the same, word for word (server.headers under preview.headers). */
  saysTheSame(titleLinks: readonly string[]): string;
  /** Before the list of a page's sections, when the reader asks what the page they are on is about. */
  pageSections: string;
  /** After that list when the page has more sections than it shows. */
  moreSections(count: number): string;
  /** Before the list of the steps after the numbered step an answer quotes ("1. Setup": "2. Hello World", "3. Deploy"). */
  nextSteps: string;
  /** Answers to a message that is no question about the docs (smallTalk.ts): hello, thanks, what can you do? */
  greeting: string;
  thanks: string;
  about: string;
}

/** Markdown-escaped, so a name cannot open emphasis, code or a link. */
const escaped = (name: string) => name.replace(/[\\`*_<>[\]]/g, '\\$&');

export const ENGLISH_PHRASES: AnswerPhrases = {
  notInDocs: 'I could not find this in the docs.',
  closestPages: 'These pages are the closest:',
  sentenceGap: ' ',
  tryOtherWords: 'Try other words, such as the name of a command, option or page.',
  unknownNames(names) {
    const quoted = names.map((name) => `“${escaped(name)}”`);
    const list = quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}` : quoted[0];
    return `The docs do not mention ${list}; this is what they say about the rest of the question.`;
  },
  nothingMoreThere: (titleLink) => `This passage is from **${titleLink}**; the docs say nothing more about it there.`,
  saysTheSame: (titleLinks) => `${titleLinks.join(' and ')} ${titleLinks.length > 1 ? 'say' : 'says'} the same.`,
  pageSections: 'This page covers:',
  moreSections: (count) => `…and ${count} more ${count === 1 ? 'section' : 'sections'} on the page.`,
  nextSteps: 'The next steps on this page:',
  greeting: 'Hello! Ask me anything about these docs: I answer with the passages that answer it, and link each one to its source.',
  thanks: 'You are welcome. Ask another question any time.',
  about:
    'I answer questions about these docs by quoting the passages that answer them, with a link to each source. Ask about a feature, an option, a command or an error message, in your own words.',
};

const SIMPLIFIED_CHINESE: AnswerPhrases = {
  notInDocs: '文档中没有找到相关内容。',
  closestPages: '以下页面最接近：',
  sentenceGap: '',
  tryOtherWords: '请换个说法再试，例如命令、选项或页面的名称。',
  unknownNames: (names) => `文档中没有提到${names.map((name) => `“${escaped(name)}”`).join('或')}；以下是文档中关于问题其余部分的内容。`,
  nothingMoreThere: (titleLink) => `这段内容出自 **${titleLink}**；文档在那里没有更多说明。`,
  saysTheSame: (titleLinks) => `${titleLinks.join('、')} 中也有相同的说明。`,
  pageSections: '本页包括：',
  moreSections: (count) => `……以及本页其他 ${count} 节。`,
  nextSteps: '本页接下来的步骤：',
  greeting: '你好！关于这份文档的问题都可以问我：我会引用文档中回答问题的段落，并附上每段的出处链接。',
  thanks: '不客气。有其他问题随时问我。',
  about: '我引用文档中回答问题的段落来回答关于这份文档的问题，并附上每段的出处链接。可以用自己的话询问功能、选项、命令或错误信息。',
};

const TRADITIONAL_CHINESE: AnswerPhrases = {
  notInDocs: '文件中沒有找到相關內容。',
  closestPages: '以下頁面最接近：',
  sentenceGap: '',
  tryOtherWords: '請換個說法再試，例如命令、選項或頁面的名稱。',
  unknownNames: (names) => `文件中沒有提到${names.map((name) => `「${escaped(name)}」`).join('或')}；以下是文件中關於問題其餘部分的內容。`,
  nothingMoreThere: (titleLink) => `這段內容出自 **${titleLink}**；文件在那裡沒有更多說明。`,
  saysTheSame: (titleLinks) => `${titleLinks.join('、')} 中也有相同的說明。`,
  pageSections: '本頁包括：',
  moreSections: (count) => `……以及本頁其他 ${count} 節。`,
  nextSteps: '本頁接下來的步驟：',
  greeting: '你好！關於這份文件的問題都可以問我：我會引用文件中回答問題的段落，並附上每段的出處連結。',
  thanks: '不客氣。有其他問題隨時問我。',
  about: '我引用文件中回答問題的段落來回答關於這份文件的問題，並附上每段的出處連結。可以用自己的話詢問功能、選項、命令或錯誤訊息。',
};

const JAPANESE: AnswerPhrases = {
  notInDocs: 'ドキュメントには見つかりませんでした。',
  closestPages: '近いページ：',
  sentenceGap: '',
  tryOtherWords: 'コマンド、オプション、ページの名前など、別の言葉で試してください。',
  unknownNames: (names) => `ドキュメントには${names.map((name) => `「${escaped(name)}」`).join('や')}についての記載がありません。質問のほかの部分については次のとおりです。`,
  nothingMoreThere: (titleLink) => `この一節は **${titleLink}** のものです。ドキュメントにはそれ以上の説明はありません。`,
  saysTheSame: (titleLinks) => `${titleLinks.join('、')} にも同じ説明があります。`,
  pageSections: 'このページの内容：',
  moreSections: (count) => `…ほか ${count} 項目。`,
  nextSteps: 'このページの次の手順：',
  greeting: 'こんにちは。このドキュメントについて何でも質問してください。答えとなる箇所を引用し、出典へのリンクを付けてお答えします。',
  thanks: 'どういたしまして。ほかにも質問があればどうぞ。',
  about: 'このドキュメントについての質問に、答えとなる箇所を引用し、出典へのリンクを付けてお答えします。機能、オプション、コマンド、エラーメッセージなどについて、ふだんの言葉で質問してください。',
};

const KOREAN: AnswerPhrases = {
  notInDocs: '문서에서 찾을 수 없습니다.',
  closestPages: '가장 가까운 페이지:',
  sentenceGap: ' ',
  tryOtherWords: '명령어, 옵션, 페이지 이름 같은 다른 단어로 다시 시도해 보세요.',
  unknownNames: (names) => `문서에는 ${names.map((name) => `“${escaped(name)}”`).join(' 또는 ')}에 대한 내용이 없습니다. 질문의 나머지 부분에 대해 문서에 있는 내용은 다음과 같습니다.`,
  nothingMoreThere: (titleLink) => `이 구절은 **${titleLink}**에서 가져온 것이며, 문서에는 그 이상의 설명이 없습니다.`,
  saysTheSame: (titleLinks) => `${titleLinks.join(', ')}에도 같은 설명이 있습니다.`,
  pageSections: '이 페이지에서 다루는 내용:',
  moreSections: (count) => `…그 밖에 ${count}개 항목.`,
  nextSteps: '이 페이지의 다음 단계:',
  greeting: '안녕하세요! 이 문서에 대해 무엇이든 물어보세요. 답이 되는 구절을 인용하고 출처 링크를 함께 알려 드립니다.',
  thanks: '천만에요. 궁금한 점이 있으면 언제든 물어보세요.',
  about: '이 문서에 대한 질문에 답이 되는 구절을 인용하고 각 출처 링크를 함께 알려 드립니다. 기능, 옵션, 명령어, 오류 메시지 등에 대해 편하게 물어보세요.',
};

/** The phrases for a question, by the language it is written in. */
export function phrasesFor(question: string): AnswerPhrases {
  const language = languageOfText(question);
  if (language === 'ja') return JAPANESE;
  if (language === 'ko') return KOREAN;
  if (language === 'zh') return isTraditionalChinese(question) ? TRADITIONAL_CHINESE : SIMPLIFIED_CHINESE;
  return ENGLISH_PHRASES;
}

/** Every language's not-in-the-docs sentence: the model is told to open with the one of the reader's language, and is marked notFound by any. */
export const NOT_IN_DOCS_SENTENCES: readonly { language: string; sentence: string }[] = [
  { language: 'English, and any language not listed here', sentence: ENGLISH_PHRASES.notInDocs },
  { language: 'Chinese in simplified characters', sentence: SIMPLIFIED_CHINESE.notInDocs },
  { language: 'Chinese in traditional characters', sentence: TRADITIONAL_CHINESE.notInDocs },
  { language: 'Japanese', sentence: JAPANESE.notInDocs },
  { language: 'Korean', sentence: KOREAN.notInDocs },
];

/** Whether an answer opens by saying the docs do not cover the question, in any of those languages. */
export function opensNotInDocs(text: string): boolean {
  const opening = text.trimStart();
  return NOT_IN_DOCS_SENTENCES.some(({ sentence }) => opening.startsWith(sentence));
}
