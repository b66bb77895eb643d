import { PRIVACY_POLICY_PATH, TERMS_EFFECTIVE_DATE, TERMS_VERSION, chineseDate } from '@moxa/core/legal/policy';
import { Page } from '../../../components/page.tsx';
import { Contact, OperatorName, Part } from './legal-parts.tsx';
import { Link } from '../../../components/link.tsx';
import '../legal.css';

/**
 * `/terms` 用户协议 (issue #27 item 18): what the service is and is not (health reference, not
 * medical care), the account, safe moxibustion, consultations, conduct, content, liability, ending
 * the account, changes and the governing law. Written for this app in plain words.
 */
export function TermsScreen() {
  return (
    <Page title="用户协议">
      <section className="card legal-head">
        <p className="legal-version">
          版本 {TERMS_VERSION}，{chineseDate(TERMS_EFFECTIVE_DATE)}起生效
        </p>
        <p>
          这是您和
          <OperatorName />
          之间关于使用“艾灸养生”（下面简称“本服务”）的约定。登录即表示您已阅读并同意本协议。您的个人信息怎样处理，请看
          <Link to={PRIVACY_POLICY_PATH}>《隐私政策》</Link>。
        </p>
      </section>

      <Part title="一、本服务是什么">
        <p>
          本服务介绍艾灸和穴位知识，提供体质自测、艾灸方法、灸前须知、产品介绍和视频，并可以向品牌顾问咨询艾灸调理和产品使用。大部分内容不登录也能看。
        </p>
        <p>
          <strong>本服务的内容只作日常保健参考，不是医疗诊断，也不能代替看医生。</strong>
          身体不适持续或加重、孕期、有慢性病或正在治疗的，请先咨询医生。遇到胸痛、呼吸困难、意识不清等紧急情况，请立即拨打 120。
        </p>
      </Part>

      <Part title="二、账号">
        <ul className="legal-list">
          <li>
            <span>用手机号和短信验证码登录，一个手机号对应一个账号。第一次登录时自动创建账号。</span>
          </li>
          <li>
            <span>请保管好手机和验证码，不要告诉别人。发现账号被他人使用，请马上在“我的”里点“退出所有设备”并联系我们。</span>
          </li>
          <li>
            <span>昵称请文明，不要冒充他人或品牌顾问。</span>
          </li>
          <li>
            <span>您可以随时在“我的 → 注销账号”注销，账号和全部信息会被删除。</span>
          </li>
        </ul>
      </Part>

      <Part title="三、安全地艾灸">
        <p>
          艾灸会用到明火或发热器具，使用不当可能烫伤、引起火灾或一氧化碳积聚。请先阅读“灸前须知”，按产品说明使用，保持通风，灸后确认火已熄灭；皮肤感觉迟钝、糖尿病、孕期等特殊情况请按页面提示或医生意见操作。因不按提示使用造成的损害，由使用人自行负责。
        </p>
      </Part>

      <Part title="四、在线咨询">
        <p>
          顾问的回复是艾灸调理和产品使用方面的建议，不是医生的诊断或处方。请如实描述情况；不要上传与咨询无关的照片，也不要上传他人的照片或信息。需要就医的情况，顾问会建议您去医院。
        </p>
      </Part>

      <Part title="五、使用规范">
        <p>
          请不要利用本服务发布违法或侵犯他人权益的内容，不要用程序批量注册、发短信或抓取内容，不要干扰本服务的正常运行。违反的，我们可以限制或停止提供服务，并依法处理。
        </p>
      </Part>

      <Part title="六、内容和知识产权">
        <p>
          本服务的文字、图片、视频和软件归运营者或相关权利人所有。您可以为个人学习使用；未经许可，请不要复制后用于商业用途。您在咨询里写的内容和上传的照片仍然属于您，我们只为回复咨询而使用。
        </p>
      </Part>

      <Part title="七、责任">
        <p>
          我们会尽力保证本服务稳定、内容准确，但可能因维护、网络或其他原因暂时不能使用。法律允许的范围内，我们不对因依赖本服务内容而未及时就医等造成的损失负责；因我们的过错造成您损失的，依法承担责任。
        </p>
      </Part>

      <Part title="八、协议的变更和适用法律">
        <p>
          协议内容变化时，我们会更新版本号和生效日期并在本页公布。重要变化会在您下次使用时提示您。本协议适用中华人民共和国法律；有争议先友好协商，协商不成的，可以向运营者所在地有管辖权的人民法院起诉。
        </p>
      </Part>

      <Contact />
    </Page>
  );
}
