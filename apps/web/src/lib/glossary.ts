import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GlossaryTerm } from '@moxa/core/glossary/glossary-contract';
import { apiFetch } from './api-client.ts';
import { GLOSSARY_PATH } from './glossary-path.ts';

/**
 * The glossary (issue #26), shared by the term marks on content pages and the /glossary screen:
 * fetched once per visit (it changes only with a deploy) and kept for the visit.
 */
export const getGlossary = () => apiFetch<GlossaryTerm[]>(GLOSSARY_PATH);
export const glossaryQuery = () => queryOptions({ queryKey: ['glossary'], queryFn: getGlossary, staleTime: Infinity, gcTime: Infinity });
export const useGlossary = (enabled = true) => useQuery({ ...glossaryQuery(), enabled });

/** A term's place in the /glossary list. */
export const glossaryTermPath = (id: string) => `/glossary?term=${encodeURIComponent(id)}`;
