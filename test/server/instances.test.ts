// Two server processes (`docs-assistant serve --database-url`) on one PostgreSQL, as behind a load balancer:
// questions spread over both under one limit, and a thread that moves between them.
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresForThisFile } from '../support/postgres.ts';
import { temporaryFolders } from '../support/temporaryFolders.ts';
import { startCli } from './support/cli.ts';
import { ASSISTANT_KEY, FIXTURE_DOCS, finishThreadId, MESSAGE_PATH, questionBody, readAnswer } from './support/assistant.ts';

const BIN = fileURLToPath(new URL('../../bin/docs-assistant.js', import.meta.url));
const temporaryFolder = temporaryFolders('da-instances-');
const children: ChildProcess[] = [];
const postgres = postgresForThisFile();

afterAll(async () => {
  await Promise.all(children.map((child) => (child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve).kill('SIGTERM')) : null)));
});

/** One instance: its own data folder, the shared database; resolves with its URL once it listens. */
async function startInstance(databaseUrl: string, extra: string[] = []): Promise<string> {
  const args = ['serve', FIXTURE_DOCS, '--port', '0', '--no-watch', '--assistant-key', ASSISTANT_KEY, '--data', temporaryFolder(), '--database-url', databaseUrl, ...extra];
  return (await startCli(BIN, args, { track: (child) => children.push(child) })).url;
}

function ask(url: string, body: unknown): Promise<Response> {
  return fetch(`${url}${MESSAGE_PATH}`, { method: 'POST', headers: { authorization: `Bearer ${ASSISTANT_KEY}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

describe('given two instances on one PostgreSQL', () => {
  it('continues a thread across them and admits exactly the shared limit of questions spread over both', { timeout: 90_000 }, async (context) => {
    const database = postgres.current();
    if (!database) return context.skip();
    const databaseUrl = await database.newDatabase();
    // Started together: both run the migrations at once.
    const [first, second] = await Promise.all([
      startInstance(databaseUrl, ['--limit-assistant-per-org-hour', '12']),
      startInstance(databaseUrl, ['--limit-assistant-per-org-hour', '12']),
    ]);

    // A thread started on the first continues on the second, which reads its history from the database.
    const opened = await readAnswer(await ask(first, questionBody('How do I pull the Docker image?')));
    const threadId = finishThreadId(opened.chunks);
    const followUp = await ask(second, questionBody('And how do I run it?', { threadId }));
    expect(followUp.status).toBe(200);
    const continued = await readAnswer(followUp);
    expect(finishThreadId(continued.chunks)).toBe(threadId);

    // 2 asked above; 30 more at once, alternating instances: exactly 10 more fit the limit of 12.
    const responses = await Promise.all(Array.from({ length: 30 }, (_unused, index) => ask(index % 2 === 0 ? first : second, questionBody('docker'))));
    const statuses = responses.map((response) => response.status);
    await Promise.all(responses.map((response) => response.body?.cancel()));
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
  });
});
