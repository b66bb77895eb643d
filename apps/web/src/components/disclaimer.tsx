/** The health-content footer (design §5 safety): advice is not diagnosis, and when to see a doctor. */
export function Disclaimer({ children = '本内容仅供养生参考，不能代替医生诊疗；症状明显或持续加重请及时就医。' }: { children?: string }) {
  return <p className="disclaimer">{children}</p>;
}
