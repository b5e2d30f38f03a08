// Whether this run may ask questions at all, for every command that prompts.

/**
 * Whether questions may be asked: both ends are a terminal, `--yes` was not given and this is not
 * CI (where a TTY can be faked but nobody answers).
 */
export function canPrompt(yes: boolean, env: NodeJS.ProcessEnv = process.env): boolean {
  const ci = env.CI !== undefined && env.CI !== '' && env.CI !== '0' && env.CI !== 'false';
  return !yes && !ci && Boolean(process.stdin.isTTY) && Boolean(process.stdout.isTTY);
}
