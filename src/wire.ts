// Shared wire types: the request body of the assistant endpoint and the agent job.
// Both the widget (src/) and the reference server (server/) import this module; it has no runtime code.

/** A piece of page context the reader attached to a question. */
export interface AssistantContextItem {
  type: 'code' | 'textSelection';
  value: string;
  path?: string;
  elementId?: string;
}

/** Filter criteria applied to the docs' frontmatter metadata. */
export interface AssistantFilter {
  version?: string;
  language?: string;
  groups?: string[];
  [field: string]: unknown;
}

/** The JSON body of `POST /discovery/v2/assistant/{domain}/message`. */
export interface AssistantRequestBody {
  fp: string;
  messages: unknown[];
  threadId?: string | null;
  threadKey?: string;
  retrievalPageSize?: number;
  filter?: AssistantFilter | null;
  context?: AssistantContextItem[];
  currentPath?: string;
}

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

/** The most characters of `currentPath` the API accepts. */
export const CURRENT_PATH_MAX_LENGTH = 200;
/** Default number of search results that feed an answer. */
export const DEFAULT_RETRIEVAL_PAGE_SIZE = 5;
