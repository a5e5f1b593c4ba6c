// The answer rendered as markdown. react-markdown never renders raw HTML (it stays text), and
// the components below apply the URL policy: safe links only, images only from the docs' origin.
// Rendered block by block, each memoised: while an answer streams only its last block is parsed again.
import { createElement, Fragment, memo, useMemo, type ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import { fenceTitleOf, groupCodeBlocks } from '../chat/codeGroups.ts';
import { splitMarkdownBlocks } from '../chat/markdownBlocks.ts';
import { passageLanguage } from '../chat/passageLanguage.ts';
import { remarkGfmParse } from '../chat/remarkGfmParse.ts';
import { safeImageSrc, safeLinkHref } from '../chat/safeUrls.ts';
import { CodeBlock, CodeTabs } from './Code.tsx';
import { DocsLink } from './DocsLink.tsx';
import { useWidget } from './widgetContext.ts';

const remarkPlugins = [remarkGfmParse];

interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: { className?: unknown };
  children?: HastNode[];
  /** A fence's info string past its language (```bash [npm] -> "[npm]"). */
  data?: { meta?: unknown };
}

function textOf(node: HastNode | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

/**
 * The fence's language (```ts -> "ts"), its title (```bash [npm] -> "npm": a code group's tab, a file name, an
 * API style) and the code, from the `pre` element react-markdown renders.
 */
function codeOf(pre: HastNode | undefined): { language: string; title: string | undefined; code: string } {
  const code = pre?.children?.find((child) => child.tagName === 'code');
  const classes = Array.isArray(code?.properties?.className) ? (code.properties.className as unknown[]) : [];
  const language = classes.map(String).find((name) => name.startsWith('language-'))?.slice('language-'.length) ?? '';
  const title = fenceTitleOf(code?.data?.meta as string | undefined);
  return { language: language.toLowerCase(), title, code: textOf(code).replace(/\n$/, '') };
}

function MarkdownCode({ children, node }: ComponentProps<'pre'> & { node?: unknown }) {
  const { language, title, code } = useMemo(() => codeOf(node as HastNode | undefined), [node]);
  return <CodeBlock language={language} title={title} code={code} plain={children} />;
}

function SafeLink({ href, children }: ComponentProps<'a'>) {
  const safe = safeLinkHref(href);
  if (safe === null) return <span className="da-link-removed">{children}</span>;
  return (
    <DocsLink href={safe} nofollow>
      {children}
    </DocsLink>
  );
}

function SafeImage({ src, alt }: ComponentProps<'img'>) {
  const { baseUrl } = useWidget();
  const safe = safeImageSrc(typeof src === 'string' ? src : null, baseUrl);
  if (safe === null) return alt ? <span className="da-image-removed">{alt}</span> : null;
  return <img src={safe} alt={alt ?? ''} loading="lazy" referrerPolicy="no-referrer" />;
}

function ScrollableTable({ children }: ComponentProps<'table'>) {
  return (
    // A focusable scroll area, so keyboard users can scroll wide tables.
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="da-table-scroll" tabIndex={0}>
      <table>{children}</table>
    </div>
  );
}

// The dialog's title is an h2; answer headings of any level become h3 so the outline never skips
// a level (an answer's `####` would otherwise follow the h2 directly).
// In its own language too, as passages are (inItsLanguage below).
function answerHeading(level: number) {
  return function AnswerHeading({ children, id, node }: ComponentProps<'h3'> & { node?: unknown }) {
    return (
      <h3 id={id} className="da-answer-heading" data-level={level} lang={passageLanguage(textOf(node as HastNode | undefined))}>
        {children}
      </h3>
    );
  };
}

/** A paragraph, list item or table cell, in its own language when its script is not the page's (passageLanguage.ts). */
function inItsLanguage<Tag extends 'p' | 'li' | 'td' | 'th'>(tag: Tag) {
  return function Passage({ node, ...rest }: ComponentProps<Tag> & { node?: unknown }) {
    return createElement(tag, { ...rest, lang: passageLanguage(textOf(node as HastNode | undefined)) });
  };
}

const components: Components = {
  a: SafeLink,
  p: inItsLanguage('p'),
  li: inItsLanguage('li'),
  td: inItsLanguage('td'),
  th: inItsLanguage('th'),
  img: SafeImage,
  pre: MarkdownCode,
  table: ScrollableTable,
  h1: answerHeading(1),
  h2: answerHeading(2),
  h3: answerHeading(3),
  h4: answerHeading(4),
  h5: answerHeading(5),
  h6: answerHeading(6),
};

const MarkdownBlock = memo(function MarkdownBlock({ text }: { text: string }) {
  return (
    <ReactMarkdown remarkPlugins={remarkPlugins} components={components}>
      {text}
    </ReactMarkdown>
  );
});

/** An answer; `question` is the reader's, for the code group tab it names. */
export function AnswerMarkdown({ text, question }: { text: string; question: string }) {
  const blocks = useMemo(() => groupCodeBlocks(splitMarkdownBlocks(text)), [text]);
  return (
    // The answer's own direction, from its first letters: the docs' language, whatever the page's.
    <div className="da-markdown" dir="auto">
      {blocks.map((block, index) => (
        // Blocks only ever grow at the end: the index is a stable key. The line break between blocks
        // is the one react-markdown puts between them, so the answer's text reads the same.
        // oxlint-disable-next-line react/no-array-index-key
        <Fragment key={index}>
          {index > 0 ? '\n' : null}
          {typeof block === 'string' ? <MarkdownBlock text={block} /> : <CodeTabs variants={block} question={question} />}
        </Fragment>
      ))}
    </div>
  );
}
