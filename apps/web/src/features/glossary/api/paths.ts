import type { RouteData } from '../../../config/routes.ts';
import { GLOSSARY_PATH } from '../../../lib/glossary-path.ts';

/** The glossary screen reads the whole list (issue #26), started while its chunk loads (decision 031). */
export const ROUTE_DATA: RouteData = {
  GlossaryScreen: () => [GLOSSARY_PATH],
};
