// The request body of POST /discovery/v2/assistant/{domain}/message and its readable validation errors.
import { z } from 'zod';
import { DEFAULT_RETRIEVAL_PAGE_SIZE, REQUEST_LIMITS, type AssistantRequestBody } from '../../src/wire.ts';

/**
 * Parts and messages are loose: clients send the whole useChat history (assistant messages, `step-start`,
 * `source-url`, `reasoning` parts, `state`, `providerMetadata`, extra keys) and all of it must be accepted.
 */
const partSchema = z.looseObject({ type: z.string() });

const messageSchema = z.looseObject({
  id: z.string().optional(),
  role: z.string(),
  parts: z.array(partSchema).optional(),
  /** AI SDK 4 clients send the text as `content`. */
  content: z.string().optional(),
});

/** A null field constrains nothing (clients often send every key). */
const filterValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);

const contextItemSchema = z.looseObject({
  type: z.enum(['code', 'textSelection']),
  value: z.string().max(REQUEST_LIMITS.contextValueLength),
  path: z.string().max(REQUEST_LIMITS.contextPathLength).optional(),
  elementId: z.string().max(REQUEST_LIMITS.contextElementIdLength).optional(),
});

export const assistantRequestSchema = z.looseObject({
  fp: z.string().max(REQUEST_LIMITS.fpLength),
  messages: z.array(messageSchema).min(1).max(REQUEST_LIMITS.messages),
  threadId: z.string().min(1).max(REQUEST_LIMITS.threadIdLength).nullable().optional(),
  /** Only read when thread keys are on (see the README's api-choices). */
  threadKey: z.string().max(REQUEST_LIMITS.threadIdLength).optional(),
  retrievalPageSize: z.number().int().min(1).max(REQUEST_LIMITS.retrievalPageSizeMax).default(DEFAULT_RETRIEVAL_PAGE_SIZE),
  filter: z
    .looseObject({
      version: z.string().nullable().optional(),
      language: z.string().nullable().optional(),
      groups: z.array(z.string()).nullable().optional(),
    })
    // undefined never comes from JSON; it is here so the widget's filter type (src/wire.ts) fits.
    .catchall(filterValue.optional())
    .nullable()
    .optional(),
  context: z.array(contextItemSchema).max(REQUEST_LIMITS.contextItems).optional(),
  currentPath: z.string().max(REQUEST_LIMITS.currentPathLength).optional(),
});

export type AssistantRequest = z.infer<typeof assistantRequestSchema>;

// Compile-time contract with the widget (src/wire.ts): the schema accepts every body the widget's type
// allows, every body the schema accepts fits the widget's type in the fields it declares, and neither
// has a field the other lacks. A change on one side that the other does not follow fails `tsc`.
type SchemaInput = z.input<typeof assistantRequestSchema>;
/** Declared keys only: loose objects also have an index signature, which says nothing about fields. */
type DeclaredKeys<T> = keyof { [K in keyof T as string extends K ? never : K]: T[K] };
type Declared<T> = Pick<T, DeclaredKeys<T> & keyof T>;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const widgetBodiesAreAccepted: AssistantRequestBody extends SchemaInput ? true : false = true;
const acceptedBodiesFitTheWidgetType: Declared<SchemaInput> extends AssistantRequestBody ? true : false = true;
const sameFields: Same<DeclaredKeys<SchemaInput>, keyof AssistantRequestBody> = true;
void [widgetBodiesAreAccepted, acceptedBodiesFitTheWidgetType, sameFields];
export type RequestMessage = AssistantRequest['messages'][number];

/** `messages[0].parts[1].type`, the way a developer would write the path. */
function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const segment of path) {
    text += typeof segment === 'number' ? `[${segment}]` : `${text ? '.' : ''}${String(segment)}`;
  }
  return text || 'body';
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') {
    if (issue.input === undefined) return 'is required';
    if (issue.expected === 'int') return 'must be an integer';
    return `must be ${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}`;
  }
  if (issue.code === 'too_small' || issue.code === 'too_big') {
    const bound = String(issue.code === 'too_small' ? issue.minimum : issue.maximum);
    const side = issue.code === 'too_small' ? 'at least' : 'at most';
    if (issue.origin === 'string') return `must be ${side} ${bound} characters`;
    if (issue.origin === 'array') return `must have ${side} ${bound} item${bound === '1' ? '' : 's'}`;
    return `must be ${side} ${bound}`;
  }
  // The only union is a filter field's value.
  if (issue.code === 'invalid_union') return 'must be a string, number, boolean, list of strings or null';
  if (issue.code === 'invalid_value') return `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
  return issue.message.replace(/^Invalid input: /, '');
}

/** The first issue of a failed parse as `field.path: what is wrong` (the API's 400 message for any body). */
export function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'body: is invalid';
  return `${formatPath(issue.path)}: ${describeIssue(issue)}`;
}

export type ParseResult = { ok: true; request: AssistantRequest } | { ok: false; error: string };

/** Validates a parsed JSON value; the error names the first bad field: `retrievalPageSize: must be at most 20`. */
export function parseAssistantRequest(body: unknown): ParseResult {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, error: 'body: must be a JSON object' };
  }
  // reportInput keeps each issue's input, which tells a missing field from a wrong one.
  const result = assistantRequestSchema.safeParse(body, { reportInput: true });
  if (result.success) return { ok: true, request: result.data };
  return { ok: false, error: firstProblem(result.error) };
}
