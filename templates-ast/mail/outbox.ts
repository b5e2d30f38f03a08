// The in-memory outbox that the generated e2e tests of mailed tokens put in place of MailService's transport.

/** The class as the specs declare it (the spec imports `Mail` from src/mail/mail.service.ts). */
export const OUTBOX_CLASS = `/** Keeps the messages instead of sending them: the SMTP side is MailService's, tried against a real server elsewhere. */
class Outbox {
  readonly sent: Mail[] = [];

  send(mail: Mail): Promise<void> {
    this.sent.push(mail);
    return Promise.resolve();
  }

  /**
   * The first message to \`to\` among those sent after the first \`from\`, waiting up to 2 s for it: reset and
   * resend mails leave after the answer, so that the answer's time does not tell who is registered.
   */
  async next(to: string, from = 0): Promise<Mail | undefined> {
    for (let waited = 0; waited <= 2000; waited += 10) {
      const mail = this.sent.slice(from).find((message) => message.to === to);
      if (mail) return mail;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return undefined;
  }
}`;
