import { acupointKind, chartViewKind, meridianKind } from '../acupoints/acupoint-kinds.ts';
import { diseaseGroupKind, diseaseKind } from '../diseases/disease-kinds.ts';
import { glossaryKind } from '../glossary/glossary-kinds.ts';
import { noticeKind, noticeTypeKind } from '../notices/notice-kinds.ts';
import { constitutionKind } from '../physical/constitution-kind.ts';
import { problemKind, problemTopicKind } from '../problems/problem-kinds.ts';
import { productKind, productMarketingKind, productTypeKind } from '../products/product-kinds.ts';
import { videoKind } from '../videos/video-kinds.ts';
import type { AnyContentKind } from './content-kind.ts';

/**
 * Every content kind the app serves (issue #14 §1). A new read-only kind is a schema in core, a folder
 * in content/, its declaration and one line here; loading, cross-reference checks and search follow.
 */
export const CONTENT_KINDS: readonly AnyContentKind[] = [
  meridianKind,
  acupointKind,
  chartViewKind,
  constitutionKind,
  diseaseGroupKind,
  diseaseKind,
  noticeTypeKind,
  noticeKind,
  problemTopicKind,
  problemKind,
  productTypeKind,
  productKind,
  productMarketingKind,
  videoKind,
  glossaryKind,
];
