import type { ConsoleKind } from '@moxa/core/console/console-contract';
import { useList } from '@refinedev/core';

/** A kind's Chinese label (the kinds list is cached by Refine), or its name until it arrives. */
export function useKindLabel(): (kind: string) => string {
  const { result } = useList<ConsoleKind & { id: string }>({ resource: 'kinds', pagination: { mode: 'off' } });
  return (kind) => result.data.find((k) => k.kind === kind)?.label ?? kind;
}
