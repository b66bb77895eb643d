import {
  CategoryScale,
  Chart,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  RadarController,
  RadialLinearScale,
} from 'chart.js';

/**
 * Chart.js with only what the radar (result) and line (trend) charts use, so the chunk stays small
 * (issue #5). Imported only from lazily loaded modules, never from a screen's own chunk.
 */
Chart.register(RadarController, LineController, RadialLinearScale, LinearScale, CategoryScale, PointElement, LineElement, Filler);

Chart.defaults.font.family =
  "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'WenQuanYi Micro Hei', sans-serif";
Chart.defaults.color = '#6b5a50';

export const CHART_COLORS = {
  primary: '#b4532a',
  primaryFill: 'rgba(180, 83, 42, 0.16)',
  guide: '#c98a1b',
  guideStrong: '#c0392b',
  grid: '#eadfd5',
  text: '#2b211c',
  muted: '#8d7b70',
};

export { Chart };
