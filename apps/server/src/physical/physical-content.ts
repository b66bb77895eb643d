import type { ContentStore } from '../content/content-store.ts';
import { constitutionKind, type ConstitutionDocs } from './constitution-kind.ts';

/** The constitution questionnaire, descriptions and schemes from the loaded content. */
export function physicalContent(store: ContentStore): ConstitutionDocs {
  const get = <K extends keyof ConstitutionDocs>(doc: K): ConstitutionDocs[K] => {
    const item = store.get(constitutionKind, doc);
    if (!item) throw new Error(`constitution content ${doc} is missing; was content loaded?`);
    return item.value as ConstitutionDocs[K];
  };
  return { questionnaire: get('questionnaire'), types: get('types'), schemes: get('schemes') };
}
export type PhysicalContent = ConstitutionDocs;
