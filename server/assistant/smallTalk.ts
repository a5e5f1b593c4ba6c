// Messages that are no question about the docs: a greeting ("hi"), thanks ("thanks!"), or a question about the
// assistant itself ("what can you do?"). No page answers them, and the extractive answer said "I could not find
// this in the docs" to a reader who said hello, which reads as broken. They get a line of the reader's language
// saying what to ask (answerPhrases.ts), without a search. Only a whole message of such words: "How do I say hello
// from a handler?" and "thanks to the cache, is it faster?" are questions about the docs.

export type SmallTalk = 'greeting' | 'thanks' | 'about';

const GREETING = new RegExp(
  '^(?:(?:hi|hello|hey|hiya|howdy|yo|greetings|good (?:morning|afternoon|evening))(?: there| all| everyone| team)?' +
    '|你好|您好|嗨|哈喽|哈囉|早上好|晚上好|大家好|こんにちは|こんばんは|おはよう(?:ございます)?|はじめまして|안녕(?:하세요|하십니까)?)$',
);
const THANKS = new RegExp(
  '^(?:(?:ok(?:ay)?|great|perfect|awesome|cool|nice)?(?: )?(?:thanks|thank you|thx|ty|cheers|many thanks)(?: (?:a lot|so much|very much))?' +
    '|谢谢(?:你|您)?|多谢|感谢|謝謝(?:你|您)?|ありがとう(?:ございます|ございました)?|どうもありがとう(?:ございます)?|감사합니다|고마워(?:요)?|고맙습니다)$',
);
const ABOUT = new RegExp(
  '^(?:who are you|what are you|what can you do|what do you do|how can you help(?: me)?|what can i ask(?: you)?|what should i ask|help|help me|i need help|need help|are you (?:a bot|an ai|human|a human)' +
    '|帮助|帮帮我|求助|你是谁|你能做什么|你可以做什么|你会什么|我可以问什么|你是誰|你能做什麼|你可以做什麼|あなたは誰(?:ですか)?|何ができますか|何ができるの|何を聞けばいいですか|ヘルプ|助けて|너는 누구야|넌 누구야|뭘 할 수 있어|무엇을 할 수 있나요|무엇을 물어볼 수 있나요|도와줘|도와주세요|도움말)$',
);

/** What kind of small talk a whole message is, or undefined for a question (about the docs or anything else). */
export function smallTalkOf(message: string): SmallTalk | undefined {
  // Case, spacing and the punctuation and emoji around the words say nothing of what the message is.
  const words = message
    .toLowerCase()
    .replace(/[\p{P}\p{S}\p{Extended_Pictographic}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (words === '' || words.length > 40) return undefined;
  if (GREETING.test(words)) return 'greeting';
  if (THANKS.test(words)) return 'thanks';
  if (ABOUT.test(words)) return 'about';
  return undefined;
}
