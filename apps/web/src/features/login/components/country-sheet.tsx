import IndexBar from 'antd-mobile/es/components/index-bar';
import Popup from 'antd-mobile/es/components/popup';
import { WithQuery } from '../../../components/with-query.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCountries } from '../api/countries.ts';

type Props = { visible: boolean; current: string; onClose: () => void; onSelect: (code: string) => void };

/**
 * Spec §2 country sheet: a bottom sheet with the quick-access group (86, 852, 853, 886, 65) first,
 * then A–Z by the pinyin initial, with an index bar. Choosing a row closes it and sets the code.
 */
export default function CountrySheet(props: Props) {
  return (
    <WithQuery>
      <Sheet {...props} />
    </WithQuery>
  );
}

function Sheet({ visible, current, onClose, onSelect }: Props) {
  const countries = useCountries();
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ height: '75vh', borderTopLeftRadius: 16, borderTopRightRadius: 16 }}
      destroyOnClose={false}
    >
      <div className="cs-head">
        <span className="cs-title">选择国家或地区</span>
        <button type="button" className="icon-btn" aria-label="关闭" onClick={onClose}>
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <div className="cs-body">
        {countries.isPending && <p className="cs-msg">正在加载…</p>}
        {countries.isError && (
          <div className="cs-msg">
            <p>{errorMessage(countries.error)}</p>
            <button type="button" className="btn" onClick={() => void countries.refetch()}>
              重试
            </button>
          </div>
        )}
        {countries.data && (
          <IndexBar sticky>
            {countries.data.map((group) => (
              <IndexBar.Panel key={group.key} index={group.key} title={group.title} brief={group.key === '#' ? '常' : group.key}>
                {group.items.map((c) => (
                  <button
                    key={`${group.key}-${c.id}`}
                    type="button"
                    className={`cs-row${c.code === current ? ' cs-current' : ''}`}
                    onClick={() => onSelect(c.code)}
                  >
                    <span>{c.name}</span>
                    <span className="cs-code">+{c.code}</span>
                  </button>
                ))}
              </IndexBar.Panel>
            ))}
          </IndexBar>
        )}
      </div>
    </Popup>
  );
}
