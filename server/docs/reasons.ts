// Questions asking why, and the sections whose heading promises the reason: "为什么 ref 需要 .value" is answered by
// 为什么要使用 ref？, "依存関係の事前バンドルはなぜ必要？" by その理由は？, though the question's why-word (a stop word)
// matches neither heading and the sections beside them say ref, .value and 事前バンドル more often. And within a
// section, the sentences that give a reason: "为什么要用 key" came for "为了给 Vue 一个提示，以便它可以跟踪每个节点的标识…".
import type { Section } from './types.ts';

/** Words asking why, in the languages the widget speaks. */
const ASKS_WHY = /\bwhy\b|为什么|為什麼|为何|為何|なぜ|どうして|왜/i;
/** A heading that promises a reason: "Why is it small and fast?", 为什么需要测试, その理由は？, Vite を使う理由. */
const REASON_HEADING = /\bwhy\b|\breasons?\b|\bmotivation\b|为什么|為什麼|为何|為何|なぜ|どうして|理由|必要性|왜|이유/i;

/** A sentence giving a reason or a purpose: "because", "so that", "to avoid", 为了, 以便, 因为, ため, ので, 防ぐ, 目的, 때문. */
const GIVES_REASON = /\b(?:because|so that|in order to|to (?:avoid|prevent|ensure|make sure)|prevents?|otherwise|the reason|this is why|that is why|purposes?)\b|目的|因为|因為|为了|為了|以便|否则|否則|以免|避免|防止|由于|由於|原因|ため|ので|防ぐ|避け|理由|때문|위해|이유|방지/i;

export function asksWhy(question: string): boolean {
  return ASKS_WHY.test(question);
}

/**
 * Whether the section's heading promises a reason, or the heading it is part of (为什么要有组合式 API？ › 更好的逻辑复用:
 * the reasons are its subsections); a page's title only for its intro.
 */
export function headingGivesReason(section: Pick<Section, 'headingPath' | 'pageTitle'>): boolean {
  return partHeadings(section).some((heading) => REASON_HEADING.test(heading));
}

/** The headings a section is under below its page's title; the title alone for a page's intro. */
export function partHeadings(section: Pick<Section, 'headingPath' | 'pageTitle'>): string[] {
  return section.headingPath.length < 2 ? [section.headingPath[0] ?? section.pageTitle] : section.headingPath.slice(1);
}

/** Whether a sentence gives a reason or a purpose: the one a question asking why came for. */
export function saysReason(sentence: string): boolean {
  return GIVES_REASON.test(sentence);
}
