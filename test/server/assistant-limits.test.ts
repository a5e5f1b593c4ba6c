import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../server/store/index.ts';
import { windowAt } from '../../server/store/rateLimits.ts';
import { ASSISTANT_KEY, fixtureApp, postMessage, questionBody, readAnswer } from './support/assistant.ts';

/** A clock the test moves by hand. */
function manualClock(iso: string) {
  let now = Date.parse(iso);
  return { now: () => now, set: (next: string) => void (now = Date.parse(next)) };
}

function fromIp(ip: string): { headers: Record<string, string> } {
  return { headers: { 'x-forwarded-for': ip } };
}

async function drain(response: Response): Promise<void> {
  if (response.status === 200) await readAnswer(response);
}

describe('given the limit windows', () => {
  it('cuts UTC hours, UTC days and UTC calendar months', () => {
    const at = Date.parse('2026-02-14T10:30:00Z');
    expect(windowAt('hour', at)).toEqual({ start: Date.parse('2026-02-14T10:00:00Z'), end: Date.parse('2026-02-14T11:00:00Z') });
    expect(windowAt('day', at)).toEqual({ start: Date.parse('2026-02-14T00:00:00Z'), end: Date.parse('2026-02-15T00:00:00Z') });
    expect(windowAt('calendar-month', at)).toEqual({ start: Date.parse('2026-02-01T00:00:00Z'), end: Date.parse('2026-03-01T00:00:00Z') });
    expect(windowAt('calendar-month', Date.parse('2026-12-31T23:59:59Z')).end).toBe(Date.parse('2027-01-01T00:00:00Z'));
  });
});

describe('given a per-IP limit of 2 per day behind one trusted proxy', () => {
  it('answers the third request 429 with Retry-After and RateLimit headers, and admits it the next day', async () => {
    const clock = manualClock('2026-03-10T22:00:00Z');
    const app = await fixtureApp({ limits: { perIpDay: 2 }, trustProxyHops: 1, now: clock.now });

    const first = await postMessage(app, questionBody('port'), fromIp('203.0.113.7'));
    expect(first.headers.get('ratelimit-policy')).toBe('"key-month";q=10000;w=2678400, "org-hour";q=10000;w=3600, "ip-day";q=2;w=86400');
    expect(first.headers.get('ratelimit')).toBe('"key-month";r=9999;t=1821600, "org-hour";r=9999;t=3600, "ip-day";r=1;t=7200');
    await drain(first);
    await drain(await postMessage(app, questionBody('port'), fromIp('203.0.113.7')));

    const refused = await postMessage(app, questionBody('port'), fromIp('203.0.113.7'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('7200');
    expect(refused.headers.get('ratelimit')).toContain('"ip-day";r=0;t=7200');
    expect(await refused.json()).toEqual({
      error: 'rate limit: over 2 requests per IP address per day (ip-day); retry in 7200 s',
    });

    const otherIp = await postMessage(app, questionBody('port'), fromIp('198.51.100.1'));
    expect(otherIp.status).toBe(200);
    await drain(otherIp);

    clock.set('2026-03-11T00:00:00Z');
    const nextDay = await postMessage(app, questionBody('port'), fromIp('203.0.113.7'));
    expect(nextDay.status).toBe(200);
    await drain(nextDay);
  });

  it('takes the client from the right of X-Forwarded-For, so a forged left entry does not help', async () => {
    const app = await fixtureApp({ limits: { perIpDay: 1 }, trustProxyHops: 1 });
    await drain(await postMessage(app, questionBody('port'), fromIp('10.0.0.1, 203.0.113.7')));
    const forged = await postMessage(app, questionBody('port'), fromIp('10.9.9.9, 203.0.113.7'));
    expect(forged.status).toBe(429);
  });

  it('ignores X-Forwarded-For when no proxy is trusted (any client could write it)', async () => {
    const app = await fixtureApp({ limits: { perIpDay: 1 } });
    await drain(await postMessage(app, questionBody('port'), fromIp('203.0.113.7')));
    const spoofed = await postMessage(app, questionBody('port'), fromIp('198.51.100.99'));
    expect(spoofed.status).toBe(429);
  });
});

describe('given a per-key limit of 1 per month', () => {
  it('refuses until the next UTC calendar month', async () => {
    const clock = manualClock('2026-01-31T23:59:30Z');
    const app = await fixtureApp({ limits: { perKeyMonth: 1 }, now: clock.now });
    await drain(await postMessage(app, questionBody('port')));
    const refused = await postMessage(app, questionBody('port'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect((await refused.json()).error).toContain('per key per month (UTC calendar month)');

    clock.set('2026-02-01T00:00:00Z');
    const nextMonth = await postMessage(app, questionBody('port'));
    expect(nextMonth.status).toBe(200);
    await drain(nextMonth);
  });
});

describe('given a per-organization limit of 1 per hour', () => {
  it('refuses every key and IP until the next hour', async () => {
    const clock = manualClock('2026-05-05T09:59:00Z');
    const app = await fixtureApp({ limits: { perOrgHour: 1 }, trustProxyHops: 1, assistantKeys: [ASSISTANT_KEY, 'other_dsc_key'], now: clock.now });
    await drain(await postMessage(app, questionBody('port'), fromIp('203.0.113.7')));
    const refused = await postMessage(app, questionBody('port'), { key: 'other_dsc_key', ...fromIp('198.51.100.1') });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    clock.set('2026-05-05T10:00:00Z');
    const nextHour = await postMessage(app, questionBody('port'));
    expect(nextHour.status).toBe(200);
    await drain(nextHour);
  });
});

describe('given a request refused by one window', () => {
  it('charges no other window (the refused request costs nothing)', async () => {
    const app = await fixtureApp({ limits: { perKeyMonth: 5, perIpDay: 1 }, trustProxyHops: 1 });
    await drain(await postMessage(app, questionBody('port'), fromIp('203.0.113.7')));
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await postMessage(app, questionBody('port'), fromIp('203.0.113.7'))).status).toBe(429);
    }
    const admitted = await postMessage(app, questionBody('port'), fromIp('198.51.100.1'));
    expect(admitted.headers.get('ratelimit')).toContain('"key-month";r=3;');
    await drain(admitted);
  });

  it('is not counted when the request was invalid (400) or its thread unknown (404)', async () => {
    const app = await fixtureApp({ limits: { perKeyMonth: 1 } });
    expect((await postMessage(app, { fp: 'a' })).status).toBe(400);
    expect((await postMessage(app, questionBody('port', { threadId: 'unknown' }))).status).toBe(404);
    const admitted = await postMessage(app, questionBody('port'));
    expect(admitted.status).toBe(200);
    await drain(admitted);
  });
});

describe('given 50 concurrent requests against a limit of 10', () => {
  it('admits exactly 10', async () => {
    const app = await fixtureApp({ limits: { perIpDay: 10 } });
    const responses = await Promise.all(Array.from({ length: 50 }, () => postMessage(app, questionBody('listening port'))));
    await Promise.all(responses.map(drain));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40);
  });

  it('admits exactly 10 across two apps sharing one data folder', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'da-limits-'));
    const stores = [openStore(folder), openStore(folder)];
    const apps = await Promise.all(stores.map((store) => fixtureApp({ store, limits: { perKeyMonth: 10 } })));
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_unused, index) => postMessage(apps[index % apps.length] as (typeof apps)[number], questionBody('listening port'))),
    );
    await Promise.all(responses.map(drain));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(10);
    for (const store of stores) store.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('admits exactly 50 of 800 attempts from four threads, each with its own connection to the data folder', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'da-limits-threads-'));
    openStore(folder).close();
    const admitted = await Promise.all(
      Array.from({ length: 4 }, () => {
        const worker = new Worker(new URL('./support/limitWorker.ts', import.meta.url), { workerData: { dataDir: folder, attempts: 200, limit: 50 } });
        return new Promise<number>((resolve, reject) => {
          worker.once('message', resolve);
          worker.once('error', reject);
        });
      }),
    );
    expect(admitted.reduce((sum, count) => sum + count, 0)).toBe(50);
    rmSync(folder, { recursive: true, force: true });
  });
});
