// Shows the steps of `rest new` as they run: a spinner in a terminal, plain lines in CI and pipes.
import ora from 'ora';

export interface Step {
  succeed(text?: string): void;
  fail(text?: string): void;
  /** Ended without doing its work, for a reason worth a note (no git on this machine). */
  skip(text: string): void;
  /** New text for a step still running (a spinner's line); plain lines ignore it. */
  update?(text: string): void;
}

export interface Progress {
  start(text: string): Step;
  /** A line of output (the plan, the next steps). */
  log(text: string): void;
}

/** `interactive`: stdout is a terminal, so a spinner can redraw its line. */
export function createProgress(interactive: boolean, log: (text: string) => void): Progress {
  return { start: interactive ? spinnerStep : (text) => lineStep(text, log), log };
}

function spinnerStep(text: string): Step {
  const spinner = ora({ text, stream: process.stdout }).start();
  return {
    succeed: (done) => spinner.succeed(done ?? text),
    fail: (failed) => spinner.fail(failed ?? text),
    skip: (note) => spinner.info(note),
    update: (now) => {
      spinner.text = now;
    },
  };
}

function lineStep(text: string, log: (text: string) => void): Step {
  log(`${text}...`);
  // Without a spinner, a long step says it is still going every 15 s.
  let said = Date.now();
  return {
    update: (now) => {
      if (Date.now() - said < 15_000) return;
      said = Date.now();
      log(`  ${now}`);
    },
    succeed: (done) => log(`done: ${done ?? text}`),
    fail: (failed) => log(`failed: ${failed ?? text}`),
    skip: (note) => log(`note: ${note}`),
  };
}
