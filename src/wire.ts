// The wire contract: every fact the widget (src/) and the reference server (server/) share about the
// discovery API: paths, header names, the public-key marker, limits, request bodies and the finish
// chunk. Both sides import it; the server's request schema is checked against these types at compile
// time (server/assistant/schema.ts). Only constants and types: nothing here runs in the widget's bundle
// beyond what it imports (a few strings and one small function).

/** A piece of page context the reader attached to a question. */
export type AssistantContextItem = {
  type: 'code' | 'textSelection';
  value: string;
  path?: string;
  elementId?: string;
};

/** Filter criteria applied to the docs' frontmatter metadata; a null field constrains nothing. */
export interface AssistantFilter {
  version?: string | null;
  language?: string | null;
  groups?: string[] | null;
  [field: string]: string | number | boolean | string[] | null | undefined;
}

/**
 * A message of the conversation as clients send it: AI SDK 5+ `UIMessage`s (`parts`) or AI SDK 4
 * messages (`content`); any other key is accepted and ignored.
 */
// A type, not an interface: only object types are assignable to the server's loose (index-signed) schema types.
export type AssistantRequestMessage = {
  id?: string;
  role: string;
  parts?: { type: string }[];
  content?: string;
};

/** The JSON body of `POST /discovery/v2/assistant/{domain}/message` (and of v1, with AI SDK 4 messages). */
export type AssistantRequestBody = {
  fp: string;
  messages: AssistantRequestMessage[];
  threadId?: string | null;
  threadKey?: string;
  retrievalPageSize?: number;
  filter?: AssistantFilter | null;
  context?: AssistantContextItem[];
  currentPath?: string;
};

/** Status of an agent job. */
export type AgentJobStatus = 'active' | 'completed' | 'archived' | 'failed';

/** An agent job as the admin API returns it. */
export interface AgentJob {
  id: string;
  status: AgentJobStatus;
  source: { repository: string; ref: string | null };
  model: string;
  prLink: string | null;
  createdAt: string;
  archivedAt: string | null;
  error?: string;
  /** Beyond the OpenAPI: the agent's reply to its latest finished turn (what it changed, or why nothing). */
  lastMessage?: string;
}

/** Marks a public assistant key: `<prefix>_dsc_...` (an admin key has no such marker and never goes to a browser). */
export const PUBLIC_KEY_MARKER = '_dsc_';

/** Response headers carrying the thread (besides the finish chunk) and its secret key (`--thread-keys`). */
export const THREAD_ID_HEADER = 'X-Thread-Id';
export const THREAD_KEY_HEADER = 'X-Thread-Key';

/** The most characters of `currentPath` the API accepts. */
export const CURRENT_PATH_MAX_LENGTH = 200;
/** Default number of search results that feed an answer. */
export const DEFAULT_RETRIEVAL_PAGE_SIZE = 5;

/** The longest question the server takes; the widget refuses a longer one before sending (its own constant, so the widget's bundle holds no other limit). */
export const QUESTION_MAX_LENGTH = 8_000;

/** Limits of the request body the server enforces (400 naming the field beyond them). */
export const REQUEST_LIMITS = {
  fpLength: 500,
  messages: 500,
  questionLength: QUESTION_MAX_LENGTH,
  threadIdLength: 200,
  retrievalPageSizeMax: 20,
  contextItems: 20,
  contextValueLength: 20_000,
  contextPathLength: 1_000,
  contextElementIdLength: 500,
  currentPathLength: CURRENT_PATH_MAX_LENGTH,
} as const;

/**
 * The discovery API's routes below a base URL (`https://api.mintlify.com` or a self-hosted server),
 * with `{domain}` for the site's domain identifier. `siteConfig` is beyond the platform's OpenAPI.
 */
export const DISCOVERY_ROUTES = {
  /** AI SDK 5+ UI message stream. */
  messageV2: '/discovery/v2/assistant/{domain}/message',
  /** AI SDK 4 data stream. */
  messageV1: '/discovery/v1/assistant/{domain}/message',
  siteConfig: '/discovery/v2/assistant/{domain}/config',
  /** Beyond the OpenAPI: a reader's rating of an answer (POST, assistant key); the ratings (GET, admin key). */
  feedback: '/discovery/v2/assistant/{domain}/feedback',
  search: '/discovery/v1/search/{domain}',
  page: '/discovery/v1/page/{domain}',
} as const;

export type DiscoveryRoute = keyof typeof DISCOVERY_ROUTES;

/** `discoveryUrl('https://docs.example/', 'messageV2', 'acme')` -> `https://docs.example/discovery/v2/assistant/acme/message`. */
export function discoveryUrl(baseUrl: string, route: DiscoveryRoute, domain: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${DISCOVERY_ROUTES[route].replace('{domain}', encodeURIComponent(domain))}`;
}

/** What the `finish` chunk's `messageMetadata` carries. `notFound` is present (true) only when the docs do not cover the question. */
export interface AnswerMetadata {
  threadId: string;
  notFound?: true;
}

/** The last chunk of an answer: the platform's documented top-level `threadId`, and the same in `messageMetadata`. */
export interface AnswerFinishChunk {
  type: 'finish';
  finishReason: 'stop' | 'error';
  threadId: string;
  messageMetadata: AnswerMetadata;
}

/** `POST .../assistant/{domain}/feedback` (beyond the OpenAPI): a reader's rating of one answer. */
export type FeedbackRequestBody = {
  threadId: string;
  threadKey?: string;
  /** The answer's id (the `start` chunk's `messageId`). */
  messageId: string;
  rating: 'up' | 'down';
  /** Why, in the reader's words (on thumbs-down). */
  reason?: string;
};

export const FEEDBACK_REASON_MAX_LENGTH = 1_000;

/** `GET .../assistant/{domain}/config` (beyond the OpenAPI): from the site's `assistant.md`. */
export interface SiteConfig {
  siteName: string | null;
  starterQuestions: string[];
}

/** The JSON body of `POST /discovery/v1/search/{domain}`. */
export interface SearchRequestBody {
  query: string;
  /** 1-50. @default 10 */
  pageSize?: number;
  /** 0-1: results scoring lower are left out. */
  scoreThreshold?: number;
  filter?: { version?: string; language?: string; tag?: string; groups?: string[] } | null;
}

/** One search result. `path` is what the page operation accepts. */
export interface SearchResult {
  content: string;
  path: string;
  metadata: {
    title: string;
    /** Page title, then headings down to the section's own. */
    headingPath: string[];
    /** The section's URL (site URL + route + `#anchor`). */
    url: string;
    /** 0-1: the share of the query the section covers (rare words weigh most), times its score relative to the best result's. */
    score: number;
  };
}

export const SEARCH_LIMITS = { pageSizeDefault: 10, pageSizeMax: 50, queryLength: 1_000 } as const;

/** The JSON body of `POST /discovery/v1/page/{domain}`. */
export interface PageRequestBody {
  path: string;
  groups?: string[];
}

export interface PageResponseBody {
  path: string;
  content: string;
}
