/**
 * The consultation API's paths, owned by this feature (issue #17). The condition, product and
 * constitution-record reads the form makes are spelled here too: features never import each other.
 */
export const CONSULTATIONS_PATH = '/api/v8/consultations';
export const CASES_PATH = '/api/v8/cases';
export const casePath = (id: string) => `${CASES_PATH}/${encodeURIComponent(id)}`;
export const caseMessagesPath = (id: string) => `${casePath(id)}/messages`;
export const caseClosePath = (id: string) => `${casePath(id)}/close`;

export const DISEASE_TYPES_PATH = '/api/v8/diseases/types';
export const diseaseListPath = (type: string) => `/api/v8/diseases?type=${encodeURIComponent(type)}&size=100`;
export const diseasePath = (id: string) => `/api/v8/diseases/${encodeURIComponent(id)}`;
export const productPath = (id: string) => `/api/v8/products/${encodeURIComponent(id)}`;
export const PHYSICAL_RECORDS_PATH = '/api/v8/physical/records';

/** Where the screens are (config/routes.ts). */
export const CONSULTATION_ROUTE = '/single-order-h5/ConsultationH5';
export const caseRoute = (id: string) => `/case/caseDetails/${encodeURIComponent(id)}`;
