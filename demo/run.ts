// `npm run demo`: builds what is missing, starts the demo and prints its one URL. Ctrl+C stops it.
//   --port <n>   (or PORT) port to listen on; default 5173, or a free port when 5173 is taken
//   --host <h>   (or HOST) default 127.0.0.1
//   --no-build   serve dist/ and the React page as they are (tests that built them already)
import { parseArgs } from 'node:util';
import { startDemo, type DemoServer } from './server.ts';

const DEFAULT_PORT = 5173;

const { values } = parseArgs({
  options: { port: { type: 'string' }, host: { type: 'string' }, build: { type: 'boolean', default: true } },
  allowNegative: true,
  strict: true,
});
const requestedPort = values.port ?? process.env.PORT;
const host = values.host ?? process.env.HOST ?? '127.0.0.1';
const log = (line: string) => console.error(line);

async function start(): Promise<DemoServer> {
  const build = values.build;
  if (requestedPort !== undefined) return startDemo({ port: Number(requestedPort), host, build, log });
  try {
    return await startDemo({ port: DEFAULT_PORT, host, build, log });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    return startDemo({ port: 0, host, build: false, log });
  }
}

let demo: DemoServer;
try {
  demo = await start();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
console.log(`demo: ${demo.url}`);

let stopping = false;
const stop = () => {
  if (stopping) process.exit(130);
  stopping = true;
  demo.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
