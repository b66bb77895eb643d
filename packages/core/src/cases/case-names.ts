/** Names the screens show, zod-free (issue #17). */
export const CASE_STATUS_NAMES = { submitted: '已提交', processing: '处理中', replied: '已回复', closed: '已关闭' } as const;
export const DURATION_LABELS = { week: '一周内', month: '一月内', 'half-year': '半年内', longer: '半年以上' } as const;
export const CONTACT_TIME_LABELS = { any: '任何时间', morning: '上午', afternoon: '下午', evening: '晚上' } as const;

/**
 * Red-flag symptoms (issue #17): a request that mentions any of them is answered at once with a
 * prominent "请及时就医" notice, because it needs a doctor, not moxibustion advice.
 */
export const RED_FLAG_TERMS = [
  '胸痛',
  '胸口痛',
  '胸闷',
  '心口痛',
  '呼吸困难',
  '喘不上气',
  '高烧',
  '高热',
  '便血',
  '黑便',
  '呕血',
  '吐血',
  '咳血',
  '尿血',
  '突然无力',
  '半身无力',
  '半边身子',
  '口角歪斜',
  '说话不清',
  '剧烈头痛',
  '昏迷',
  '意识不清',
  '抽搐',
  '晕倒',
  '昏倒',
  '阴道出血',
  '大出血',
  '视力突然',
  '突然看不见',
  '体重明显下降',
  '消瘦',
  '肿块',
] as const;

export const hasRedFlag = (text: string) => RED_FLAG_TERMS.some((t) => text.includes(t));
