import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CountryGroupAnswer } from '@moxa/core/countries/countries-contract';
import { apiFetch } from '../../../lib/api-client.ts';

/** Countries grouped for the sheet (quick group, then A–Z by pinyin), derived on the server with pinyin-pro. */
export const getCountries = () => apiFetch<CountryGroupAnswer[]>('/api/v8/countries');
export const countriesQuery = () => queryOptions({ queryKey: ['countries'], queryFn: getCountries, staleTime: Infinity });
export const useCountries = () => useQuery(countriesQuery());
