// GitHub-flavoured markdown (tables, strikethrough, autolinks, task lists, footnotes) for rendering
// answers. remark-gfm registers the same parser extensions plus GFM's markdown serializer, which
// rendering never calls but every bundle carries (mdast-util-to-markdown, markdown-table: about 7 kB
// gzip of the chat); this plugin registers the parser extensions only.
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import type { Processor } from 'unified';

interface ParserData {
  micromarkExtensions?: unknown[];
  fromMarkdownExtensions?: unknown[];
}

export function remarkGfmParse(this: Processor): void {
  const data = this.data() as ParserData;
  (data.micromarkExtensions ??= []).push(gfm());
  (data.fromMarkdownExtensions ??= []).push(gfmFromMarkdown());
}
