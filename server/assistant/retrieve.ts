// What an answer is drawn from: the searches for a question (with its follow-up setting), the
// sections the reader's selection or code came from (first), and whether the docs cover the
// question at all. One owner for the decision both answerers and the `notFound` mark rely on.
import { hasUnspacedScript, termsOf, termsOfToken, wordsOf, wordTermsOf } from '../docs/analyzer.ts';
import { otherScriptForms } from '../docs/chineseScripts.ts';
import { normalizePath, pagePathsOf } from '../docs/ranking.ts';
import type { DocsIndex, SearchHit, SearchOptions, Section } from '../docs/types.ts';
import { asksDifference, comparesWithOthers } from '../docs/comparisons.ts';
import { describesProblem, isTroubleshootingEntry } from '../docs/symptoms.ts';
import { asksForExample } from '../docs/exampleRequest.ts';
import { asksForAThing, asksWhetherThereIs, namesThing, namesUnknownThing, thingForms } from './askedThing.ts';
import { besideSelection } from './besideSelection.ts';
import { clausesOf, comparesNames, headingsNamePart } from './clauses.ts';
import { type LocatedContext, locateContext, sectionsAt } from './contextSource.ts';
import { isNumberedStep, nextSteps, pageOutline } from './pageOutline.ts';
import { splitUnits } from './passages.ts';
import { insidePasted, namelessSpans } from '../docs/pastedText.ts';
import { termsOfHeading, termsOfOwnHeading, termsOfSection } from './sectionTermSets.ts';
import { continuesPrevious, focusOnContext, refersBack, retrievalFor, type Turn } from './conversation.ts';
import { asksAboutPage, contentTerms, isLoneHan, namesThePage, onlyPoints, topicWordCount } from './terms.ts';

/**
 * Below this share of the question's weight (rare words weigh most, a word no page has the most of
 * all), the best section does not answer it. Calibrated on bench/questions (out-of-scope.json
 * against the answerable sets): see bench/README.md for the rates it gives.
 */
export const MIN_COVERAGE = 0.15;
/** At or above this coverage, a name the docs never use is a detail of the question, not its topic. */
const NAME_DETAIL_COVERAGE = 0.5;
/**
 * A question asking whether the product has a thing ("Does Hono come with an admin dashboard?", "Vue 有官方的后台管理
 * 模板吗", "Vite の公式 UI コンポーネントライブラリはありますか") is answered by a section about that thing, which
 * covers much of it: below this share, the best section shares only the product's words around it (built-in, 组件,
 * plugin). Calibrated on bench/questions/existence-answerable.json (the lowest answerable: 0.35) against the
 * out-of-scope sets.
 */
const THING_COVERAGE = 0.3;
const SUGGESTIONS = 3;
/** A section comparing with others in general, this near the top, answers a question comparing with a name the docs never use. */
const COMPARING_WITHIN = 3;
/** An attached selection or code block is searched by its first this many characters. */
const CONTEXT_QUERY_CHARS = 2000;

function contextQuery(value: string): string {
  return value.slice(0, CONTEXT_QUERY_CHARS);
}
/** The share of a part of the question (withEachPart) its best section must cover to be among the sources: 0.5 missed "make it red" (0.40, the launcher's color) and moved no other answer at 0.35. */
const PART_COVERAGE = 0.35;
/** The pages of the last answer's first sources (as many as an answer quotes), or of its question's first sections, are a follow-up's setting pages. */
const SETTING_SECTIONS = 3;
/** A part's section (withEachPart), and the usage section whose example shows how when it is its page's opening. */
export interface PartSection {
  section: Section;
  usage: Section | undefined;
  /** Its headings name the part only in the docs' words for the reader's ("make it red" under the launcher's color). */
  inDocsWords: boolean;
}

export interface RetrievedDocs {
  /** Sections to answer from, best first; the context's own sections lead. */
  sections: Section[];
  /** Topic terms of the question (or of the context, for a question with none). */
  terms: string[];
  /** Terms of the previous question when this one is a short follow-up. */
  contextTerms: string[];
  /** The docs do not cover the question: say so first, and offer `suggestions`. */
  notFound: boolean;
  /** The closest pages (one section each) when `notFound`. */
  suggestions: Section[];
  /** Normalized text of each context item that was found in the docs (answers leave it out of quotes). */
  locatedContext: string[];
  /** The question only points at the attached context ("explain this"): answer from its section alone. */
  aboutContext: boolean;
  /** Names in the question no page uses (Slack, French), when the docs cover the rest of it: the answer says so. */
  unknownNames: string[];
  /** When the first section is a page's opening: the page's usage section, whose example an answer may show. */
  usage: Section | undefined;
  /** When the first section is a page's opening: the page's outline (pageOutline.ts), which an answer quoting only that opening lists. */
  outline?: readonly Section[];
  /** When the first section is a numbered step: the steps of its page after it (pageOutline.ts), which an answer quoting it lists. */
  nextSteps?: readonly Section[];
  /** The best section for each part of a question asking two things (clauses.ts), when it covers most of the part, with its page's usage section when it is the page's opening. */
  partSections?: PartSection[];
  /** The question asks about the reader's page as a whole ("summarize this page"): all its sections, in order (`sections` holds the first). */
  aboutPage?: readonly Section[];
}

/** A question about the reader's page draws on no search, no selection and no words of its own. */
function aboutReadersPage(sections: Section[], notFound: boolean, suggestions: Section[], wholePage?: readonly Section[]): RetrievedDocs {
  return { sections, terms: [], contextTerms: [], notFound, suggestions, locatedContext: [], aboutContext: false, unknownNames: [], usage: undefined, ...(wholePage ? { aboutPage: wholePage } : {}) };
}

/**
 * The reader's page summed up: its opening first, then its outline's sections, as many as an answer draws from
 * (a model sums up the page's parts, not only the subsections of its first part).
 */
function aboutPage(sections: readonly Section[], limit: number): RetrievedDocs {
  const { opening, outline } = pageOutline(sections);
  return aboutReadersPage([...(opening ? [opening] : []), ...outline].slice(0, Math.max(1, limit)), false, [], sections);
}

/** "What is this page about?" asked on a page the docs do not have, or without a page: not in the docs; their home page to try. */
function pageNotInDocs(index: DocsIndex): RetrievedDocs {
  const home = pageOutline(sectionsAt(index, '/')).opening;
  return aboutReadersPage([], true, home ? [home] : []);
}

/**
 * A reader's first question that names no topic, or names it only by a pronoun ("What is it?", "What is it for?",
 * "它是什么", "これは何ですか", "怎么用"), asks about the product the docs are about: it is read with the product's name
 * (DocsIndex.productName) after it. Searched as asked, it named nothing and was beyond the docs. Not with a word of
 * its own beside the pronoun: "Is it free?" opened on the home page's introduction, not FAQ › Is it free and open
 * source?, and "Can I try it?" not on Try the demo first (though "How do I install it?" would then open on
 * Getting started, not React, and on create-hono, not Azure Functions' CLI).
 */
function readAboutTheProduct(index: DocsIndex, question: string, history: readonly Turn[], options: SearchOptions): string {
  if (history.some((turn) => turn.role === 'user') || (options.context?.length ?? 0) > 0) return question;
  if (topicWordCount(question) > 0 && !(installsIt(question) && index.translationsIn(question).size === 0)) return question;
  const name = index.productName();
  return name === undefined ? question : `${question} ${name}`;
}

/** Words of installing or deploying: a first question with a pronoun and only these asks them of the product. */
const INSTALLING_TERMS = new Set(contentTerms('install installing installed installation setup deploy deploying deployment 安装 インストール 설치 部署 デプロイ'));

/**
 * "How do I install it?", "怎么安装它": a pronoun and no word but installing or setting up. Asked first, in the docs'
 * language, "it" is the product: searched as asked, Hono's docs opened on Azure Functions' "1. Install CLI", one of a
 * dozen platform guides'. Asked in another language, the product's name drew Vite's release posts ("Vite 8.0 is out!")
 * over its Japanese install section, and made the question beyond Vue's Chinese docs.
 */
function installsIt(question: string): boolean {
  const terms = contentTerms(question);
  return refersBack(question) && terms.length > 0 && terms.every((term) => INSTALLING_TERMS.has(term));
}

export function retrieveDocs(index: DocsIndex, question: string, history: readonly Turn[], options: SearchOptions): RetrievedDocs {
  question = readAboutTheProduct(index, question, history, options);
  // "What is this page about?" is about the reader's page: its sections, in order. With a selection attached (the
  // widget attaches whatever text is selected when it opens), only when the question says "page": "summarize
  // this" is about the selection.
  const aboutReaderPage = asksAboutPage(question) && ((options.context?.length ?? 0) === 0 || namesThePage(question));
  const readerPage = aboutReaderPage ? sectionsAt(index, normalizePath(options.currentPath)) : [];
  if (readerPage.some((section) => section.text.trim() !== '')) return aboutPage(readerPage, options.limit);
  // A page the docs do not have (one of the host site's own, or a blog index made of components) has nothing to
  // sum up: searched, "what is this page about?" found Cloudflare Pages. The docs' home page is the closest.
  if (aboutReaderPage) return pageNotInDocs(index);
  const located = locateContext(index, options.context, options);
  const asked = retrievalFor(question, history);
  // "What does this code do?" is about the code: searching its words would find pages about code blocks.
  const pointing = isPointing(question, options.context);
  const retrieval = pointing
    ? focusOnContext({ queries: (options.context ?? []).map((item) => contextQuery(item.value)), terms: [], contextTerms: [] }, options.context)
    : focusOnContext(asked, options.context);
  // A question of its own about a selection ("what does maxAge mean here?") is searched with the selection's
  // page lifted, as a follow-up is with its setting's pages: the answer is most often beside the selection.
  const aboutSelection = !pointing && located.length > 0;
  const searchOptions = aboutSelection ? { ...options, settingPages: [...(options.settingPages ?? []), ...located.map((entry) => entry.section.route)] } : options;
  const ownHits = searchAll(index, retrieval.queries, searchOptions);
  // The docs' words for the reader's ("limits" for "spamming"): shared words when judging coverage, whether a question
  // after another names a new topic and which section a question about a selection asks about, and sentences with
  // them are as much to the point.
  const alternatives = index.alternativesIn(question);
  const { setting, settingSources } = retrieval;
  const settingPages = setting === undefined ? [] : settingPagesOf(index, setting, settingSources ?? [], searchOptions);
  const newTopic = setting !== undefined && namesNewTopic(index, question, alternatives, settingPages);
  // "can I change them?" after the rate limits: the pronoun stands for the setting's topic; "How do I stream a response
  // and close it?" names what its pronoun stands for, and asks of its own.
  const pronounIsSetting = refersBack(question) && !namesWhatItRefersTo(question) && !aboutSomethingElse(index, question, alternatives, settingSources ?? []);
  const inSetting = setting === undefined || newTopic ? ownHits : withSetting(index, question, setting, settingPages, ownHits, searchOptions, pronounIsSetting);
  // A question of its own after another stays on its setting only when the setting answers it as fully as the docs
  // do elsewhere: "Does it support dark mode?" after the rate limits covers 0.61 alone and nothing there; "can I
  // change the header name?" after a request id covers as much in the request id's options as in JWT's alone. One
  // whose pronoun stands for the setting stays there: "what status code does the client get when a request exceeds it?"
  // after the timeout middleware opened on RPC's status codes, which cover more of its words.
  const settled = retrieval.mayLeaveSetting && !pronounIsSetting && (inSetting[0]?.coverage ?? 0) < (ownHits[0]?.coverage ?? 0) ? ownHits : inSetting;
  const { hits, partSections } = located.length === 0 && !pointing && setting === undefined ? withEachPart(index, question, settled, searchOptions) : { hits: settled, partSections: [] };
  const locatedSections = located.map((entry) => entry.section);
  const found = hits.map((hit) => hit.section).filter((section) => !locatedSections.some((own) => own.id === section.id));
  const beside = aboutSelection ? (namedElsewhere(index, question, located[0] as LocatedContext, options) ?? besideSelection(question, located[0] as LocatedContext, found, alternatives, index)) : undefined;
  const leading = beside ? [beside, ...locatedSections] : locatedSections;
  const sections = [...leading, ...found.filter((section) => section !== beside)].slice(0, Math.max(options.limit, leading.length));
  // Names the docs never use: past them the question is not covered, or its answer says so first. "Explain
  // this" about a passage of the docs is covered by it.
  const judged = located.length === 0 || aboutSelection;
  const unknownNames = judged ? unknownNamesIn(index, question) : [];
  // Whether the docs cover a follow-up is judged on its own hits, as for any question, ranked by score alone:
  // the rule was calibrated on that order, and a section that covers more of an off-topic question's common
  // words ("company", "behind") would pass it.
  // A question about a selection that names nothing unknown is covered whatever the search finds: not searched.
  const judgedHits = located.length === 0 || (aboutSelection && unknownNames.length > 0) ? searchAll(index, retrieval.queries, { ...options, byScoreAlone: true }) : [];
  // A question comparing with something the docs never name ("How is this different from Kapa.ai?") whose first
  // section compares with others in general (How does it compare with other docs assistants?) is answered by it, the
  // answer saying the docs do not mention the name. Such a section among the first few comes first: the parts of a
  // name (DocSearch: doc, search) found the API's Search before it.
  const differenceAsked = asksDifference(question);
  const comparingAt = differenceAsked && unknownNames.length > 0 ? sections.slice(0, COMPARING_WITHIN).findIndex(comparesWithOthers) : -1;
  if (comparingAt > 0) sections.unshift(...sections.splice(comparingAt, 1));
  const comparing = differenceAsked && sections[0] !== undefined && comparesWithOthers(sections[0]);
  // A question whether there is a thing (askedThing.ts) opens on the first section that names it. When none among them
  // does, or the thing is a word no page has, the docs do not say there is one.
  const asksThing = located.length === 0 && asksForAThing(question);
  const thing = asksThing ? thingForms(index, question, alternatives) : undefined;
  const thingAt = thing ? sections.findIndex((section) => namesThing(section, thing)) : -1;
  if (thingAt > 0) sections.unshift(...sections.splice(thingAt, 1));
  const thingBeyond = asksThing && ((thing !== undefined && thingAt < 0) || namesUnknownThing(index, question, namesIn(question), alternatives));
  const notFound = located.length === 0 ? !covers(index, question, judgedHits, unknownNames, alternatives, comparing, { beyond: thingBeyond, named: thingAt >= 0 }) : aboutSelection && !namesCovered(index, judgedHits, unknownNames, alternatives);
  return {
    sections,
    terms: [...new Set([...retrieval.terms, ...[...alternatives.values()].flat()])],
    contextTerms: retrieval.contextTerms,
    notFound,
    suggestions: notFound ? closestSections(index, question, located, unknownNames, hits, searchOptions) : [],
    locatedContext: located.map((entry) => entry.text),
    aboutContext: pointing && located.length > 0,
    unknownNames: notFound ? [] : unknownNames,
    ...(partSections.length > 0 && !notFound ? { partSections } : {}),
    // A reader asking about a selection is on its page, its examples in front of them.
    usage: notFound || located.length > 0 ? undefined : usageOf(index, sections[0], asksForExample(question)),
    ...(notFound || located.length > 0 ? {} : outlineOf(index, sections[0])),
    ...(notFound || located.length > 0 ? {} : nextStepsOf(index, sections[0])),
  };
}

/** The outline of the page `section` opens (pageOutline.ts); nothing for another section, or a page of one section. */
function outlineOf(index: DocsIndex, section: Section | undefined): { outline?: readonly Section[] } {
  if (!section || section.headingPath.length !== 1) return {};
  const { opening, outline } = pageOutline(index.page(section.route)?.sections ?? []);
  return opening?.id === section.id && outline.length > 0 ? { outline } : {};
}

/** The steps of its page after `section` when it is a numbered step (pageOutline.ts, nextSteps). */
function nextStepsOf(index: DocsIndex, section: Section | undefined): { nextSteps?: readonly Section[] } {
  if (!section || !isNumberedStep(section)) return {};
  const steps = nextSteps(index.page(section.route)?.sections ?? [], section);
  return steps.length > 0 ? { nextSteps: steps } : {};
}

/**
 * The closest pages for a question beyond the docs, one section each. A question about a selection is pointed back to
 * the selection's section first ("can I keep them in MySQL instead?" about where threads are kept, whose section names
 * the database the docs support); the next are what the selection's words find, then the question's, and may be other
 * sections of its page: the question's own words, past the name, were "can I use for this instead?", which found
 * React's pages for "an embedded database", and one section a page left out Threads and storage, beside the selection.
 * A name the docs never use is left out of the search ("Does it integrate with Slack?" suggested Shadows and stacking).
 */
function closestSections(index: DocsIndex, question: string, located: readonly LocatedContext[], unknownNames: readonly string[], hits: readonly SearchHit[], options: SearchOptions): Section[] {
  const locatedSections = located.map((entry) => entry.section);
  const found = unknownNames.length > 0 ? searchAll(index, [...located.map((entry) => contextQuery(entry.value)), withoutNames(question, unknownNames)], options) : hits;
  return [...locatedSections, ...onePerPage(found.map((hit) => hit.section).filter((section) => !locatedSections.includes(section)))].slice(0, SUGGESTIONS);
}

/** Headings of a page's usage section, in the docs' languages (Hono's "Usage", Vue's 基本用法). */
const USAGE_HEADINGS = new Set(['usage', 'basic usage', 'example', 'examples', 'how to use', '使い方', '基本的な使い方', '用法', '基本用法', '使用方法', '示例']);
/** A usage section comes right after the opening and an import or two. */
const USAGE_WITHIN = 3;
/** A code unit's opening fence and the language it names (```ts, ```js [vite.config.js], ```sh [npm]). */
const FENCE_LANGUAGE = /^\s*(?:`{3,}|~{3,})[ \t]*([^\s`{[]*)/;
/** Languages of commands to type, which show no program: a page's install step is not its example. */
const SHELL_LANGUAGES = new Set(['sh', 'bash', 'shell', 'console', 'zsh', 'powershell', 'ps1', 'cmd', 'bat']);

/** Whether a section's text holds a fenced block of code other than shell commands, its blocks as passages.ts cuts them. */
function holdsProgram(text: string): boolean {
  return splitUnits(text).some((unit) => unit.kind === 'code' && !SHELL_LANGUAGES.has((FENCE_LANGUAGE.exec(unit.text)?.[1] ?? '').toLowerCase()));
}

/**
 * The usage section among the first sections after a page's opening, when `section` is that opening or comes
 * after the usage section on its page with no code of its own (an option, "credentials: boolean", says what it
 * sets, the usage how: "how do I allow credentials?" quoted one line on the Access-Control-Allow-Credentials
 * header and no code).
 */
function usageOf(index: DocsIndex, section: Section | undefined, asksExample = false): Section | undefined {
  if (!section) return undefined;
  const sections = index.page(section.route)?.sections ?? [];
  const position = sections.findIndex((candidate) => candidate.id === section.id);
  if (position < 0) return undefined;
  const opening = sections.findIndex((candidate) => candidate.headingPath.length === 1);
  if (opening < 0) return undefined;
  const near = sections.slice(opening + 1, opening + 1 + USAGE_WITHIN);
  let usage = near.findIndex((candidate) => candidate.headingPath.length === 2 && USAGE_HEADINGS.has((candidate.headingPath[1] ?? '').trim().toLowerCase()));
  // A reader asking for an example of a page whose opening shows none and that has no usage heading: its first section
  // with code ("Sample code for an RPC client" opened on RPC's opening, all prose, its code in Server and Client below),
  // other than commands (Cloudflare Workers' "1. Setup" runs npm create; its "2. Hello World" is the app).
  if (usage < 0 && asksExample && position === opening && !section.text.includes('```')) usage = near.findIndex((candidate) => holdsProgram(candidate.text));
  if (usage < 0) return undefined;
  // A later section with code of its own shows how already (Vue's 多个 Teleport 共享目标, whose page's 基本用法 opens on
  // the HTML it starts from).
  const later = position > opening + 1 + usage && !section.text.includes('```');
  return position === opening || later ? sections[opening + 1 + usage] : undefined;
}

/** "explain this", "what does this code do?": no topic of its own beyond the attached context. */
function isPointing(question: string, context: SearchOptions['context']): boolean {
  return (context?.length ?? 0) > 0 && onlyPoints(question);
}

/**
 * Whether the best section answers the question: it covers enough of the question's weight, no name in
 * the question (Slack, SAML, Kafka) is unknown to the docs and to the readers' words (a name nobody wrote
 * about is the surest sign the question is about something else), and a question with a word no page has
 * shares more than that with its best section. Or it compares with others, and the first section does too.
 * A question whether there is a thing is beyond the docs when `thing.beyond`, and one of its sections names it when
 * `thing.named` (retrieveDocs).
 */
function covers(index: DocsIndex, question: string, hits: readonly SearchHit[], unknownNames: readonly string[], alternatives: ReadonlyMap<string, readonly string[]>, comparing: boolean, thing: { beyond: boolean; named: boolean }): boolean {
  const best = hits[0];
  if (!best) return false;
  if (comparing) return true;
  if (best.coverage < MIN_COVERAGE) return false;
  // However much of it the best section covers: the thing is the question's topic (names go by the rule below).
  if (thing.beyond) return false;
  // A section that covers most of the question's weight answers it even past one unknown name:
  // "the widget's labels in French" is about the labels.
  if (best.coverage >= NAME_DETAIL_COVERAGE) return true;
  // Past the words framing it (built-in, official), a section naming the thing covers little of such a question.
  if (!thing.named && asksWhetherThereIs(question) && best.coverage < THING_COVERAGE) return false;
  if (unknownNames.some((name) => !readersKnow(index, name, alternatives)) && !aboutKnownName(index, question, unknownNames, best.section)) return false;
  return !offTopic(index, question, best.section, alternatives) || answersProblem(question, best.section, alternatives);
}

/**
 * Whether the best section is about a name of the question the docs know (its own heading names it): then the names no
 * page has are the reader's setting around it, not the topic. "Our docs are built with Docusaurus and deployed on
 * Netlify; … Where does the script go?" was beyond the docs through Netlify, Recipes › Docusaurus first; the answer says
 * the docs do not mention Netlify. Not the product's name, which every section is about, nor a name beside the unknown
 * one (React Native).
 */
function aboutKnownName(index: DocsIndex, question: string, unknownNames: readonly string[], section: Section): boolean {
  // In Chinese or Japanese every Latin word counts as a name (namesIn), a pasted error's words too: "Firebase へのデプロイで
  // Error: HTTP Error: 403, Permission denied が出る" is about the error, which Vite's Firebase steps do not cover.
  if (hasUnspacedScript(question)) return false;
  const unknown = new Set(unknownNames.map((name) => name.toLowerCase()));
  const headingTerms = termsOfOwnHeading(section);
  const asked = question.toLowerCase();
  return namesIn(question).some((name) => {
    if (unknown.has(name.toLowerCase())) return false;
    // Beside an unknown name it is part of another name: React Native is not React.
    if (unknownNames.some((other) => asked.includes(`${name} ${other}`.toLowerCase()) || asked.includes(`${other} ${name}`.toLowerCase()))) return false;
    const terms = termsOf(name);
    return terms.length > 0 && !terms.some((term) => index.isProductName(term)) && headingTerms.has(terms[0] as string);
  });
}

/**
 * Whether the docs cover a question about a selection, as far as the names in it tell: the selection sets its
 * topic, so a question of few words of its own ("how do I make it expire after an hour?" about `setCookie`)
 * is not judged by how much of it the best section covers, but a name no page uses still takes it beyond the
 * docs ("can it send the logs to Datadog?" about the logger's example), unless the best section covers most
 * of it (then the answer says the docs do not mention the name: "can these routes be called over gRPC?").
 * Measured on bench/questions/selection-out-of-scope.json against the two answerable selection sets.
 */
function namesCovered(index: DocsIndex, hits: readonly SearchHit[], unknownNames: readonly string[], alternatives: ReadonlyMap<string, readonly string[]>): boolean {
  return (hits[0]?.coverage ?? 0) >= NAME_DETAIL_COVERAGE || unknownNames.every((name) => readersKnow(index, name, alternatives));
}

/** Names of the question no page has exactly: typo tolerance is for readers' slips, and a name one letter from a docs word (Slack, stack; COBOL, color) is another name. */
function unknownNamesIn(index: DocsIndex, question: string): string[] {
  const names = new Map<string, string>();
  for (const name of namesIn(question)) if (index.unknownWords(name, { exact: true }).length > 0) names.set(name.toLowerCase(), name);
  return [...names.values()];
}

/**
 * Whether the readers' words know a name the docs never use (HSTS => strict-transport-security, VPS =>
 * host, French => language: synonyms.ts): the question is about the docs' topic under another name, though
 * the answer still says the docs do not mention it.
 */
function readersKnow(index: DocsIndex, name: string, alternatives: ReadonlyMap<string, readonly string[]>): boolean {
  // The readers' words for the whole name know its parts: iPhone (=> mobile) is read as iphon and phone too.
  const whole = termsOf(name)[0];
  return (whole !== undefined && alternatives.has(whole)) || index.unknownWords(name, { exact: true }).every((term) => alternatives.has(term));
}

/**
 * A word of the question no page has, not even with a typo (invoice, airplane), while the best section
 * has only one of the question's words, and fewer than half of them: "Can I pay for a support contract by
 * invoice?" found a page only through "support". A two-word question with one such word is judged by
 * whether the section is about the other ("brand colors" under Colors is answerable; "voice input" found
 * "input" in passing): measured on bench/questions/held-out.json as well as the sets
 * MIN_COVERAGE was calibrated on (bench/README.md). The product's name (isProductName: in most sections) is not
 * counted as shared: "How do I train a machine learning model with Hono?" was answered through "Hono".
 * Every word known to the docs, a question of three or more is off topic when the best section shares one of
 * them at most and is about none (its heading or page title): "What is Hono's pricing for the hosted
 * version?" was answered from "Who is using Hono?" through "hosted". A Chinese or Japanese question with a word no
 * page has is judged by its words too, without their character pairs and the words framing a request
 * (sharesFewWords): "Vue 怎么实现支付功能" shared 实现 and 功能 and two pairs with a section on web components.
 */
function offTopic(index: DocsIndex, question: string, section: Section, alternatives: ReadonlyMap<string, readonly string[]>): boolean {
  const allKnown = index.unknownWords(question).length === 0;
  const terms = contentTerms(question);
  const sectionTerms = termsOfSection(section);
  // A Chinese word the section writes in the other script is the same word (a synonym would not be).
  // A word in most sections (the product's name: Hono, Vite, Vue) is shared by any section it finds.
  const telling = (term: string) => !index.isProductName(term);
  // A docs' word for a reader's word (a synonym: shrink => compress) is shared when the section is about it:
  // in its heading or page title. In passing in its text it is weak evidence ("uptime" found "health" there).
  const alternativeInHeading = headingNames(section, alternatives, false);
  const inHeading = headingNames(section, alternatives);
  const aboutOne = terms.some((term) => telling(term) && inHeading(term));
  // Asked in another language than the docs', the docs' word for a reader's word is that word (按钮 is button), in
  // the text of a section about another of its words: "怎么改按钮颜色" under Colors, whose table says button.
  const translations = aboutOne ? index.translationsIn(question) : new Map<string, readonly string[]>();
  const translated = (term: string) => (translations.get(term) ?? []).some((word) => sectionTerms.has(word));
  const found = (term: string) => sectionTerms.has(term) || otherScriptForms(term).some((form) => sectionTerms.has(form)) || alternativeInHeading(term) || translated(term);
  const shared = terms.filter((term) => telling(term) && found(term)).length;
  if (allKnown) return shared <= 1 && terms.filter(telling).length >= 3 && !aboutOne;
  // Two words, one of them no page's: answerable when the section is about the other ("brand colors" under
  // Colors), not when it has it in passing ("voice input" found "input" in a list of CSS variables), nor when its
  // heading names another kind of it ("What is your refund policy?" was answered from Content Security Policy).
  if (terms.length === 2 && shared === 1) return !terms.some((term) => telling(term) && headingIsMostly(section, term, alternatives));
  if (hasUnspacedScript(question) && sharesFewWords(question, terms.filter(telling), found)) return true;
  return shared <= 1 && shared * 2 < terms.length;
}

/**
 * Words that frame a Chinese or Japanese request for something (实现 … 功能, 接入, 機能を実装): docs say them on any
 * topic, so they are no topic the section shares. "Vue 怎么实现支付功能" (payments) was answered through 实现 and 功能 from
 * a section on TypeScript and web components; its topic, 支付, is no page's.
 */
const CJK_FRAME_WORDS: ReadonlySet<string> = new Set(termsOf('实现 實現 功能 开发 開發 应用 應用 使用 支持 接入 对接 実装 機能 追加 作成 利用 導入'));

/**
 * A Chinese or Japanese question's words (not its character pairs, which cross words: 现支 in 实现支付) other than
 * those framing a request, of which the section shares one at most and fewer than half.
 */
function sharesFewWords(question: string, terms: readonly string[], found: (term: string) => boolean): boolean {
  const words = new Set(wordTermsOf(question));
  const counted = terms.filter((term) => words.has(term) && !CJK_FRAME_WORDS.has(term));
  const shared = counted.filter(found).length;
  return shared <= 1 && shared * 2 < counted.length;
}

/**
 * A reader describing a problem, answered by the troubleshooting entry about it: "Ctrl+I を押しても何も起きない"
 * found The keyboard shortcut does not open the dialog through Ctrl alone (the docs' shortcut), and the words
 * telling what went wrong (押して, 起きない), which English docs never use, made it off topic.
 */
function answersProblem(question: string, section: Section, alternatives: ReadonlyMap<string, readonly string[]>): boolean {
  return isTroubleshootingEntry(section) && describesProblem(question) && contentTerms(question).some(headingNames(section, alternatives));
}

/**
 * Whether the section's own heading or its page's title is about the term (or a docs' word for it): names it with one
 * other word at most ("Colors", "Change the colors"). A heading of more words names a kind of it: "Content Security
 * Policy (CSP)" is no answer to a refund policy, as "Colors" is to brand colors. A Chinese or Japanese heading is about
 * any word it names: its terms hold character pairs, and its words are not counted as English ones are.
 */
function headingIsMostly(section: Section, term: string, alternatives: ReadonlyMap<string, readonly string[]>): boolean {
  const forms = [term, ...(alternatives.get(term) ?? [])];
  return [
    [section.headingPath.at(-1) ?? '', termsOfOwnHeading(section)] as const,
    [section.pageTitle, new Set(termsOf(section.pageTitle))] as const,
  ].some(([text, heading]) => (hasUnspacedScript(text) || heading.size <= MOSTLY_HEADING_TERMS) && forms.some((form) => heading.has(form)));
}

/** A heading about one word has it and one other at most. */
const MOSTLY_HEADING_TERMS = 2;

/** Whether the section's heading (or page title) names a question term, itself or (with `itself` false, only) by one of the docs' words for it. */
function headingNames(section: Section, alternatives: ReadonlyMap<string, readonly string[]>, itself = true): (term: string) => boolean {
  const headingTerms = termsOfHeading(section);
  return (term) => (itself && headingTerms.has(term)) || (alternatives.get(term) ?? []).some((alternative) => headingTerms.has(alternative));
}

const SIZE_UNIT = /^[kKMGTP]i?B$/;
const LATIN_WORD = /[A-Za-z][A-Za-z0-9+#.-]*[A-Za-z0-9+#]|[A-Za-z]{2,}/g;

/**
 * Names in a question: words with a capital past a sentence's first word (Slack, OAuth), all-capitals
 * (SAML, HIPAA), and, in Chinese or Japanese text, every Latin word (there they are names: MySQL). Not
 * the names in what the reader pasted (pastedText.ts): "Error: listen EADDRINUSE", a URL's host, an
 * English warning inside a Chinese question.
 */
export function namesIn(question: string): string[] {
  const names: string[] = [];
  const unspaced = hasUnspacedScript(question);
  const pasted = namelessSpans(question);
  // A sentence ends at a stop before a space or the end: "Kapa.ai" and "Next.js" are names, not two sentences.
  for (const sentenceMatch of question.matchAll(/(?:[^.?!。？！]|[.?!](?=[^\s.?!]))*(?:[.?!。？！]+\s*|$)/gu)) {
    const sentence = sentenceMatch[0];
    let first = true;
    for (const match of sentence.matchAll(LATIN_WORD)) {
      const word = match[0].replace(/[.-]+$/, '');
      const sentenceStart = first && sentence.slice(0, match.index).trim() === '';
      first = false;
      if (word.length < 2) continue;
      const start = sentenceMatch.index + match.index;
      if (insidePasted(pasted, start, start + word.length)) continue;
      // A unit of size ("over 50 MB") is a measure, not a name: docs write sizes in code (50 * 1024) or in kB.
      if (SIZE_UNIT.test(word)) continue;
      // In Chinese or Japanese text, two Latin letters are mostly common abbreviations (PC, UI, OK).
      if (unspaced ? word.length > 2 : /^[A-Z0-9]{2,}s?$/.test(word) || (!sentenceStart && /[A-Z]/.test(word))) names.push(word);
    }
  }
  return names;
}

/**
 * The question without the names the docs never use, to find pages worth suggesting: searched with them,
 * "Does it integrate with Slack?" suggested Theming › Shadows and stacking, a typo's reach from "Slack".
 */
function withoutNames(question: string, names: readonly string[]): string {
  let rest = question;
  for (const name of names) rest = rest.replaceAll(name, ' ');
  return rest;
}

/**
 * A follow-up's hits: searched with the question it follows as context first, then its own. Its setting's
 * pages are those the last answer was drawn from, when the conversation kept its sources (an answer about a
 * selection came from the selection's page, which its question alone may not find); else the pages of that
 * question's first sections.
 */
/** The pages of the last answer's first sources, or, without them, of the sections the question before finds. */
function settingPagesOf(index: DocsIndex, setting: string, settingSources: readonly string[], options: SearchOptions): string[] {
  const fromSources = settingSources.slice(0, SETTING_SECTIONS).flatMap((url) => normalizePath(url.replace(/#.*$/, '')) ?? []);
  return fromSources.length > 0 ? fromSources : index.search(setting, { ...options, limit: SETTING_SECTIONS }).map((hit) => hit.section.route);
}

function withSetting(index: DocsIndex, question: string, setting: string, settingPages: readonly string[], ownHits: readonly SearchHit[], options: SearchOptions, pronounIsSetting: boolean): SearchHit[] {
  // A follow-up whose words are in the title of the page it finds alone, another than its setting's ("what about
  // bearer tokens?" after basic auth, "and on Bun?"), may leave its setting; one that names no other page ("can I
  // turn one of them off?" after security headers, "有哪些钩子？" after custom directives) is about the setting's
  // pages: they are lifted the more. bench/questions/conversations.json 16 -> 18 of 21 second turns, 14 -> 16 third;
  // conversations-2.json 6 -> 8 and 7 -> 8 of 13 (9 once the setting's headings counted); the follow-up sets lose one of 83.
  const elsewhere = ownHits[0]?.section;
  const inSetting = index.search(question, {
    ...options,
    context: [...(options.context ?? []), { type: 'textSelection', value: setting }],
    settingPages: [...new Set([...(options.settingPages ?? []), ...settingPages])],
    ...(elsewhere && namesOtherPage(index, question, elsewhere, settingPages) ? {} : { staysOnSetting: true }),
    // "can I change them?": "them" is the setting's topic, whose words then weigh as the follow-up's own
    // (conversations.json 18 -> 19 of 21 second turns; nothing else moves).
    ...(pronounIsSetting ? { contextWeight: 1 } : {}),
  });
  return distinctHits([inSetting, ownHits], options.limit);
}

/**
 * A thing the question introduces ("a response", "an assistant key", "my routes"), then, past a comma or an "and", a
 * pronoun: what it stands for is that thing ("How do I stream a response and close it?", "I have an assistant key,
 * where do I put it?"), not the last question's topic. English only; "when a request exceeds it" is no such pair.
 */
const NAMES_WHAT_IT_REFERS_TO = /\b(?:a|an|my|your|some)\s[^,.?!;]*?(?:,|\band\b)[^.?!]*\b(?:it|them)\b/i;

function namesWhatItRefersTo(question: string): boolean {
  return NAMES_WHAT_IT_REFERS_TO.test(question);
}

/**
 * Whether a follow-up with a pronoun asks about something the last answer's sections never mention: none of its words
 * (in any of their forms) is in them, and one is in the docs. "Does it work on mobile?" after "what about the font?"
 * asks about the widget, not the font: its setting's words weighed as its own and opened it on the font variables.
 */
function aboutSomethingElse(index: DocsIndex, question: string, alternatives: ReadonlyMap<string, readonly string[]>, settingSources: readonly string[]): boolean {
  const sourceSections = settingSources.slice(0, SETTING_SECTIONS).flatMap((url) => {
    const route = normalizePath(url.replace(/#.*$/, ''));
    const anchor = anchorOf(url);
    return sectionsAt(index, route).filter((section) => anchor === undefined || section.anchor === anchor);
  });
  if (sourceSections.length === 0) return false;
  const forms = ownWordForms(question, alternatives);
  if (!forms.some((word) => word.some((form) => index.sectionShare(form) > 0))) return false;
  return !forms.some((word) => sourceSections.some((section) => word.some((form) => termsOfSection(section).has(form))));
}

/** A source URL's anchor, decoded; as written when it does not decode (the conversation's URLs come from the client). */
function anchorOf(url: string): string | undefined {
  const anchor = /#(.*)$/.exec(url)?.[1];
  if (anchor === undefined) return undefined;
  try {
    return decodeURIComponent(anchor);
  } catch {
    return anchor;
  }
}

/** Each topic word of a question by its first term, with the docs' words for it (a lone Han character left out: too common to tell). */
function ownWordForms(question: string, alternatives: ReadonlyMap<string, readonly string[]>): string[][] {
  const own = new Set(contentTerms(question));
  return wordsOf(question)
    .filter((word) => !isLoneHan(word))
    .flatMap((word) => termsOfToken(word).slice(0, 1))
    .filter((term) => own.has(term))
    .map((term) => [term, ...(alternatives.get(term) ?? [])]);
}

/**
 * Whether a question after another, not worded as its next step ("and…", 那…呢) nor naming it by a pronoun, names
 * only what its setting's pages never mention, though other pages do: none of its words, in any of their forms (a
 * synonym, the other Chinese script), is in their sections, and one of them is in the docs. "怎么做淡入淡出" after
 * computed properties: searched in its setting, the setting's pages came first. A word is taken by its first term (web
 * and socket in WebSocket are not words of their own), and a lone Han character (做, do) is too common to tell.
 */
function namesNewTopic(index: DocsIndex, question: string, alternatives: ReadonlyMap<string, readonly string[]>, settingPages: readonly string[]): boolean {
  if (continuesPrevious(question) || refersBack(question)) return false;
  const words = ownWordForms(question, alternatives);
  if (!words.some((forms) => forms.some((form) => index.sectionShare(form) > 0))) return false;
  const settingSections = settingPages.flatMap((route) => index.page(route)?.sections ?? []);
  return !words.some((forms) => settingSections.some((section) => forms.some((form) => termsOfSection(section).has(form))));
}

/**
 * The counterpart on another page that a question about a selection asks for, naming that page ("プレビューのときのポー
 * トは？" over server.port's sentence: preview.port, on the page titled プレビューのオプション): searched alone, its best
 * section is on a page whose title holds a word of the question that no heading of the selection's page has
 * (namesOtherPage), and its heading shares a word with the selection's section's (port). Without that, a word of any
 * page's title took questions about the selection away: "does it work with streaming responses?" over the timeout
 * middleware to the streaming helper, "会有性能问题吗" over deep watchers to the performance guide.
 */
function namedElsewhere(index: DocsIndex, question: string, own: LocatedContext, options: SearchOptions): Section | undefined {
  const { context: _context, currentPath: _currentPath, settingPages: _settingPages, ...alone } = options;
  const elsewhere = index.search(question, { ...alone, limit: 1 })[0]?.section;
  if (!elsewhere || !namesOtherPage(index, question, elsewhere, [own.section.route])) return undefined;
  const ownHeading = new Set(wordTermsOf(own.section.headingPath.at(-1) ?? ''));
  return wordTermsOf(elsewhere.headingPath.at(-1) ?? '').some((term) => ownHeading.has(term)) ? elsewhere : undefined;
}

/**
 * Whether a follow-up names a page other than its setting's: one of its words is in the title of `elsewhere`, the
 * page it finds alone, and no setting page heads a section with that word. A word the setting's pages head a
 * section with is theirs too: "and from a cookie instead?" after the JWT middleware (whose options include
 * `cookie`) stays.
 */
function namesOtherPage(index: DocsIndex, question: string, elsewhere: Section, settingPages: readonly string[]): boolean {
  // Setting pages are routes or published paths (a source URL's, with the site's base path), as pageBoost reads them.
  if (pagePathsOf(elsewhere).some((pagePath) => settingPages.includes(pagePath))) return false;
  const asked = new Set(contentTerms(question));
  const named = wordTermsOf(elsewhere.pageTitle).filter((term) => asked.has(term));
  if (named.length === 0) return false;
  const settingHeadings = new Set(settingPages.flatMap((route) => index.page(route)?.sections ?? []).flatMap((section) => wordTermsOf(section.headingPath.at(-1) ?? '')));
  return named.some((term) => !settingHeadings.has(term));
}

/**
 * A question asking two things (clauses.ts) finds the sections of each: searched whole, "How do I enable CORS and also
 * protect my routes with basic auth?" found five about basic auth, whose words are more of the question's. Each
 * part's best section, when it covers half of the part and its headings name a word of it other than a verb, follows
 * the first hit unless the hits already have it.
 */
function withEachPart(index: DocsIndex, question: string, hits: readonly SearchHit[], options: SearchOptions): { hits: SearchHit[]; partSections: PartSection[] } {
  const parts = clausesOf(question);
  if (parts.length < 2 || hits.length === 0) return { hits: [...hits], partSections: [] };
  const found = new Set(hits.map((hit) => hit.section.id));
  const added: SearchHit[] = [];
  const partSections: PartSection[] = [];
  const compares = comparesNames(question);
  for (const part of parts) {
    const best = index.search(part, { ...options, limit: 1 })[0];
    // The docs' words for the part's words name it too (resolve.alias for エイリアス).
    const terms = termsOf(part);
    const alternatives = index.alternativesIn(part);
    const headings = best?.section.headingPath ?? [];
    const namedAsAsked = headingsNamePart(headings, terms);
    // A name compared is found as written: "ref 和 reactive 该用哪个" is not about template refs (模板引用), though 引用 is ref's word.
    const namedInDocsWords = !compares && headingsNamePart(headings, terms.flatMap((term) => alternatives.get(term) ?? []));
    if (!best || best.coverage < PART_COVERAGE || !(namedAsAsked || namedInDocsWords)) continue;
    // A page's opening says what it is for, its usage section how: "enable CORS" quoted the CORS page's intro alone.
    partSections.push({ section: best.section, usage: usageOf(index, best.section), inDocsWords: !namedAsAsked });
    if (found.has(best.section.id)) continue;
    found.add(best.section.id);
    added.push(best);
  }
  const merged = [...hits.slice(0, 1), ...added, ...hits.slice(1)].slice(0, Math.max(options.limit, hits.length));
  return { hits: compares ? comparingFirst(parts, merged) : merged, partSections };
}

/** Whether a section's own heading has every one of `terms`, one of them other than a verb. */
function ownHeadingNames(section: Section, terms: readonly string[]): boolean {
  const heading = new Set(termsOf(section.headingPath.at(-1) ?? ''));
  return terms.every((term) => heading.has(term)) && headingsNamePart(section.headingPath.slice(-1), terms);
}

/**
 * Two names compared: a section whose own heading names each of them ("v-if vs. v-show" for "v-if 和 v-show 有什么不同")
 * is the docs' comparison, and comes first; searched whole, the question opened on v-show's own section.
 */
function comparingFirst(parts: readonly string[], hits: SearchHit[]): SearchHit[] {
  const partTerms = parts.map((part) => termsOf(part)).filter((terms) => terms.length > 0);
  if (partTerms.length < 2) return hits;
  // Every word of each name, not one of them: baseRoutePath() names "route" of app.route(), not "app".
  const comparing = hits.findIndex((hit) => partTerms.every((terms) => ownHeadingNames(hit.section, terms)));
  return comparing > 0 ? [hits[comparing] as SearchHit, ...hits.slice(0, comparing), ...hits.slice(comparing + 1)] : hits;
}

/** Runs each query and keeps the distinct hits, earlier queries first. */
function searchAll(index: DocsIndex, queries: readonly string[], options: SearchOptions): SearchHit[] {
  return distinctHits(
    queries.map((query) => index.search(query, options)),
    options.limit,
  );
}

/** The first `limit` distinct sections' hits, earlier lists first. */
function distinctHits(lists: readonly (readonly SearchHit[])[], limit: number): SearchHit[] {
  const hits = new Map<string, SearchHit>();
  for (const hit of lists.flat()) {
    if (hits.size >= limit) break;
    if (!hits.has(hit.section.id)) hits.set(hit.section.id, hit);
  }
  return [...hits.values()];
}

function onePerPage(sections: readonly Section[]): Section[] {
  const seen = new Set<string>();
  return sections.filter((section) => !seen.has(section.file) && seen.add(section.file));
}
