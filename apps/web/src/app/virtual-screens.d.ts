/** The module build/screens.ts generates from the route table (decision 031). */
declare module 'virtual:screens' {
  import type { ComponentType } from 'react';
  import type { RouteData } from '../config/routes.ts';

  /** Each screen module a route row names (`<feature>/<file name without .tsx>`): its lazy import. */
  export const SCREENS: Readonly<Record<string, () => Promise<Record<string, ComponentType | undefined>>>>;
  /** The `ROUTE_DATA` of those screens' features (api/paths.ts), in one table by component name. */
  export const ROUTE_DATA: RouteData;
}
