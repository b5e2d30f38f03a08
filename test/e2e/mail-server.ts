// A real SMTP server (smtp-server) that the accounts tests send the generated project's mail to.
import { SMTPServer } from 'smtp-server';

/** A real SMTP server (smtp-server) on a free port, keeping every message it accepts. */
export async function startMailServer() {
  const received: string[] = [];
  const waiting: (() => void)[] = [];
  const server = new SMTPServer({
    // Plain SMTP on loopback: no certificate to trust, no login.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push(raw);
        waiting.splice(0).forEach((wake) => wake());
        done();
      });
    },
  });
  // smtp-server emits a client connection's socket errors on the server: without a listener, a
  // generated app stopped while its mail transport holds a connection (read ECONNRESET) is an
  // uncaught exception that fails the whole run. A client hanging up is not the server failing;
  // any other error is kept and reported by stop().
  const errors: Error[] = [];
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') errors.push(error);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.server.address() as { port: number };
  /**
   * The first message (decoded) that `matches`, once it arrives; after `patience` ms without it, an
   * error that says what did arrive (a walk that waits forever tells nothing but its test's timeout).
   */
  const messageWhere = async (
    matches: (text: string) => boolean,
    patience = 15_000,
  ): Promise<string> => {
    const until = Date.now() + patience;
    for (;;) {
      const found = received.map(decodeQuotedPrintable).find(matches);
      if (found !== undefined) return found;
      const left = until - Date.now();
      if (left <= 0) {
        const heads = received
          .slice(-5)
          .map((raw) => /^(To: .*|Subject: .*)$/gm.exec(raw)?.[0] ?? '?')
          .join('; ');
        throw new Error(
          `no such mail arrived within ${patience} ms (${received.length} arrived in all; the last: ${heads || 'none'})`,
        );
      }
      await new Promise<void>((wake) => {
        const timer = setTimeout(wake, left);
        waiting.push(() => {
          clearTimeout(timer);
          wake();
        });
      });
    }
  };
  /** The message to `to` with this subject, once it arrives. */
  const messageTo = async (to: string, subject: string): Promise<string> => {
    try {
      return await messageWhere(
        (text) =>
          new RegExp(`^To: ${to}\\r?$`, 'm').test(text) && text.includes(`Subject: ${subject}`),
      );
    } catch (error) {
      throw new Error(`"${subject}" to ${to}: ${(error as Error).message}`, { cause: error });
    }
  };
  /** How many messages went to `to` so far. */
  const countTo = (to: string): number =>
    received.filter((raw) => new RegExp(`^To: ${to}\\r?$`, 'm').test(raw)).length;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    messageWhere,
    messageTo,
    countTo,
    stop: async (): Promise<void> => {
      await new Promise<void>((closed) => server.close(closed));
      if (errors.length > 0) throw new Error(`the test SMTP server failed: ${errors[0].message}`);
    },
  };
}

/** nodemailer folds long lines of a text part (quoted-printable): unfolded, the link is whole again. */
const decodeQuotedPrintable = (raw: string): string =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

export type MailServer = Awaited<ReturnType<typeof startMailServer>>;
