// Running a build command to completion, its output shown only when it fails; resolves
// with what it printed on stdout.
import { spawn } from 'node:child_process';

export interface RunOptions {
  cwd?: string;
  env?: Record<string, string | undefined>;
}

export async function run(cmd: string, args: string[], options: RunOptions = {}): Promise<string> {
  const child = spawn(cmd, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stdout = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    keep(chunk);
  });
  child.stderr.on('data', keep);
  const code = await new Promise<number>((resolve, reject) => {
    child.once('error', (error) =>
      reject(
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? new Error(
              `\`${cmd}\` is not installed or not on PATH (needed to run: ${cmd} ${args.join(' ')})`,
            )
          : error,
      ),
    );
    child.once('close', (c) => resolve(c ?? 1));
  });
  if (code !== 0) {
    throw new Error(`\`${cmd} ${args.join(' ')}\` exited with ${code}:\n${output.trimEnd()}`);
  }
  return stdout;
}
