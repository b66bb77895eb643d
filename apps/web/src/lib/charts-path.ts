/** The body chart views' path; free of imports so route data (entry chunk) can name it. */
export const CHARTS_PATH = '/api/v8/charts';
