import type { RouteData } from '../../../config/routes.ts';
import { GLOSSARY_READS } from '@moxa/core/http/route-data';

/** The glossary screen reads the whole list (issue #26); started while its chunk loads (reads in core, issue #33 item 1). */
export const ROUTE_DATA: RouteData = GLOSSARY_READS;
