// Keyword search through the platform's search route (`POST /discovery/v1/search/{domain}`): what an
// answer the docs do not cover offers instead, so the reader still has the docs one click away.
import { discoveryUrl, type SearchResult } from '../wire.ts';
import { checkApiKey } from './apiKey.ts';

export interface SearchTarget {
  baseUrl: string;
  domain: string;
  apiKey?: string;
}

const RESULTS = 5;

/** Results best first (none scoring under `scoreThreshold`, 0-1); throws when the search fails (the caller says so). */
export async function searchDocs(target: SearchTarget, query: string, pageSize = RESULTS, scoreThreshold?: number): Promise<SearchResult[]> {
  // A key that is not a public one never leaves the page.
  if (!checkApiKey(target.apiKey).ok) throw new Error('the apiKey is not a public assistant key');
  const response = await fetch(discoveryUrl(target.baseUrl, 'search', target.domain), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(target.apiKey ? { Authorization: `Bearer ${target.apiKey}` } : {}) },
    body: JSON.stringify({ query: query.slice(0, 1000), pageSize, ...(scoreThreshold === undefined ? {} : { scoreThreshold }) }),
  });
  if (!response.ok) throw new Error(`search answered ${response.status}`);
  const results = (await response.json()) as SearchResult[];
  return Array.isArray(results) ? results.filter((result) => typeof result?.metadata?.url === 'string') : [];
}
