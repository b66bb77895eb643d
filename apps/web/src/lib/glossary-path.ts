/** The glossary's path (issue #26); free of imports so route data (entry chunk) can name it. */
export const GLOSSARY_PATH = '/api/v8/glossary';
