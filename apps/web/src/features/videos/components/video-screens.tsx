import { useLocation } from 'react-router';
import { VIDEO_CATEGORY_NAMES } from '@moxa/core/videos/video-names';
import { SearchEntry } from '../../../components/content-list.tsx';
import { Chevron } from '../../../components/icons.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { Page } from '../../../components/page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { categoryOfPath, useVideoHome, useVideoPages } from '../api/queries.ts';
import { VideoList } from './video-card.tsx';
import '../videos.css';
import { VIDEO_CENTRE_EAGER } from '@moxa/core/media/picture-sizes';
import { Link } from '../../../components/link.tsx';

/** `/videos` (issue #16): the brand section and the health-tips section, each with its latest videos. */
export function VideoCenterScreen() {
  const q = useVideoHome();
  return (
    <Page title="视频中心">
      <SearchEntry type="video" placeholder="搜索视频，如 温和灸、足三里" />
      <QueryState query={q} errorTitle="视频没有加载出来">
        {(home) => (
          <>
            {(['brand', 'health'] as const).map((c) => (
              <section key={c} aria-labelledby={`vc-${c}`}>
                <div className="section-head">
                  <h2 id={`vc-${c}`} className="section-title">
                    {VIDEO_CATEGORY_NAMES[c]}
                  </h2>
                  <Link to={`/${c}/videos`} className="more-link" aria-label={`全部${VIDEO_CATEGORY_NAMES[c]}视频`}>
                    全部
                    <Chevron />
                  </Link>
                </div>
                <VideoList videos={home[c]} label={VIDEO_CATEGORY_NAMES[c]} eager={c === 'brand' ? VIDEO_CENTRE_EAGER : 0} />
              </section>
            ))}
          </>
        )}
      </QueryState>
    </Page>
  );
}

/** `/brand/videos` and `/health/videos` (spec §2: one video-home screen): the category's videos, paged. */
export function VideoHomeScreen() {
  const category = categoryOfPath(useLocation().pathname);
  const pages = useVideoPages(category);
  const name = VIDEO_CATEGORY_NAMES[category];
  const query = { ...pages, isError: pages.isError && !pages.data };
  return (
    <Page title={name}>
      <QueryState query={query} errorTitle="视频没有加载出来" isEmpty={(d) => d.pages[0]!.total === 0} empty={{ title: '视频正在制作中' }}>
        {(d) => (
          <>
            <VideoList videos={d.pages.flatMap((p) => p.items)} label={name} eager={2} />
            <LoadMore
              hasMore={pages.hasNextPage}
              loading={pages.isFetchingNextPage}
              failed={pages.isFetchNextPageError}
              onMore={() => void pages.fetchNextPage()}
              doneText={`已经到底了，共 ${d.pages[0]!.total} 个视频`}
            />
          </>
        )}
      </QueryState>
    </Page>
  );
}
