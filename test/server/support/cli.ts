// Starts the docs-assistant command line in its own process and waits for its "listening on" line.
import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Resolves with the process, its stdout lines and its URL once the listening line appears; rejects if it
 * exits first. `track` receives the process at once, so the caller can kill it whatever happens.
 */
export function startCli(
  entry: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; track: (child: ChildProcess) => void },
): Promise<{ child: ChildProcess; lines: string[]; url: string }> {
  const child = spawn(process.execPath, [entry, ...args], { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  options.track(child);
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stderr?.on('data', (data: Buffer) => (stderr += data.toString()));
    child.stdout?.on('data', (data: Buffer) => {
      stdout += data.toString();
      const match = /^listening on (http:\/\/\S+)$/m.exec(stdout);
      if (match?.[1]) resolve({ child, lines: stdout.trim().split('\n'), url: match[1] });
    });
    child.on('exit', (code) => reject(new Error(`the CLI exited with ${code}: ${stderr}`)));
  });
}
