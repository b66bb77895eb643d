import Switch from 'antd-mobile/es/components/switch';
import { useElderMode } from '../../../lib/elder-mode.ts';

/** The 长辈版 switch (issue #18), loaded after 我的 renders: antd-mobile's Switch stays out of the screen's chunk. */
export default function ElderSwitch() {
  const [elder, setElder] = useElderMode();
  return <Switch checked={elder} onChange={setElder} aria-label="长辈版" />;
}
