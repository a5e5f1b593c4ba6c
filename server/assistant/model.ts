// Turns `--model provider:id` into an AI SDK language model.
import type { LanguageModel } from 'ai';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';

export const MODEL_SPEC_HELP =
  'openai:<model id> | anthropic:<model id> | openai-compatible:<model id>@<base URL> (e.g. openai-compatible:llama3.1:8b@http://127.0.0.1:11434/v1)';

export interface ModelSpec {
  provider: 'openai' | 'anthropic' | 'openai-compatible';
  modelId: string;
  baseURL?: string;
}

/** Throws an Error naming the expected forms when `spec` is not one of them. */
export function parseModelSpec(spec: string): ModelSpec {
  const colon = spec.indexOf(':');
  const provider = spec.slice(0, colon);
  const rest = spec.slice(colon + 1);
  if (colon > 0 && rest !== '' && (provider === 'openai' || provider === 'anthropic')) return { provider, modelId: rest };
  if (colon > 0 && provider === 'openai-compatible') {
    // Model ids may contain ':' (Ollama tags), so the base URL starts at the last '@' before "http".
    const at = rest.lastIndexOf('@http');
    const modelId = rest.slice(0, at);
    const baseURL = rest.slice(at + 1);
    if (at > 0 && URL.canParse(baseURL)) return { provider, modelId, baseURL };
  }
  throw new Error(`--model: "${spec}" is not a model; expected ${MODEL_SPEC_HELP}`);
}

/**
 * Keys come from the providers' usual variables (OPENAI_API_KEY, ANTHROPIC_API_KEY); an OpenAI-compatible
 * server gets DOCS_ASSISTANT_MODEL_API_KEY when set (local servers usually need none).
 */
export function createLanguageModel(spec: ModelSpec, environment: NodeJS.ProcessEnv = process.env): LanguageModel {
  if (spec.provider === 'openai') return createOpenAI({ apiKey: environment.OPENAI_API_KEY })(spec.modelId);
  if (spec.provider === 'anthropic') return createAnthropic({ apiKey: environment.ANTHROPIC_API_KEY })(spec.modelId);
  const provider = createOpenAICompatible({
    name: 'openai-compatible',
    baseURL: spec.baseURL ?? '',
    apiKey: environment.DOCS_ASSISTANT_MODEL_API_KEY,
  });
  return provider(spec.modelId);
}
