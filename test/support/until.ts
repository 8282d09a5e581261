/**
 * Waits until `condition` holds, checking it every `everyMs`: for what no event announces (a
 * timer inside the bot, another process's log, a row in the database). Fails after `timeoutMs`
 * saying what was awaited. What the Discord double sees is awaited with its own `waitFor`.
 */
export async function until(
  condition: () => boolean | Promise<boolean>,
  { timeoutMs = 10_000, everyMs = 50, description = 'condition' }: { timeoutMs?: number; everyMs?: number; description?: string } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${description} still false after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
