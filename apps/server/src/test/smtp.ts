import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  readonly url: string;
  readonly port: number;
  readonly messages: ParsedMail[];
  /** Messages whose content the server began to receive. */
  readonly begun: number;
  /** Resolves with the next message to `to` (or one that already arrived and was not taken). */
  next(to: string): Promise<ParsedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server that keeps every message it receives, on a free port or `port`. With
 * `hang`, it reads each message and never answers it (a server that stops mid-send): the
 * messages it was given are counted in `begun`, none is kept.
 */
export async function startTestSmtpServer(
  options: { port?: number; hang?: boolean } = {},
): Promise<TestSmtpServer> {
  const messages: ParsedMail[] = [];
  let begun = 0;
  const taken = new Set<ParsedMail>();
  const waiters: { to: string; resolve: (mail: ParsedMail) => void }[] = [];
  const recipient = (mail: ParsedMail) => {
    const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
    return to.flatMap((address) => address.value.map((value) => value.address ?? ''));
  };
  const deliver = (mail: ParsedMail) => {
    messages.push(mail);
    const index = waiters.findIndex((waiter) => recipient(mail).includes(waiter.to));
    if (index === -1) return;
    const [waiter] = waiters.splice(index, 1);
    taken.add(mail);
    waiter?.resolve(mail);
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      begun += 1;
      if (options.hang === true) {
        stream.resume();
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          deliver(mail);
          callback();
        })
        .catch((error: unknown) => {
          callback(error instanceof Error ? error : new Error(String(error)));
        });
    },
  });
  // A client that goes away mid-message (a portal killed by a crash test) resets its
  // connection: smtp-server reports that as an 'error' event, which is expected here.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    get begun() {
      return begun;
    },
    next(to) {
      const waiting = messages.find((mail) => !taken.has(mail) && recipient(mail).includes(to));
      if (waiting) {
        taken.add(waiting);
        return Promise.resolve(waiting);
      }
      return new Promise((resolve) => waiters.push({ to, resolve }));
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}
