import { Link } from 'react-router';
import type { VideoSummary } from '@moxa/core/videos/video-contract';
import { Image } from '../../../components/image.tsx';
import { formatDuration, formatViews } from '../../../lib/media-format.ts';

/** A video as a card: poster with its duration, title, views (issue #16). */
export function VideoCard({ v }: { v: VideoSummary }) {
  return (
    <li className="video-card">
      <Link to={`/video_detail/${v.id}`}>
        <span className="video-poster">
          <Image image={v.poster} sizes="(max-width: 640px) 100vw, 640px" />
          <span className="video-play" aria-hidden="true" />
          <span className="video-duration">{formatDuration(v.duration)}</span>
        </span>
        <span className="video-card-title">{v.title}</span>
        <span className="video-card-meta">
          {formatViews(v.views)} · {v.publishedAt.replace(/-/g, '.')}
        </span>
      </Link>
    </li>
  );
}

export function VideoList({ videos, label }: { videos: readonly VideoSummary[]; label: string }) {
  return (
    <ul className="video-list" aria-label={label}>
      {videos.map((v) => (
        <VideoCard key={v.id} v={v} />
      ))}
    </ul>
  );
}
