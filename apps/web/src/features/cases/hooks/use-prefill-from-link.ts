import { useEffect, type Dispatch, type SetStateAction } from 'react';
import { useSearchParams } from 'react-router';
import { KEEP_SCROLL_STATE } from '../../../lib/navigation.ts';
import { useDisease, useProduct } from '../api/queries.ts';
import type { ConsultationDraft } from '../utils/draft.ts';
import { MAX_COMPLAINT } from '../utils/validation.ts';

const PRODUCT_PREFIX = '想了解产品：';

/**
 * `?disease=<id>` preselects a condition, `?product=<id>` (a product's buy button) starts the
 * question with the product's name (issue #17). Both fill the form once, then leave the address, so
 * a reload keeps what the user changed since.
 */
export function usePrefillFromLink(setDraft: Dispatch<SetStateAction<ConsultationDraft>>) {
  const [params, setParams] = useSearchParams();
  const diseaseParam = params.get('disease') ?? '';
  const productParam = params.get('product') ?? '';
  const preset = useDisease(diseaseParam);
  const product = useProduct(productParam);

  useEffect(() => {
    const d = preset.data;
    if (d) setDraft((x) => ({ ...x, diseaseGroup: d.group, disease: d.id }));
  }, [preset.data, setDraft]);

  useEffect(() => {
    const name = product.data?.name;
    if (name)
      setDraft((x) =>
        !x.complaint.trim() || x.complaint.startsWith(PRODUCT_PREFIX)
          ? { ...x, complaint: `${PRODUCT_PREFIX}${name}`.slice(0, MAX_COMPLAINT) }
          : x,
      );
  }, [product.data?.name, setDraft]);

  const diseaseSettled = !diseaseParam || preset.data !== undefined || preset.isError;
  const productSettled = !productParam || product.data !== undefined || product.isError;
  useEffect(() => {
    if ((diseaseParam || productParam) && diseaseSettled && productSettled)
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.delete('disease');
          next.delete('product');
          return next;
        },
        { replace: true, state: KEEP_SCROLL_STATE },
      );
  }, [diseaseParam, productParam, diseaseSettled, productSettled, setParams]);
}
