import { Page } from '../../../components/page.tsx';
import { Disclaimer } from '../../../components/disclaimer.tsx';
import { LinkList, SearchEntry } from '../../../components/content-list.tsx';
import { GroupIcon } from '../../../components/icons.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useDiseaseTypes } from '../api/queries.ts';
import '../diseases.css';

/** `/disease_types` (issue #15): the condition groups, each with its icon and count. */
export function DiseaseTypesScreen() {
  const q = useDiseaseTypes();
  return (
    <Page title="艾灸方法">
      <SearchEntry type="disease" placeholder="搜索病症，如 失眠、颈椎、shimian" />
      <p className="intro">按不适找艾灸调理方法：选穴、灸法、时间和注意事项。</p>
      <QueryState query={q} errorTitle="分类没有加载出来">
        {(groups) => (
          <LinkList
            label="病症分类"
            rows={groups.map((g) => ({
              to: `/disease_list/${g.id}`,
              icon: <GroupIcon name={g.icon} />,
              title: g.name,
              subtitle: g.summary,
              extra: `${g.count}种`,
            }))}
          />
        )}
      </QueryState>
      <Disclaimer />
    </Page>
  );
}
