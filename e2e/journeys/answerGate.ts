// Holds one answer of the demo's reference server mid-stream, so a journey sees (and acts on) the
// widget while the answer streams: after the first text delta reached the browser, the rest waits
// until `release()`, or the connection is cut with `cut()` as a crashed server or dropped network
// would. The bytes are the server's own; only their timing is held.
const QUESTION_PATH = /^\/discovery\/v2\/assistant\/[^/]+\/message$/;

export interface HeldAnswer {
  /** Resolves once the first text delta has been written to the browser. */
  reached: Promise<void>;
  /** Lets the rest of the answer through. */
  release(): void;
  /** Ends the connection mid-answer (the browser sees the stream break, with no `finish`). */
  cut(): void;
}

export interface AnswerGate {
  /** Holds the next question's answer after its first text delta. */
  holdNext(): HeldAnswer;
  /** Releases whatever is still held or armed (between tests). */
  reset(): void;
  /** For `startDemo({ intercept })`. */
  intercept(request: Request, next: () => Promise<Response>): Promise<Response>;
}

interface Hold extends HeldAnswer {
  decision: Promise<'release' | 'cut'>;
  markReached(): void;
}

function createHold(): Hold {
  let markReached!: () => void;
  let decide!: (decision: 'release' | 'cut') => void;
  const reached = new Promise<void>((resolve) => (markReached = resolve));
  const decision = new Promise<'release' | 'cut'>((resolve) => (decide = resolve));
  return { reached, decision, markReached, release: () => decide('release'), cut: () => decide('cut') };
}

/** The response with its body passed on event by event, pausing at the first text delta. */
function heldResponse(response: Response, hold: Hold): Response {
  if (!response.body) return response;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const encoder = new TextEncoder();
  let pending = '';
  let paused = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        if (pending) controller.enqueue(encoder.encode(pending));
        controller.close();
        return;
      }
      pending += value;
      for (let end = pending.indexOf('\n\n'); end >= 0; end = pending.indexOf('\n\n')) {
        const event = pending.slice(0, end + 2);
        pending = pending.slice(end + 2);
        controller.enqueue(encoder.encode(event));
        if (paused || !event.includes('"type":"text-delta"')) continue;
        paused = true;
        hold.markReached();
        if ((await hold.decision) === 'cut') {
          controller.error(new Error('e2e journeys: answer stream cut on purpose (not a failure)'));
          await reader.cancel();
          return;
        }
      }
    },
    async cancel(reason) {
      // The browser went away (Stop, navigation): nothing is held any more.
      hold.release();
      await reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

export function createAnswerGate(): AnswerGate {
  let armed: Hold | undefined;
  const live = new Set<Hold>();
  return {
    holdNext() {
      armed = createHold();
      live.add(armed);
      return armed;
    },
    reset() {
      for (const hold of live) hold.release();
      live.clear();
      armed = undefined;
    },
    async intercept(request, next) {
      const hold = request.method === 'POST' && QUESTION_PATH.test(new URL(request.url).pathname) ? armed : undefined;
      if (!hold) return next();
      armed = undefined;
      return heldResponse(await next(), hold);
    },
  };
}
