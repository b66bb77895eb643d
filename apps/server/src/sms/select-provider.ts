import type { Env } from '../env.ts';
import { aliyunProvider } from './aliyun-provider.ts';
import { consoleProvider } from './console-provider.ts';
import { parseTemplateMap, type SmsProvider } from './sms-provider.ts';
import { tencentProvider } from './tencent-provider.ts';

export function selectSmsProvider(env: Env): SmsProvider {
  switch (env.SMS_PROVIDER) {
    case 'aliyun':
      return aliyunProvider({
        accessKeyId: env.ALIYUN_SMS_ACCESS_KEY_ID,
        accessKeySecret: env.ALIYUN_SMS_ACCESS_KEY_SECRET,
        signName: env.ALIYUN_SMS_SIGN_NAME,
        templateCode: env.ALIYUN_SMS_TEMPLATE_CODE,
        noticeTemplates: parseTemplateMap(env.ALIYUN_SMS_NOTICE_TEMPLATES),
        endpoint: env.ALIYUN_SMS_ENDPOINT,
      });
    case 'tencent':
      return tencentProvider({
        secretId: env.TENCENT_SMS_SECRET_ID,
        secretKey: env.TENCENT_SMS_SECRET_KEY,
        appId: env.TENCENT_SMS_APP_ID,
        signName: env.TENCENT_SMS_SIGN_NAME,
        templateId: env.TENCENT_SMS_TEMPLATE_ID,
        noticeTemplates: parseTemplateMap(env.TENCENT_SMS_NOTICE_TEMPLATES),
        region: env.TENCENT_SMS_REGION,
        endpoint: env.TENCENT_SMS_ENDPOINT,
      });
    default:
      return consoleProvider();
  }
}
