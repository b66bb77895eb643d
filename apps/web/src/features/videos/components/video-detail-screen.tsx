import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { FavoriteSlot } from '../../../components/favorite-slot.tsx';
import { useRecordView } from '../../../lib/record-view.ts';
import { restoresScroll } from '../../../lib/navigation.ts';
import { useRevealed } from '../../../lib/use-revealed.ts';
import type { KeptItem } from '../../../lib/saved-items.ts';
import { useNavigate, useParams } from 'react-router';
import type { VideoDetail, VideoViewResult } from '@moxa/core/videos/video-contract';
import { videoPosterUrl } from '@moxa/core/media/picture-sizes';
import { CardSkeleton } from '../../../components/card-skeleton.tsx';
import { Image } from '../../../components/image.tsx';
import { Page } from '../../../components/page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { RichTextView } from '../../../components/rich-text-view.tsx';
import { useGlossaryMarks } from '../../../components/use-glossary-marks.tsx';
import { apiFetch } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useShareCard } from '../../../lib/share-card.ts';
import { Price } from '../../../components/price.tsx';
import { useVideo, videoViewsPath } from '../api/queries.ts';
import { savedPosition, savePosition, visitorId } from '../utils/playback.ts';
import { VideoList } from './video-card.tsx';
import { Link } from '../../../components/link.tsx';
import '../videos.css';

/** `/video_detail/{id}` (issue #16): the player, what the video is about, and where to go next. */
export function VideoDetailScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const q = useVideo(id);
  // A place on the page coming back (going back, a reload): the whole page at once (decision 048).
  const [restoring] = useState(restoresScroll);
  const kept: KeptItem | undefined = q.data && { kind: 'video', id: q.data.id, title: q.data.title };
  useRecordView(kept);
  useDocumentTitle(q.data?.title);
  useShareCard(q.data && { title: q.data.title, description: q.data.summary, image: q.data.poster });
  return (
    <Page title={q.data?.title ?? '视频'} right={<FavoriteSlot item={kept} />}>
      <QueryState
        query={q}
        skeleton={<CardSkeleton cards={3} />}
        errorTitle="视频没有加载出来"
        notFound={{
          title: '没有找到这个视频',
          actions: [{ text: '视频中心', primary: true, onClick: () => void navigate('/videos') }],
        }}
      >
        {(v) => <Detail key={v.id} v={v} whole={restoring} />}
      </QueryState>
    </Page>
  );
}

/**
 * The native player (decision 016): plays inline inside WeChat on iPhone and Android, starts only when
 * tapped (never autoplay with sound), shows Chinese subtitles, resumes where it was left, and counts
 * one view per visitor per day once playback starts. While it is paused, the picture above the
 * system's control bar is one large 播放 button (issue #32 item 2): a tap on the native picture only
 * reveals the small controls, so the first tap did not play.
 */
function Player({ v }: { v: VideoDetail }) {
  const ref = useRef<HTMLVideoElement>(null);
  const counted = useRef(false);
  const [paused, setPaused] = useState(true);
  const poster = videoPosterUrl(v.poster);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const save = () => savePosition(v.id, el.currentTime, el.duration || v.duration);
    let last = 0;
    const onTime = () => {
      if (Math.abs(el.currentTime - last) >= 2) {
        last = el.currentTime;
        save();
      }
    };
    const onMeta = () => {
      const at = savedPosition(v.id, el.duration || v.duration);
      if (at) el.currentTime = at;
    };
    if (el.readyState >= 1) onMeta();
    el.addEventListener('loadedmetadata', onMeta);
    el.addEventListener('timeupdate', onTime);
    el.addEventListener('pause', save);
    el.addEventListener('ended', save);
    window.addEventListener('pagehide', save);
    return () => {
      save();
      el.removeEventListener('loadedmetadata', onMeta);
      el.removeEventListener('timeupdate', onTime);
      el.removeEventListener('pause', save);
      el.removeEventListener('ended', save);
      window.removeEventListener('pagehide', save);
    };
  }, [v.id, v.duration]);
  const onPlay = () => {
    setPaused(false);
    if (counted.current) return;
    counted.current = true;
    // Counted although not shown yet (issue #32 item 6), so the numbers exist once they mean something.
    apiFetch<VideoViewResult>(videoViewsPath(v.id), { method: 'POST', body: { visitor: visitorId() } }).catch(() => {
      // A view that could not be counted changes nothing for the viewer.
    });
  };
  const play = () => {
    // A tap is the gesture that lets playback start with sound; if the browser still refuses, the
    // button stays and the system controls remain.
    ref.current?.play().catch(() => setPaused(ref.current?.paused ?? true));
  };
  return (
    <div className={paused ? 'player is-paused' : 'player'}>
      <video
        ref={ref}
        controls
        playsInline
        webkit-playsinline="true"
        x5-playsinline="true"
        preload="metadata"
        poster={poster}
        src={v.videoUrl}
        onPlay={onPlay}
        onPause={() => setPaused(true)}
        onEnded={() => setPaused(true)}
        aria-label={v.title}
      >
        <track kind="subtitles" srcLang="zh" label="中文字幕" src={v.subtitlesUrl} default />
      </video>
      {paused && (
        <button type="button" className="player-start" aria-label={`播放视频：${v.title}`} onClick={play}>
          <span className="player-start-icon" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}

/**
 * The page in parts, a part per frame on a first visit (lib/use-revealed.ts, decision 048): the player,
 * the title and what the video is about paint first; the related points, products and videos follow in
 * frame-sized tasks instead of one long layout (issue #33 item 3).
 */
function Detail({ v, whole }: { v: VideoDetail; whole: boolean }) {
  // Issue #26: the description's jargon explained (first occurrence of each term).
  const [gloss, glossSheet] = useGlossaryMarks(useMemo(() => [v.body], [v.body]));
  const parts = [
    <Fragment key="head">
      <Player v={v} />
      <header className="video-head">
        <h2>{v.title}</h2>
        <p className="video-card-meta">{v.publishedAt.replace(/-/g, '.')}</p>
      </header>
      <div className="card">
        <RichTextView value={v.body} gloss={gloss} />
      </div>
    </Fragment>,
    (v.acupoints.length > 0 || v.diseases.length > 0) && (
      <section key="links" className="card chips-card" aria-label="相关穴位和调理">
        {v.acupoints.length > 0 && <h3>视频里的穴位</h3>}
        <div className="chips">
          {v.acupoints.map((p) => (
            <Link key={p.code} className="chip" to={`/acupoint_detail/${p.code}`}>
              {p.name}
            </Link>
          ))}
        </div>
        {v.diseases.length > 0 && <h3>相关调理</h3>}
        <div className="chips">
          {v.diseases.map((d) => (
            <Link key={d.id} className="chip" to={`/disease_detail/${d.id}`}>
              {d.name}
            </Link>
          ))}
        </div>
      </section>
    ),
    v.products.length > 0 && (
      <Fragment key="products">
        <h2 className="section-title">视频中用到的产品</h2>
        <ul className="mini-products">
          {v.products.map((p) => (
            <li key={p.id}>
              <Link to={`/product_detail/${p.id}`}>
                <Image image={p.cover} sizes="25vw" />
                <span>{p.name}</span>
                <Price price={p.price} unit={p.unit} />
              </Link>
            </li>
          ))}
        </ul>
      </Fragment>
    ),
    v.related.length > 0 && (
      <Fragment key="related">
        <h2 className="section-title">相关视频</h2>
        <VideoList videos={v.related} label="相关视频" />
      </Fragment>
    ),
  ].filter(Boolean);
  const [shown] = useRevealed(parts.length, whole);
  return (
    <article className="video-detail">
      {parts.slice(0, shown)}
      {glossSheet}
    </article>
  );
}
