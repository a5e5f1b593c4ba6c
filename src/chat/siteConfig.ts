// The site's own defaults for the widget, served by `GET .../assistant/{domain}/config` (the reference
// server reads them from assistant.md): its name and starter questions. Read once, when the dialog
// first opens; any failure leaves the widget's own options in place, silently (it is an extra).
import { discoveryUrl, type SiteConfig } from '../wire.ts';
import { checkApiKey } from './apiKey.ts';

export type { SiteConfig };

export function siteConfigEndpoint(baseUrl: string, domain: string): string {
  return discoveryUrl(baseUrl, 'siteConfig', domain);
}

export async function fetchSiteConfig(url: string, apiKey: string | undefined): Promise<SiteConfig | null> {
  // A key that is not a public one (an admin key above all) never leaves the page, here as for questions.
  if (!checkApiKey(apiKey).ok) return null;
  try {
    const response = await fetch(url, { headers: apiKey ? { Authorization: `Bearer ${apiKey}` } : {} });
    if (!response.ok) return null;
    const body = (await response.json()) as { siteName?: unknown; starterQuestions?: unknown };
    const questions = Array.isArray(body.starterQuestions) ? body.starterQuestions.filter((question): question is string => typeof question === 'string' && question.trim() !== '') : [];
    return { siteName: typeof body.siteName === 'string' && body.siteName.trim() !== '' ? body.siteName : null, starterQuestions: questions };
  } catch {
    return null;
  }
}
