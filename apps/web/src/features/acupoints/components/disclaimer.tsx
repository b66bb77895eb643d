/** The health-content footer every acupoint and meridian page carries (issue #4, design §5 safety). */
export function Disclaimer() {
  return <p className="acu-disclaimer">本内容仅供养生参考，不能代替医生诊疗；症状明显或持续加重请及时就医。</p>;
}
