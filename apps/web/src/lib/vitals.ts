import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { VITALS_PATH, type DeviceClass, type NetworkType } from '@moxa/core/vitals/vitals-names';
import { matchRouteDef } from './use-route-def.ts';

/** The route table pattern of a path (`/disease_detail/:id`): reports never carry the URL itself. */
export function routePattern(pathname: string): string {
  let pattern = '';
  for (const def of matchRouteDef(pathname).defs)
    pattern = def.path.startsWith('/') || def.path === '*' ? def.path : `${pattern.replace(/\/$/, '')}/${def.path}`;
  return pattern || '/';
}

type NavigatorInfo = {
  deviceMemory?: number;
  hardwareConcurrency?: number;
  connection?: { effectiveType?: string };
  userAgent: string;
};

/** How capable the phone is (vitals-names.ts DEVICE_CLASSES): its memory in GB, else its processor count. */
export function deviceClass(nav: NavigatorInfo): DeviceClass {
  const size = nav.deviceMemory ?? nav.hardwareConcurrency;
  if (!size) return 'unknown';
  return size <= 2 ? 'low' : size <= 4 ? 'mid' : 'high';
}

const EFFECTIVE: Record<string, NetworkType> = { 'slow-2g': 'slow-2g', '2g': '2g', '3g': '3g', '4g': '4g' };
const WECHAT: Record<string, NetworkType> = { WIFI: 'wifi', '5G': '5g', '4G': '4g', '3G': '3g', '3G+': '3g', '2G': '2g' };

/**
 * The connection: WeChat names it in its user agent (NetType/WIFI, 4G …), which also tells Wi-Fi from
 * mobile; else the browser's effectiveType (a speed class, where supported).
 */
export function networkType(nav: NavigatorInfo): NetworkType {
  const wechat = /NetType\/([A-Za-z0-9+]+)/.exec(nav.userAgent)?.[1]?.toUpperCase();
  if (wechat && WECHAT[wechat]) return WECHAT[wechat];
  return EFFECTIVE[nav.connection?.effectiveType ?? ''] ?? 'unknown';
}

/**
 * Collects LCP, INP, CLS and TTFB of this page load (web-vitals reads the browser's buffered entries,
 * so loading it after the first paint misses nothing) and sends what it has with navigator.sendBeacon
 * each time the page is hidden — the last moment a phone reliably gives a page. Each metric is sent
 * once, as it stood then. Soft navigations add to the landing route's INP and CLS.
 */
export function collectVitals(landing: string): void {
  if (typeof navigator.sendBeacon !== 'function') return;
  const route = routePattern(landing);
  const pending = new Map<Metric['name'], number>();
  const sent = new Set<Metric['name']>();
  const keep = (m: Metric) => {
    if (!sent.has(m.name)) pending.set(m.name, m.value);
  };
  onLCP(keep);
  onINP(keep);
  onCLS(keep);
  onTTFB(keep);
  // After web-vitals' own listener (it listens in the capture phase), so CLS and INP are final.
  window.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden' || pending.size === 0) return;
    const nav = navigator as Navigator & NavigatorInfo;
    const body = JSON.stringify({
      route,
      device: deviceClass(nav),
      network: networkType(nav),
      metrics: [...pending].map(([name, value]) => ({ name, value })),
    });
    if (navigator.sendBeacon(VITALS_PATH, new Blob([body], { type: 'application/json' }))) {
      for (const name of pending.keys()) sent.add(name);
      pending.clear();
    }
  });
}
