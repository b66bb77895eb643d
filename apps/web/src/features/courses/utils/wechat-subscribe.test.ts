import { describe, expect, it } from 'vitest';
import { acceptedTemplate } from './wechat-subscribe.ts';

describe('acceptedTemplate (wx-open-subscribe success details, issue #31)', () => {
  const details = (status: string) => JSON.stringify({ 'tpl-course': JSON.stringify({ status }) });
  it('is true only when the course template was allowed', () => {
    expect(acceptedTemplate(details('accept'), 'tpl-course')).toBe(true);
    expect(acceptedTemplate(details('acceptWithAudio'), 'tpl-course')).toBe(true);
    expect(acceptedTemplate(details('reject'), 'tpl-course')).toBe(false);
    expect(acceptedTemplate(details('accept'), 'tpl-other')).toBe(false);
  });
  it('reads an already parsed answer, and counts anything unreadable as not allowed', () => {
    expect(acceptedTemplate({ 'tpl-course': { status: 'accept' } }, 'tpl-course')).toBe(true);
    expect(acceptedTemplate('{not json', 'tpl-course')).toBe(false);
    expect(acceptedTemplate(undefined, 'tpl-course')).toBe(false);
    expect(acceptedTemplate(JSON.stringify({ 'tpl-course': '{bad' }), 'tpl-course')).toBe(false);
  });
});
