import { randomUUID } from 'node:crypto';
import type { SessionInput } from '@moxa/core/moxa/moxa-contract';

/** A finished session as a phone would send it (one point 10 minutes planned, 9 done), an hour before the test clock. */
export function sessionInput(over: Partial<SessionInput> = {}, at = Date.UTC(2026, 10, 22, 7, 0, 0)): SessionInput {
  return {
    clientId: randomUUID(),
    source: { kind: 'disease', id: 'insomnia' },
    title: '失眠',
    startedAt: at,
    endedAt: at + 600_000,
    points: [{ code: 'ST36', name: '足三里', plannedSeconds: 600, doneSeconds: 540, skipped: false }],
    feeling: 4,
    notes: '灸后睡得早',
    reactions: ['redness'],
    courseLength: 10,
    endedEarly: false,
    ...over,
  };
}
