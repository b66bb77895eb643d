import { fillTemplate, type SmsProvider } from './sms-provider.ts';

/**
 * Development provider: no SMS is sent; the code is written as one line to the server's stdout so a
 * developer (or the e2e test) can read it. The start-up banner warns that this provider is active.
 * This is the one place a code is printed, on purpose, and never through the request logger.
 * Notices (issue #31) are printed the same way, with their reference, so tests can count them.
 */
export function consoleProvider(write: (line: string) => void = (l) => process.stdout.write(l + '\n')): SmsProvider {
  return {
    name: 'console',
    async sendCode(e164, code) {
      write(`[sms:console] to ${e164} code ${code}`);
    },
    async sendTemplate(e164, template, params, ref) {
      write(`[sms:console] to ${e164} notice ${template} ref ${ref}: ${fillTemplate(template, params)}`);
    },
    // What was printed cannot be read back: a cut-off notice is sent again (docs/decisions/035).
    lookup: async () => 'unknown',
  };
}
