// The engine's own error classes, in a module that loads nothing heavy (commands register them at start-up).

/** A template produced TypeScript that does not compile: a bug in restsmith, never the user's. */
export class GeneratedCodeError extends Error {
  constructor(readonly diagnostics: string[]) {
    super(`the generated TypeScript does not compile:\n  ${diagnostics.join('\n  ')}`);
    this.name = 'GeneratedCodeError';
  }
}
