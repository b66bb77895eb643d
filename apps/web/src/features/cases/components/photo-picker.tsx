import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { checkPhotos, MAX_PHOTO_BYTES, MAX_PHOTOS, PHOTO_ACCEPT } from '../utils/photos.ts';

export type PickedPhoto = { id: string; file: File; url: string };

let nextId = 0;

/**
 * The photos of a request (issue #17): the files stay in memory while the page is open (a failed
 * send keeps them), with previews from blob: URLs that are revoked when removed or when the page
 * closes. Kind, size and count are checked here, before anything is sent.
 */
export function usePickedPhotos() {
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const current = useRef(photos);
  current.current = photos;
  useEffect(() => () => current.current.forEach((p) => URL.revokeObjectURL(p.url)), []);
  const add = (files: readonly File[]) => {
    const { accepted, errors } = checkPhotos(current.current.length, files);
    const added = accepted.map((file) => ({ id: `p${++nextId}`, file, url: URL.createObjectURL(file) }));
    setPhotos([...current.current, ...added]);
    setErrors(errors);
  };
  const remove = (id: string) => {
    const p = current.current.find((x) => x.id === id);
    if (p) URL.revokeObjectURL(p.url);
    setPhotos(current.current.filter((x) => x.id !== id));
    setErrors([]);
  };
  const clear = () => {
    current.current.forEach((p) => URL.revokeObjectURL(p.url));
    setPhotos([]);
    setErrors([]);
  };
  return { photos, errors, add, remove, clear };
}

export function PhotoPicker({
  photos,
  errors,
  onAdd,
  onRemove,
  disabled,
}: {
  photos: readonly PickedPhoto[];
  errors: readonly string[];
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
  disabled?: boolean;
}) {
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    // Lets the same photo be picked again after removing it.
    e.target.value = '';
    if (files.length > 0) onAdd(files);
  };
  return (
    <div className="case-photos">
      <ul className="photo-grid" aria-label="已选照片">
        {photos.map((p, i) => (
          <li key={p.id} className="photo-tile">
            {broken.has(p.id) ? (
              // HEIC previews do not show in most browsers; the photo is still sent and converted.
              <span className="photo-noprev">
                照片 {i + 1}
                <small>{p.file.name}</small>
              </span>
            ) : (
              <img src={p.url} alt={`第 ${i + 1} 张照片`} onError={() => setBroken((s) => new Set(s).add(p.id))} />
            )}
            <button
              type="button"
              className="case-photo-remove"
              aria-label={`删除第 ${i + 1} 张照片`}
              disabled={disabled}
              onClick={() => onRemove(p.id)}
            >
              <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
              </svg>
            </button>
          </li>
        ))}
        {photos.length < MAX_PHOTOS && (
          <li className="photo-tile">
            <label className={`case-photo-add${disabled ? ' is-disabled' : ''}`}>
              <input id="case-f-photos" type="file" accept={PHOTO_ACCEPT} multiple disabled={disabled} onChange={onChange} />
              <svg width="30" height="30" viewBox="0 0 24 24" aria-hidden="true">
                <path d="M12 5v14M5 12h14" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
              </svg>
              <span>添加照片</span>
              <small>
                {photos.length}/{MAX_PHOTOS}
              </small>
            </label>
          </li>
        )}
      </ul>
      <p className="case-hint">
        选填。可以拍下不舒服的部位，帮助顾问了解情况。最多 {MAX_PHOTOS} 张，支持 JPG、PNG、WebP、HEIC，每张不超过{' '}
        {MAX_PHOTO_BYTES / 1024 / 1024} MB。
      </p>
      {errors.length > 0 && (
        <ul className="case-error case-error-list" role="alert">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
