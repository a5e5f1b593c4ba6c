// A question asking two things is read as its parts, so the answer can quote a section for each; a question of one
// request whose "and" joins two things it is about stays whole.
import { describe, expect, it } from 'vitest';
import { clausesOf, headingsNamePart } from '../../server/assistant/clauses.ts';
import { termsOf } from '../../server/docs/analyzer.ts';

describe('given a question asking two things', () => {
  it('reads a second request after "and", "and also" or "or"', () => {
    expect(clausesOf('How do I enable CORS and also protect my routes with basic auth?')).toEqual(['How do I enable CORS', 'protect my routes with basic auth?']);
    expect(clausesOf('How do I change the launcher color and move it to the left side?')).toEqual(['How do I change the launcher color', 'move it to the left side?']);
  });

  it('reads a second thing asked of the same verb after "and the", "and a" or "and my", with the words asking for it', () => {
    expect(clausesOf('How do I turn on dark mode and the side panel?')).toEqual(['How do I turn on dark mode', 'How do I turn on the side panel?']);
    expect(clausesOf('How do I read the request body and the headers?')).toEqual(['How do I read the request body', 'How do I read the headers?']);
    // No verb of a request before the "and": one thing asked about.
    expect(clausesOf('What are the defaults of the port and the host?')).toHaveLength(1);
  });

  it('reads two names compared, without the words asking which', () => {
    expect(clausesOf('What is the difference between RegExpRouter and TrieRouter?')).toHaveLength(2);
    expect(clausesOf('Pinia 和 Vuex 选哪个')).toEqual(['Pinia', 'Vuex']);
    expect(clausesOf('v-if 和 v-show 有什么不同')).toEqual(['v-if', 'v-show']);
    expect(clausesOf('server.port と preview.port の違いは？')).toEqual(['server.port', 'preview.port  は？']);
  });

  it('reads two questions in one message, not a URL\'s query', () => {
    expect(clausesOf('How do I enable CORS? And can I add basic auth too?')).toEqual(['How do I enable CORS?', 'can I add basic auth too?']);
    expect(clausesOf('怎么配置代理？还有怎么改端口')).toEqual(['怎么配置代理？', '还有怎么改端口']);
    expect(clausesOf('How can I read a query string value like ?page=2 in a handler?')).toHaveLength(1);
  });

  it('reads a Korean second request after -고 or 그리고, and two names compared or after a name in Latin letters', () => {
    expect(clausesOf('런처를 왼쪽으로 옮기고 색도 바꾸고 싶어요').slice(0, 2)).toEqual(['런처를 왼쪽으로 옮기', '색도 바꾸']);
    expect(clausesOf('c.text()와 c.json()의 차이는 뭔가요?')[0]).toBe('c.text()');
    expect(clausesOf('스크립트 태그와 React 컴포넌트의 차이는?')[0]).toBe('스크립트 태그');
    // Nouns that end in 고 or 과, and "and" between two Korean nouns of one request.
    expect(clausesOf('참고 자료는 어디 있나요?')).toHaveLength(1);
    expect(clausesOf('CORS 오류와 401 오류를 어떻게 고치나요?')).toHaveLength(1);
  });

  it('reads a second request after a Chinese comma or a Japanese te-form', () => {
    expect(clausesOf('怎么给子组件传 props，又怎么监听它触发的事件')).toEqual(['怎么给子组件传 props', '又怎么监听它触发的事件']);
    expect(clausesOf('開発サーバーのポートを 3000 に変えて、起動時にブラウザーを自動で開きたい')).toEqual(['開発サーバーのポートを 3000 に変えて', '起動時にブラウザーを自動で開きたい']);
  });
});

describe('given a question of one request', () => {
  it('keeps two things it is about together', () => {
    expect(clausesOf('How do I protect a route with a username and password?')).toHaveLength(1);
    expect(clausesOf('How do I put a title and meta tags in the head from inside a component?')).toHaveLength(1);
    expect(clausesOf('How do I make JSON output indented and readable?')).toHaveLength(1);
    // 和 between two Chinese verbs: to animate showing and hiding.
    expect(clausesOf('怎么让一个元素在显示和隐藏时有动画')).toHaveLength(1);
    // と inside a phrase in kana is no list.
    expect(clausesOf('ビルドするとエラーになる')).toHaveLength(1);
  });
});

describe('given a part and a section found for it', () => {
  it('takes the section as about the part when its headings name a word of it other than a verb', () => {
    expect(headingsNamePart(['CORS Middleware'], termsOf('How do I enable CORS'))).toBe(true);
    expect(headingsNamePart(['Vercel', 'Further reading'], termsOf('read it later?'))).toBe(false);
    expect(headingsNamePart(['Agent jobs', 'Send a follow-up'], termsOf('send a PR?'))).toBe(false);
    // A verb that names a topic of docs too: Compress Middleware is what "compress responses" is about.
    expect(headingsNamePart(['Compress Middleware'], termsOf('compress the responses'))).toBe(true);
  });
});
