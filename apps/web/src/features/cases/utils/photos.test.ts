import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES as CONTRACT_MAX_BYTES, MAX_PHOTOS as CONTRACT_MAX_PHOTOS } from '@moxa/core/cases/case-contract';
import { checkPhotos, isAcceptedPhoto, MAX_PHOTO_BYTES, MAX_PHOTOS, photoUploadName } from './photos.ts';

describe('photos checked on the phone (issue #17)', () => {
  const photo = (name: string, type = 'image/jpeg', size = 1024 * 1024) => ({ name, type, size });

  it('uses the contract’s limits', () => {
    expect(MAX_PHOTOS).toBe(CONTRACT_MAX_PHOTOS);
    expect(MAX_PHOTO_BYTES).toBe(CONTRACT_MAX_BYTES);
  });

  it('accepts JPG, PNG, WebP and HEIC, also a HEIC the phone gives no type', () => {
    for (const [name, type] of [
      ['a.jpg', 'image/jpeg'],
      ['b.png', 'image/png'],
      ['c.webp', 'image/webp'],
      ['IMG_0001.HEIC', 'image/heic'],
      ['IMG_0002.HEIC', ''],
      ['IMG_0003.heif', 'application/octet-stream'],
    ] as const)
      expect(isAcceptedPhoto({ name, type }), name).toBe(true);
    for (const [name, type] of [
      ['a.gif', 'image/gif'],
      ['report.pdf', 'application/pdf'],
      ['photo.jpg.exe', ''],
      ['clip.mp4', 'video/mp4'],
    ] as const)
      expect(isAcceptedPhoto({ name, type }), name).toBe(false);
  });

  it('leaves out other kinds, empty files and files over 10 MB, saying why', () => {
    const { accepted, errors } = checkPhotos(0, [
      photo('ok.jpg'),
      photo('doc.pdf', 'application/pdf'),
      photo('empty.png', 'image/png', 0),
      photo('huge.jpg', 'image/jpeg', MAX_PHOTO_BYTES + 1),
      photo('edge.jpg', 'image/jpeg', MAX_PHOTO_BYTES),
    ]);
    expect(accepted.map((f) => f.name)).toEqual(['ok.jpg', 'edge.jpg']);
    expect(errors).toEqual([
      '“doc.pdf”不是 JPG、PNG、WebP 或 HEIC 照片，没有加上',
      '“empty.png”是空文件，没有加上',
      '“huge.jpg”有 10.0 MB，超过 10 MB，没有加上；请压缩或截图后再选',
    ]);
  });

  it('takes at most 6 in all, counting those already chosen', () => {
    const eight = Array.from({ length: 8 }, (_, i) => photo(`${i}.jpg`));
    const first = checkPhotos(0, eight);
    expect(first.accepted).toHaveLength(6);
    expect(first.errors).toEqual(['最多上传 6 张照片，多选的 2 张没有加上']);
    const more = checkPhotos(4, eight.slice(0, 3));
    expect(more.accepted.map((f) => f.name)).toEqual(['0.jpg', '1.jpg']);
    expect(more.errors).toEqual(['最多上传 6 张照片，多选的 1 张没有加上']);
    expect(checkPhotos(6, [photo('x.jpg')]).accepted).toEqual([]);
  });

  it('shortens long file names in messages', () => {
    const { errors } = checkPhotos(0, [photo('a-very-long-file-name-from-the-camera.gif', 'image/gif')]);
    expect(errors[0]).toBe('“a-very-…era.gif”不是 JPG、PNG、WebP 或 HEIC 照片，没有加上');
  });

  it('names uploads plainly, whatever the phone called them', () => {
    expect(photoUploadName({ name: '../../etc/passwd.jpg', type: 'image/jpeg' }, 0)).toBe('photo-1.jpg');
    expect(photoUploadName({ name: 'IMG_1.HEIC', type: '' }, 2)).toBe('photo-3.heic');
    expect(photoUploadName({ name: 'x.JPEG', type: '' }, 1)).toBe('photo-2.jpg');
    expect(photoUploadName({ name: 'noext', type: 'image/png' }, 3)).toBe('photo-4.png');
  });
});
