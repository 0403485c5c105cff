import { Option } from 'nest-commander';
/**
 * Output of admin commands: with `--json` exactly one JSON object on stdout (errors included, as
 * `{"error": …}`), otherwise readable lines. Progress goes to stderr so stdout stays parseable.
 */
export interface CliFlags {
  json?: boolean;
}

export function printResult(flags: CliFlags, json: object, human: () => string): void {
  process.stdout.write(flags.json ? `${JSON.stringify(json)}\n` : `${human()}\n`);
}

export function printError(flags: CliFlags, message: string): void {
  if (flags.json) process.stdout.write(`${JSON.stringify({ error: message })}\n`);
  else process.stderr.write(`Error: ${message}\n`);
  process.exitCode = 1;
}

/** A command given wrongly (an unknown name, a file it cannot read): exit code 2, as shells and commander use for misuse. */
export function printUsageError(flags: CliFlags, message: string): void {
  printError(flags, message);
  process.exitCode = 2;
}

export function progress(message: string): void {
  process.stderr.write(`${message}\n`);
}

/** The `--json` flag of every command: print exactly one JSON object. */
export const jsonOption = () => Option({ flags: '--json', description: 'print exactly one JSON object' });
