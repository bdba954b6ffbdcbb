import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on a free local port that keeps what it receives. */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const waiting: ((m: ReceivedMail) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw };
        received.push(mail);
        waiting.shift()?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The next mail to arrive (or one that already did and nobody took). */
    next(): Promise<ReceivedMail> {
      const ready = received.find((m) => !(m as { taken?: boolean }).taken);
      if (ready) {
        (ready as { taken?: boolean }).taken = true;
        return Promise.resolve(ready);
      }
      return new Promise((resolve) =>
        waiting.push((m) => {
          (m as { taken?: boolean }).taken = true;
          resolve(m);
        }),
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The reset link in a mail's plain-text part (quoted-printable soft breaks undone). */
export function resetLinkIn(raw: string): string {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /(https?:\/\/\S+\/account\/password_reset\/[\w-]+)/.exec(text);
  if (!match) throw new Error(`no reset link in:\n${raw}`);
  return match[1]!;
}
