import { useMemo } from 'react';
import { useMeridians } from '../api/get-meridians.ts';

export const EXTRA_GROUP = { code: 'EX', name: '经外奇穴' } as const;

/** Code → short meridian name (ST → 胃经, EX → 经外奇穴); the code itself until the list arrives. */
export function useMeridianNames(): (code: string) => string {
  const { data } = useMeridians();
  return useMemo(() => {
    const names = new Map<string, string>((data ?? []).map((m) => [m.code, m.shortName]));
    names.set(EXTRA_GROUP.code, EXTRA_GROUP.name);
    return (code: string) => names.get(code) ?? code;
  }, [data]);
}
