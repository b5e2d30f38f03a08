// The in-memory outbox that the generated e2e tests of mailed tokens put in place of MailService's transport.

/** The class as the specs declare it (the spec imports `Mail` from src/mail/mail.service.ts). */
export const OUTBOX_CLASS = `/** Keeps the messages instead of sending them: the SMTP side is MailService's, tried against a real server elsewhere. */
class Outbox {
  readonly sent: Mail[] = [];

  send(mail: Mail): Promise<void> {
    this.sent.push(mail);
    return Promise.resolve();
  }
}`;
