import { useNavigate, useParams } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { Disclaimer } from '../../../components/disclaimer.tsx';
import { LinkList, SearchEntry } from '../../../components/content-list.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useDiseaseList, useDiseaseTypes } from '../api/queries.ts';
import '../diseases.css';

/** `/disease_list/{uuid}` (issue #15): a group's conditions with a one-line summary each. */
export function DiseaseListScreen() {
  const { uuid = '' } = useParams();
  const navigate = useNavigate();
  const list = useDiseaseList(uuid);
  const group = useDiseaseTypes().data?.find((g) => g.id === uuid);
  useDocumentTitle(group?.name);
  return (
    <Page title={group?.name ?? '艾灸方法'}>
      <SearchEntry type="disease" placeholder="搜索病症" />
      <QueryState
        query={list}
        errorTitle="病症没有加载出来"
        notFound={{
          title: '没有找到这个分类',
          description: '分类可能已调整，请回到艾灸方法重新选择。',
          actions: [{ text: '全部分类', primary: true, onClick: () => void navigate('/disease_types') }],
        }}
        isEmpty={(d) => d.items.length === 0}
        empty={{ title: '这个分类的内容正在整理', actions: [{ text: '全部分类', onClick: () => void navigate('/disease_types') }] }}
      >
        {(d) => (
          <LinkList label="病症" rows={d.items.map((x) => ({ to: `/disease_detail/${x.id}`, title: x.name, subtitle: x.summary }))} />
        )}
      </QueryState>
      <Disclaimer />
    </Page>
  );
}
