import { brandKind } from '../brand/brand-kinds.ts';
import { acupointKind, chartViewKind, meridianKind } from '../acupoints/acupoint-kinds.ts';
import { diseaseGroupKind, diseaseKind, everydayNamesKind } from '../diseases/disease-kinds.ts';
import { glossaryKind } from '../glossary/glossary-kinds.ts';
import { noticeKind, noticeTypeKind } from '../notices/notice-kinds.ts';
import { constitutionKind } from '../physical/constitution-kind.ts';
import { reviewKind } from '../reviews/review-kinds.ts';
import { problemKind, problemTopicKind } from '../problems/problem-kinds.ts';
import { productKind, productMarketingKind, productTypeKind } from '../products/product-kinds.ts';
import { videoKind } from '../videos/video-kinds.ts';
import type { AnyContentKind } from './content-kind.ts';

/**
 * Every content kind the app serves (issue #14 §1); the loader, search and favourites are generic over
 * this list. A new public read-only kind is its row in core content/public-kinds.ts, its schema, a
 * folder in content/, its declaration (named after the row, with `public: { title }`, and `search` when
 * the row is searchable) and one line here: loading, cross-reference checks, search, Markdown links and
 * favourites and history follow (issue #28 §1). Its API routes and screens are added apart.
 * kinds-consistency.test.ts fails when a piece is missing, including a declaration left out of this list.
 */
export const CONTENT_KINDS: readonly AnyContentKind[] = [
  meridianKind,
  acupointKind,
  chartViewKind,
  constitutionKind,
  diseaseGroupKind,
  diseaseKind,
  everydayNamesKind,
  noticeTypeKind,
  noticeKind,
  problemTopicKind,
  problemKind,
  productTypeKind,
  productKind,
  productMarketingKind,
  videoKind,
  glossaryKind,
  // Issue #30: brand settings and real reviews (decision 042).
  brandKind,
  reviewKind,
];
