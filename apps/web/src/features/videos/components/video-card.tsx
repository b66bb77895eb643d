import type { VideoSummary } from '@moxa/core/videos/video-contract';
import { Image } from '../../../components/image.tsx';
import { formatDuration } from '../../../lib/media-format.ts';
import { VIDEO_CARD_SIZES } from '@moxa/core/media/picture-sizes';
import { Link } from '../../../components/link.tsx';

/**
 * A video as a card: poster with its duration, title, date (issue #16). No play count: "0次播放" on
 * every card made the app look unused (issue #32 item 6); views are still counted for later.
 */
export function VideoCard({ v, priority = false }: { v: VideoSummary; priority?: boolean }) {
  return (
    <li className="video-card">
      <Link to={`/video_detail/${v.id}`}>
        <span className="video-poster">
          <Image image={v.poster} sizes={VIDEO_CARD_SIZES} priority={priority} />
          <span className="video-play" aria-hidden="true" />
          <span className="video-duration">{formatDuration(v.duration)}</span>
        </span>
        <span className="video-card-title">{v.title}</span>
        <span className="video-card-meta">{v.publishedAt.replace(/-/g, '.')}</span>
      </Link>
    </li>
  );
}

/** `eager`: how many posters are on screen at first (see ProductGrid). */
export function VideoList({ videos, label, eager = 0 }: { videos: readonly VideoSummary[]; label: string; eager?: number }) {
  return (
    <ul className="video-list" aria-label={label}>
      {videos.map((v, i) => (
        <VideoCard key={v.id} v={v} priority={i < eager} />
      ))}
    </ul>
  );
}
