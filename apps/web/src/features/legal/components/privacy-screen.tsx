import { PRIVACY_POLICY_EFFECTIVE_DATE, PRIVACY_POLICY_VERSION, TERMS_PATH, chineseDate } from '@moxa/core/legal/policy';
import { RETENTION, daysAsYears } from '@moxa/core/legal/retention';
import { MAX_HISTORY } from '@moxa/core/mine/saved-kinds';
import { Page } from '../../../components/page.tsx';
import { Contact, OperatorName, Part } from './legal-parts.tsx';
import { Link } from '../../../components/link.tsx';
import '../legal.css';

/** What is collected, why, and on which legal basis (《个人信息保护法》 §13, §17). */
const COLLECTED: { what: string; why: string; basis: string }[] = [
  {
    what: '手机号',
    why: '用验证码登录、认出您的账号；您选了短信提醒时（咨询有回复、疗程到了艾灸日），也用它发提醒。',
    basis: '为履行用户协议所必需',
  },
  {
    what: '微信 openid（只有您绑定微信后才有）',
    why: '以后在微信里直接登录。我们拿不到您的微信号、微信昵称、头像和好友。解绑后即删除。',
    basis: '您的同意（您主动绑定）',
  },
  { what: '昵称', why: '在“我的”和咨询里称呼您。默认是“用户”加一串随机字母，和手机号无关，可以自己改。', basis: '为履行用户协议所必需' },
  {
    what: '体质测试的答案和结果',
    why: '登录后保存为“测试记录”，给出调理方案。',
    basis: '您的单独同意（敏感个人信息）',
  },
  {
    what: '艾灸记录：时间、穴位、时长、灸后感觉、反应和备注',
    why: '保存为“我的艾灸记录”，方便您回看和坚持。',
    basis: '您的单独同意（敏感个人信息）',
  },
  {
    what: '咨询：性别、年龄、症状、病程、是否看过医生、照片和往来消息',
    why: '让品牌顾问了解情况、回复您。照片上传时会去掉拍摄地点、手机型号等附加信息。',
    basis: '您的单独同意（敏感个人信息）',
  },
  {
    what: '疗程：调理方案、多久灸一次、提醒时间、次数，以及暂停的原因（发热、怀孕、月经期等）',
    why: '按您的安排在艾灸日提醒您、对照您的艾灸记录显示进度；暂停期间不提醒。',
    basis: '您的单独同意（敏感个人信息，和艾灸记录一起同意）',
  },
  {
    what: '消息提醒的设置和发出的提醒：要哪些提醒、用短信还是微信、发送时间和结果',
    why: '只按您的选择发提醒，晚上 9 点到早上 8 点不发；出了问题能查明是否发出。提醒里只有打开页面的短链接，不写病情。',
    basis: '为履行用户协议所必需（可在“我的 → 消息提醒”里关掉）',
  },
  { what: '收藏和浏览记录', why: '登录后保存在账号里，换手机也能看到。', basis: '为履行用户协议所必需' },
  {
    what: '登录和安全信息：登录时间、网络地址、浏览器型号',
    why: '保持登录；防止有人冒用您的手机号或滥发短信；出了故障能查明原因。它们出现在很快过期的次数统计和服务器运行日志里，日志不记验证码和完整手机号。',
    basis: '履行法定义务（《网络安全法》）和用户协议所必需',
  },
];

/**
 * `/privacy` 隐私政策 (issue #27 item 18), written for this app in plain words: what is collected and
 * why, how long each is kept (RETENTION, which the server's daily job enforces), who else processes
 * it, the separate consent for health information, a person's rights and where in the app to use
 * them, children, and who to contact. Versioned with PRIVACY_POLICY_VERSION, which every consent records.
 */
export function PrivacyScreen() {
  const consultationYears = daysAsYears(RETENTION.consultationDays);
  const logMonths = RETENTION.logMonths;
  return (
    <Page title="隐私政策">
      <section className="card legal-head">
        <p className="legal-version">
          版本 {PRIVACY_POLICY_VERSION}，{chineseDate(PRIVACY_POLICY_EFFECTIVE_DATE)}起生效
        </p>
        <p>
          “艾灸养生”（下面简称“本服务”）由
          <OperatorName />
          运营。健康信息很私密，这份政策用大白话说明：我们收集哪些信息、为什么收集、保存多久、交给谁处理，以及您怎样查看、导出、更正和删除自己的信息。
        </p>
        <p>
          使用本服务还需遵守<Link to={TERMS_PATH}>《用户协议》</Link>。
        </p>
      </section>

      <Part title="一、我们收集哪些信息，为什么">
        <ul className="legal-list">
          {COLLECTED.map((c) => (
            <li key={c.what}>
              <strong>{c.what}</strong>
              <span>{c.why}</span>
              <span className="legal-basis">依据：{c.basis}</span>
            </li>
          ))}
        </ul>
        <p>
          <strong>只留在您手机上的信息</strong>
          ：没登录时的收藏、浏览记录、体质测试结果、艾灸记录，以及长辈版开关和最近搜索，只保存在您手机的浏览器里，不会上传。登录后，手机上的收藏和浏览记录会并入您的账号。清除浏览器数据就会删除它们。
        </p>
        <p>
          <strong>我们不收集</strong>
          ：位置、通讯录、身份证号、银行卡；相册里只有您自己选来上传的照片。本服务没有广告，不做个性化推荐，也不用第三方统计工具。
        </p>
      </Part>

      <Part title="二、保存多久">
        <ul className="legal-list">
          <li>
            <strong>账号、手机号、昵称、微信绑定、收藏、测试记录、艾灸记录</strong>
            <span>保存到您删除它们或注销账号为止。浏览记录只保留最近 {MAX_HISTORY} 条。</span>
          </li>
          <li>
            <strong>咨询（含照片和往来消息）</strong>
            <span>咨询关闭后（没有关闭的，从最后一次往来算起）保存 {consultationYears} 年，到期自动删除。您也可以随时自己删除。</span>
          </li>
          <li>
            <strong>疗程</strong>
            <span>保存到您删除它或注销账号为止；撤回“保存艾灸记录”的同意时可以一并删除。</span>
          </li>
          <li>
            <strong>发出的提醒</strong>
            <span>发出（或没能发出）{RETENTION.noticeDays} 天后删除。提醒里的短链接只能打开您自己的那条咨询，过几天就失效。</span>
          </li>
          <li>
            <strong>短信验证码</strong>
            <span>几分钟内有效，过期 {RETENTION.smsCodeDays} 天后删除。</span>
          </li>
          <li>
            <strong>登录记录</strong>
            <span>您退出登录、登录过期或长时间不用后，10 分钟内删除。</span>
          </li>
          <li>
            <strong>服务器运行日志</strong>
            <span>按《网络安全法》的要求保存 {logMonths} 个月，然后删除。</span>
          </li>
          <li>
            <strong>操作记录</strong>
            <span>导出数据等重要操作会记下时间和条数（不含您的内容），保存 {daysAsYears(RETENTION.auditDays)} 年，用于安全核查。</span>
          </li>
          <li>
            <strong>备份</strong>
            <span>
              服务器的数据备份最多保留 {RETENTION.backupDays} 天。您删除的信息、注销的账号，会在 {RETENTION.backupDays}{' '}
              天内从备份中消失；万一要用备份恢复，我们会先把您已删除的信息再删一次。
            </span>
          </li>
        </ul>
        <p>到期的信息由系统每天自动删除。</p>
      </Part>

      <Part title="三、谁会处理您的信息">
        <ul className="legal-list">
          <li>
            <strong>短信服务商</strong>
            <span>
              阿里云（阿里云计算有限公司）或腾讯云（腾讯云计算（北京）有限责任公司），运营者选用其中一家，替我们把验证码和提醒短信发到您的手机。它们只拿到手机号和短信内容。
            </span>
          </li>
          <li>
            <strong>微信（深圳市腾讯计算机系统有限公司）</strong>
            <span>
              您用微信登录或绑定时，微信告诉我们您的
              openid；在微信里分享页面时使用微信的分享功能，不会把您的信息交给微信。您在微信里点“用微信提醒我”并同意订阅后，我们通过微信的订阅消息发疗程提醒，微信会拿到您的
              openid 和提醒内容（方案名称和时间）。
            </span>
          </li>
          <li>
            <strong>品牌顾问</strong>
            <span>您的咨询只有您本人和品牌的顾问能看到。顾问只在回复咨询时查看。</span>
          </li>
        </ul>
        <p>
          信息存放在中华人民共和国境内的服务器上，不向境外提供。我们不出售您的信息，也不向上面以外的人提供，法律法规要求或您另外同意的除外。
        </p>
      </Part>

      <Part title="四、健康信息要您单独同意">
        <p>
          体质测试记录、艾灸记录和咨询属于敏感个人信息。第一次保存到账号之前，我们会单独问您是否同意，并说明用途；这和登录是分开的。不同意也可以使用其他功能，测试结果和艾灸记录只保存在您的手机上。
        </p>
        <p>
          您可以随时在
          <Link to="/mine/consents">“我的 → 隐私与授权”</Link>
          撤回同意：撤回后不再保存新的，并可以一键删除已经保存的。撤回不影响撤回前已经进行的处理。
        </p>
      </Part>

      <Part title="五、您的权利，以及在哪里操作">
        <ul className="legal-list">
          <li>
            <strong>查看</strong>
            <span>“我的”里的我的收藏、浏览记录、我的艾灸记录、我的测试记录、我的咨询。</span>
          </li>
          <li>
            <strong>复制、导出</strong>
            <span>
              <Link to="/mine/data">“我的 → 我的数据”</Link>
              ：验证手机号后，下载账号保存的全部信息（一个数据文件和一个可以打印的网页）。
            </span>
          </li>
          <li>
            <strong>更正</strong>
            <span>
              昵称在<Link to="/mine/nickname">“我的 → 改昵称”</Link>里改；其他信息请联系我们。
            </span>
          </li>
          <li>
            <strong>删除</strong>
            <span>收藏可以逐条取消，浏览记录可以逐条删除或清空，艾灸记录、测试记录和咨询都可以删除。</span>
          </li>
          <li>
            <strong>撤回同意</strong>
            <span>“我的 → 隐私与授权”。</span>
          </li>
          <li>
            <strong>注销账号</strong>
            <span>
              <Link to="/mine/delete_account">“我的 → 注销账号”</Link>
              ：账号和全部信息立即删除。
            </span>
          </li>
        </ul>
        <p>需要解释说明，或者以上操作遇到问题，请联系我们（见最后一部分）。</p>
      </Part>

      <Part title="六、未满14周岁的未成年人">
        <p>
          未满14周岁的未成年人的个人信息属于敏感个人信息。第一次保存健康信息前，我们会问出生年份；未满14周岁的，需要父母或其他监护人同意，本服务不会直接保存，这次的内容只留在手机上。请父母或监护人陪同孩子使用。
        </p>
      </Part>

      <Part title="七、我们怎样保护您的信息">
        <p>
          全程加密传输；验证码和登录凭证只保存不可还原的摘要；每条记录只有本人能看到（咨询还有顾问）；删除就是真正删除。万一发生信息泄露，我们会按法律规定及时告诉您和主管部门。
        </p>
      </Part>

      <Part title="八、政策更新">
        <p>政策内容变化时，我们会更新版本号和生效日期并在本页公布；涉及健康信息的用途有变化时，会重新请您同意。</p>
      </Part>

      <Contact />
    </Page>
  );
}
