/**
 * The shell commands the README tells a user to type, read from its ```sh blocks, so that the
 * install tests run exactly what the README says and the two cannot drift apart.
 */
import { readFileSync } from 'node:fs';

export const REPO_ROOT = new URL('../../', import.meta.url).pathname;

export function readme(): string {
  return readFileSync(`${REPO_ROOT}README.md`, 'utf8');
}

/** The text of the `## heading` section, up to the next `## ` heading. */
export function section(heading: string): string {
  const text = readme();
  const start = text.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`README has no "## ${heading}" section`);
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

/**
 * The commands in a section's ```sh blocks, one per line, without comments and without the
 * leading `NAME=value` settings (the tests supply those values themselves).
 */
export function commandsIn(heading: string): string[] {
  const blocks = [...section(heading).matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);
  return blocks
    .flatMap((block) => block.split('\n'))
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter(Boolean)
    .map((line) => line.replace(/^([A-Z_]+=(<[^>]*>|\S+)\s+)+/, ''));
}

/** The Quick start: set-up, tests, and starting the bot on the embedded database. */
export function quickStart(): { setup: string; test: string; start: string } {
  const commands = commandsIn('Quick start');
  if (commands.length !== 3) throw new Error(`README's Quick start should show 3 commands, found: ${commands.join(' | ')}`);
  const [setup, test, start] = commands as [string, string, string];
  return { setup, test, start };
}
